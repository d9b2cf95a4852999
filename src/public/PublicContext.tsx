import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, CssBaseline, Snackbar, ThemeProvider, createTheme, useMediaQuery } from '@mui/material';
import type { AppAuthProvider } from '../../base/backend';
import { darkTheme, theme, THEME_STORAGE_KEY } from '../theme';

/** What the public pages need: the auth provider and an error toast. No react-admin: /signin stays light. */
interface PublicTools {
  authProvider: AppAuthProvider;
  /** Shows an error toast, as react-admin's notify does on the signed-in screens. */
  notify: (message: string) => void;
}

const PublicToolsContext = createContext<PublicTools | null>(null);
const publicThemes = { light: createTheme(theme), dark: createTheme(darkTheme) };

/** The theme chosen in the console's user menu (kept in this browser by react-admin's store), else the system's. */
function useMode(): 'light' | 'dark' {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  let stored: unknown = null;
  try {
    stored = JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'null');
  } catch {
    // Unreadable or blocked storage: the system's preference.
  }
  return stored === 'dark' || stored === 'light' ? stored : prefersDark ? 'dark' : 'light';
}
const TOAST_MS = 4000;

/** The public pages' theme, auth provider and toast area (sign-in and forgot errors show as toasts). */
export function PublicProviders({ authProvider, children }: { authProvider: AppAuthProvider; children: ReactNode }) {
  const [toast, setToast] = useState<{ message: string; key: number } | null>(null);
  const notify = useCallback((message: string) => setToast({ message, key: Date.now() }), []);
  const close = useCallback((_: unknown, reason?: string) => {
    if (reason !== 'clickaway') setToast(null);
  }, []);
  const tools = useMemo(() => ({ authProvider, notify }), [authProvider, notify]);
  const mode = useMode();
  return (
    <ThemeProvider theme={publicThemes[mode]}>
      <CssBaseline />
      <PublicToolsContext.Provider value={tools}>
        {children}
        <Snackbar
          key={toast?.key}
          open={toast !== null}
          autoHideDuration={TOAST_MS}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert severity="error" variant="filled" onClose={() => setToast(null)} sx={{ width: '100%' }}>
            {toast?.message}
          </Alert>
        </Snackbar>
      </PublicToolsContext.Provider>
    </ThemeProvider>
  );
}

/** The auth provider and toast of the public pages; only inside PublicProviders. */
export function usePublic(): PublicTools {
  const tools = useContext(PublicToolsContext);
  if (!tools) throw new Error('usePublic needs PublicProviders around it');
  return tools;
}
