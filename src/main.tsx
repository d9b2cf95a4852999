import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createLocalBackend } from '../providers/local';
import { unregisterServiceWorkers } from './serviceWorkers';
import { App } from './App';
import { preloadFor } from './preload';
import { openStatusFeed } from './gate/earlyStatus';

void unregisterServiceWorkers();
// The first screen's code downloads while the live status and the session check are still on their way.
preloadFor(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The console talks to its own server; a Firebase provider set would be chosen here instead.
const backend = createLocalBackend();
// The first screen's session check (RedirectIfSignedIn on /signin, react-admin's elsewhere) is sent now, beside the
// live status the gate waits for, instead of after it: the provider hands that check this call's answer.
backend.authProvider.checkAuth({}).catch(() => undefined);
// The live status stream opens now too, not once React has first rendered the gate.
const dataProvider = { ...backend.dataProvider, subscribeAppStatus: openStatusFeed(backend.dataProvider.subscribeAppStatus) };

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App authProvider={backend.authProvider} dataProvider={dataProvider} />
    </BrowserRouter>
  </StrictMode>,
);
