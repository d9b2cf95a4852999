import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, type Store } from 'react-admin';
import type { Area } from '../domain/permissions';
import { messages } from '../domain/messages';
import type { AppAuthProvider, AppDataProvider } from '../providers/types';
import users from '../resources/users';
import products from '../resources/products';
import languages from '../resources/languages';
import { AppStatusGate } from './gate/AppStatusGate';
import { Layout } from './layout/Layout';
import { Loader } from './layout/Loader';
import { RequireAccess } from './auth/RequireAccess';
import { RedirectIfSignedIn } from './auth/RedirectIfSignedIn';
import { guardedResource } from './resourceRoutes';
import { ScrollToTop } from './ScrollToTop';
import { i18nProvider } from './i18n';
import { createConsoleStore } from './store';
import { theme } from './theme';
import NotFound from './pages/NotFound';
import NotAllowed from './pages/NotAllowed';

// Pages load on demand: /signin does not fetch the signed-in screens.
const SignIn = lazy(() => import('./pages/SignIn'));
const Forgot = lazy(() => import('./pages/Forgot'));
const ResetPassword = lazy(() => import('./pages/ResetPassword'));
const Version = lazy(() => import('./pages/Version'));
const Dashboard = lazy(() => import('./pages/Dashboard'));
const AccountSettings = lazy(() => import('./pages/AccountSettings'));
const Changelog = lazy(() => import('./pages/Changelog'));

const bare = (page: ReactNode) => <Suspense fallback={<Loader fullScreen />}>{page}</Suspense>;
const guarded = (area: Area, page: ReactNode) => <RequireAccess area={area}>{page}</RequireAccess>;
const GuardedDashboard = () => guarded('dashboard', <Dashboard />);

export interface AppProps {
  authProvider: AppAuthProvider;
  dataProvider: AppDataProvider;
  /** Where react-admin keeps UI state; local storage unless a test gives another. */
  store?: Store;
}

const defaultStore = createConsoleStore();

/** The console: the live gate around react-admin, with every route of spec §2 at its exact path. */
export function App({ authProvider, dataProvider, store = defaultStore }: AppProps) {
  return (
    <AppStatusGate subscribe={dataProvider.subscribeAppStatus}>
      <ScrollToTop />
      <Admin
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        store={store}
        layout={Layout}
        dashboard={GuardedDashboard}
        catchAll={NotFound}
        accessDenied={NotAllowed}
        loginPage={false}
        title={messages.app.title}
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/signin" element={bare(<RedirectIfSignedIn><SignIn /></RedirectIfSignedIn>)} />
          <Route path="/forgot" element={bare(<RedirectIfSignedIn><Forgot /></RedirectIfSignedIn>)} />
          <Route path="/reset-password" element={bare(<ResetPassword />)} />
          <Route path="/version" element={bare(<Version />)} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/settings/account" element={guarded('account', <AccountSettings />)} />
          <Route path="/info/changelog" element={guarded('changelog', <Changelog />)} />
        </CustomRoutes>
        {guardedResource(users)}
        {guardedResource(products)}
        {guardedResource(languages)}
      </Admin>
    </AppStatusGate>
  );
}
