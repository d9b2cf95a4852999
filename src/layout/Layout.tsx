import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Layout as RaLayout, useAuthState, useLocaleState } from 'react-admin';
import { useLocale } from '../../base/locale';
import { Box } from '@mui/material';
import { Header } from './Header';
import { Menu } from './Menu';
import { Busy } from '../../base/Busy';

/**
 * The frame around every route that is not public: sidebar and header once signed in. Nobody
 * signed in sees the page bare: protected pages send them to /signin, the 404 page stays plain.
 */
export function Layout({ children }: { children?: ReactNode }) {
  useLocaleSync();
  // Never signs out from here; the pages' own guards do that.
  const { authenticated, isPending, isFetching } = useAuthState(undefined, false);
  // The frame follows the last finished check: a re-check (every guarded page runs one) must not
  // swap the frame while it runs, and right after sign-in the stale "not signed in" is not trusted.
  const signedIn = useRef<boolean | null>(null);
  if (!isPending && !isFetching) signedIn.current = authenticated === true;
  if (signedIn.current === null) return <Busy fullScreen />;
  if (!signedIn.current) {
    return (
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Suspense fallback={<Busy fullScreen />}>{children}</Suspense>
      </Box>
    );
  }
  // react-admin's frame is at least as wide as what it holds (min-width: fit-content), so a table wider than the room
  // beside the sidebar widened the whole page; here the frame is the window's width and a wide table scrolls in its
  // own card (ResourceList).
  return (
    <RaLayout appBar={Header} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </RaLayout>
  );
}

/** react-admin's own texts follow the console's language (base/locale.ts), whoever changed it. */
function useLocaleSync(): void {
  const locale = useLocale();
  const [raLocale, setRaLocale] = useLocaleState();
  useEffect(() => {
    if (raLocale !== locale) setRaLocale(locale);
  }, [locale, raLocale, setRaLocale]);
}
