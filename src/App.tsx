import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Store } from 'react-admin';
import type { AppAuthProvider, AppDataProvider } from '../base/backend';
import { AppStatusGate } from './gate/AppStatusGate';
import { Busy } from '../base/Busy';
import { PublicProviders } from './public/PublicContext';
import { RedirectIfSignedIn } from './public/RedirectIfSignedIn';
import { ConsolePage as Console } from './consolePage';
import {
  ForgotPage as Forgot,
  ResetPasswordPage as ResetPassword,
  SignInPage as SignIn,
  VersionPage as Version,
} from './preload';
import { ScrollToTop } from './ScrollToTop';

// Everything loads on demand (src/preload.ts, src/consolePage.ts): the public pages need only MUI, the console
// react-admin.

export interface AppProps {
  authProvider: AppAuthProvider;
  dataProvider: AppDataProvider;
  /** Where react-admin keeps UI state; local storage unless a test gives another. */
  store?: Store;
}

const waiting = <Busy fullScreen />;

/**
 * The console behind the live gate. The public pages (/signin, /forgot,
 * /reset-password, /version) are served without react-admin; every other path is the signed-in console.
 */
export function App({ authProvider, dataProvider, store }: AppProps) {
  const open = (page: ReactNode) => (
    <PublicProviders authProvider={authProvider}>
      <Suspense fallback={waiting}>{page}</Suspense>
    </PublicProviders>
  );
  return (
    <AppStatusGate subscribe={dataProvider.subscribeAppStatus}>
      <ScrollToTop />
      <Routes>
        <Route
          path="/signin"
          element={open(
            <RedirectIfSignedIn>
              <SignIn />
            </RedirectIfSignedIn>,
          )}
        />
        <Route
          path="/forgot"
          element={open(
            <RedirectIfSignedIn>
              <Forgot />
            </RedirectIfSignedIn>,
          )}
        />
        <Route path="/reset-password" element={open(<ResetPassword />)} />
        <Route path="/version" element={open(<Version />)} />
        <Route
          path="*"
          element={
            <Suspense fallback={waiting}>
              <Console authProvider={authProvider} dataProvider={dataProvider} store={store} />
            </Suspense>
          }
        />
      </Routes>
    </AppStatusGate>
  );
}
