import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, type Store } from 'react-admin';
import type { Area } from '../domain/permissions';
import type { AppAuthProvider, AppDataProvider } from '../base/backend';
import { consoleResources, type ResourceDefinition } from '../resources';
import { Layout } from './layout/Layout';
import { RequireAccess } from './auth/RequireAccess';
import { guardedResource, ResourcesContext } from './resourceRoutes';
import { ResourceNamesContext } from '../base/resourceNames';
import { i18nProvider } from './i18n';
import { createConsoleStore } from './store';
import { darkTheme, theme } from './theme';
import { useMessages } from '../base/locale';
import { DashboardPage } from './dashboardPage';
import NotFound from './pages/NotFound';
import NotAllowed from './pages/NotAllowed';

// Pages load on demand; the dashboard's code is fetched ahead by the sign-in form (src/consolePage.ts).
const Dashboard = DashboardPage;
const AccountSettings = lazy(() => import('./pages/AccountSettings'));
const Changelog = lazy(() => import('./pages/Changelog'));
const Activity = lazy(() => import('./pages/Activity'));
const Webhooks = lazy(() => import('./pages/Webhooks'));

const guarded = (area: Area, page: ReactNode) => <RequireAccess area={area}>{page}</RequireAccess>;
const GuardedDashboard = () => guarded('dashboard', <Dashboard />);

export interface ConsoleProps {
  authProvider: AppAuthProvider;
  dataProvider: AppDataProvider;
  /** Where react-admin keeps UI state; local storage unless a test gives another. */
  store?: Store;
  /** The resources shown (sidebar groups and routes); the console's own unless a test gives others. */
  resources?: readonly ResourceDefinition[];
}

const defaultStore = createConsoleStore();

/**
 * The signed-in console: react-admin with the routes that need sign-in, the 404 page and Not allowed.
 * The public pages live outside it (App.tsx), so /signin never loads react-admin.
 */
export default function Console({
  authProvider,
  dataProvider,
  store = defaultStore,
  resources = consoleResources,
}: ConsoleProps) {
  const m = useMessages();
  return (
    <ResourcesContext.Provider value={resources}>
      <ResourceNamesContext.Provider value={resources}>
        <Admin
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          theme={theme}
          darkTheme={darkTheme}
          store={store}
          layout={Layout}
          dashboard={GuardedDashboard}
          catchAll={NotFound}
          accessDenied={NotAllowed}
          loginPage={false}
          title={m.app.title}
          disableTelemetry
        >
          <CustomRoutes>
            <Route path="/settings/account" element={guarded('account', <AccountSettings />)} />
            <Route path="/settings/sessions" element={guarded('account', <AccountSettings section="sessions" />)} />
            <Route path="/settings/passkeys" element={guarded('account', <AccountSettings section="passkeys" />)} />
            <Route path="/settings/two-factor" element={guarded('account', <AccountSettings section="twoFactor" />)} />
            <Route path="/info/changelog" element={guarded('changelog', <Changelog />)} />
            <Route path="/info/activity" element={guarded('activity', <Activity />)} />
            <Route path="/settings/webhooks" element={guarded('webhooks', <Webhooks />)} />
          </CustomRoutes>
          {resources.map(guardedResource)}
        </Admin>
      </ResourceNamesContext.Provider>
    </ResourcesContext.Provider>
  );
}
