import { localStorageStore, type Store } from 'react-admin';

/**
 * Store keys that survive sign-out: the sidebar's expanded flag is the browser's, not the user's, and so is
 * the light/dark choice (the sign-in page reads it too: THEME_STORAGE_KEY in src/theme.ts).
 */
const KEPT_ON_RESET = ['sidebar.open', 'theme'];

/**
 * react-admin keeps a list's scroll position (<name>.list.scrollPosition, a described resource's list being its own
 * list view) to scroll back there when the list opens again; the console opens every page at its top (ScrollToTop).
 */
const unkept = (key: string): boolean => key.endsWith('.scrollPosition');

/**
 * react-admin's local storage store, except that its reset (done on every sign-out) keeps the sidebar flag, and that it
 * keeps no scroll position.
 */
export function createConsoleStore(): Store {
  const base = localStorageStore('1', 'Console');
  return {
    ...base,
    getItem: <T>(key: string, defaultValue?: T): T =>
      (unkept(key) ? defaultValue : base.getItem(key, defaultValue)) as T,
    setItem: <T>(key: string, value: T): void => {
      if (!unkept(key)) base.setItem(key, value);
    },
    reset: () => {
      const kept = KEPT_ON_RESET.map((key) => [key, base.getItem(key)] as const);
      base.reset();
      for (const [key, value] of kept) if (value !== undefined) base.setItem(key, value);
    },
  };
}
