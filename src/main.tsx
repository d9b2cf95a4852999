import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createLocalBackend } from '../providers/local';
import { resourceDescriptions } from '../resources/descriptions';
import type { AppAuthProvider, AppDataProvider } from '../base/backend';
import { getLocale } from '../base/locale';
import { unregisterServiceWorkers } from './serviceWorkers';
import { App } from './App';
import { preloadFor } from './preload';
import { openStatusFeed } from './gate/earlyStatus';

void unregisterServiceWorkers();
// The first screen's code downloads while the live status and the session check are still on their way.
preloadFor(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A data router, so react-admin's forms can hold a navigation while they have unsaved changes
// (warnWhenUnsavedChanges asks before leaving); every path is the console's.
const render = (backend: { authProvider: AppAuthProvider; dataProvider: AppDataProvider }): void => {
  const router = createBrowserRouter([
    { path: '*', element: <App authProvider={backend.authProvider} dataProvider={backend.dataProvider} /> },
  ]);
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
};

// The back end is chosen at build time (vite.config.ts): our own server, or Firebase (CONSOLE_BACKEND=firebase).
// __FIREBASE__ is a constant, so the build keeps only one branch: the default bundle holds no Firebase code.
if (__FIREBASE__) {
  const { config, statusDoc, emulators } = __FIREBASE__;
  // The descriptions are plain data the console has loaded already (the sidebar reads them).
  void import('../providers/firebase').then(({ createFirebaseBackend }) =>
    render(createFirebaseBackend(config, statusDoc, __APP_VERSION__, getLocale, resourceDescriptions, emulators)),
  );
} else {
  const backend = createLocalBackend({ locale: getLocale, resources: resourceDescriptions });
  // The first screen's session check (RedirectIfSignedIn on /signin, react-admin's elsewhere) is sent now, beside the
  // live status the gate waits for, instead of after it: the provider hands that check this call's answer.
  backend.authProvider.checkAuth({}).catch(() => undefined);
  // The live status stream opens now too, not once React has first rendered the gate.
  render({
    ...backend,
    dataProvider: {
      ...backend.dataProvider,
      subscribeAppStatus: openStatusFeed(backend.dataProvider.subscribeAppStatus),
    },
  });
}
