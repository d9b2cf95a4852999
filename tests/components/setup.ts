import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FakeEventSource } from './fakeEventSource';

// react-admin screens mount through several async steps (auth check, lazy pages); on a busy
// two-core machine (load 10 and more) a cold lazy page can take over five seconds, so wait up to ten.
configure({ asyncUtilTimeout: 10_000 });

// What jsdom lacks and the console uses.

if (!window.matchMedia) {
  // MUI's useMediaQuery: answer "no" to every query (a desktop-less, plain layout).
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

vi.stubGlobal('EventSource', FakeEventSource);

afterEach(() => {
  cleanup();
  FakeEventSource.instances = [];
  window.localStorage.clear();
  window.sessionStorage.clear();
});
