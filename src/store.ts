import { localStorageStore, type Store } from 'react-admin';

/**
 * Store keys that survive sign-out: the sidebar's expanded flag is the browser's, not the user's, and so is
 * the light/dark choice (the sign-in page reads it too: THEME_STORAGE_KEY in src/theme.ts).
 */
const KEPT_ON_RESET = ['sidebar.open', 'theme'];

/** react-admin's local storage store, except that its reset (done on every sign-out) keeps the sidebar flag. */
export function createConsoleStore(): Store {
  const base = localStorageStore('1', 'Console');
  return {
    ...base,
    reset: () => {
      const kept = KEPT_ON_RESET.map((key) => [key, base.getItem(key)] as const);
      base.reset();
      for (const [key, value] of kept) if (value !== undefined) base.setItem(key, value);
    },
  };
}
