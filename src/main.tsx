import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createLocalBackend } from '../providers/local';
import { unregisterServiceWorkers } from './serviceWorkers';
import { App } from './App';

void unregisterServiceWorkers();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The console talks to its own server; a Firebase provider set would be chosen here instead.
const backend = createLocalBackend();

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App authProvider={backend.authProvider} dataProvider={backend.dataProvider} />
    </BrowserRouter>
  </StrictMode>,
);
