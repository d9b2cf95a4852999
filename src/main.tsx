import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createLocalBackend } from '../providers/local';
import type { AppAuthProvider, AppDataProvider } from '../providers/types';
import { unregisterServiceWorkers } from './serviceWorkers';
import { App } from './App';

void unregisterServiceWorkers();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = (backend: { authProvider: AppAuthProvider; dataProvider: AppDataProvider }): void =>
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App authProvider={backend.authProvider} dataProvider={backend.dataProvider} />
      </BrowserRouter>
    </StrictMode>,
  );

// The back end is chosen at build time (vite.config.ts): our own server, or Firebase (CONSOLE_BACKEND=firebase).
// __FIREBASE__ is a constant, so the build keeps only one branch: the default bundle holds no Firebase code.
if (__FIREBASE__) {
  const { config, statusDoc } = __FIREBASE__;
  void import('../providers/firebase').then(({ createFirebaseBackend }) => render(createFirebaseBackend(config, statusDoc, __APP_VERSION__)));
} else {
  render(createLocalBackend());
}
