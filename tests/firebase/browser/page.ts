import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';

// The browser SDK in Chromium for the front's conformance tests: the real browser build of firebase/firestore
// (WebChannel and REST, never gRPC), bundled once per file and served from an origin of its own, so every call to the
// front is cross-origin as it is for the console.

export type Sdk = typeof import('firebase/app') & typeof import('firebase/firestore');
/** What a page.evaluate() callback finds on window: the SDK and the connected Firestore. */
export type Win = { sdk: Sdk; db: import('firebase/firestore').Firestore };

/** How the SDK's streams travel: WebChannel's streaming form, or long polling (what it falls back to). */
export type Transport = 'streaming' | 'long-polling';

export const TRANSPORTS: Transport[] = ['streaming', 'long-polling'];

export interface BrowserSdk {
  page: Page;
  /** The WebChannel back channels the page opened so far, by form (CI=0 streaming, CI=1 long polling). */
  backChannels: { streaming: number; longPolling: number };
  /** Lets the page log what a test provokes on purpose (a refused commit); anything else it logs fails stop(). */
  allow: (pattern: RegExp) => void;
  stop: () => Promise<void>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Opens a page with the SDK loaded and window.db connected to the front (project `projectId`) over `transport`. */
export async function openBrowserSdk(frontPort: number, projectId: string, transport: Transport): Promise<BrowserSdk> {
  const bundle = await build({
    entryPoints: [new URL('./sdk.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const server: Server = createServer((req, res) => {
    if (req.url === '/sdk.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><script type="module" src="/sdk.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const backChannels = { streaming: 0, longPolling: 0 };
  page.on('request', (r) => {
    const q = new URL(r.url()).searchParams;
    if (q.get('TYPE') !== 'xmlhttp' || q.get('RID') !== 'rpc') return;
    if (q.get('CI') === '0') backChannels.streaming += 1;
    else backChannels.longPolling += 1;
  });
  const problems: string[] = [];
  const allowed: RegExp[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  // The SDK logs a failed stream or call as a warning or error: each is a defect of the front.
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') problems.push(m.text());
  });
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => 'sdk' in window);
  await page.evaluate(
    ({ port, projectId, transport }) => {
      const sdk = (window as unknown as { sdk: Sdk }).sdk;
      const app = sdk.initializeApp({ projectId, apiKey: 'demo-key', appId: 'demo-app' });
      const db = sdk.initializeFirestore(
        app,
        transport === 'long-polling'
          ? { experimentalForceLongPolling: true }
          : { experimentalAutoDetectLongPolling: false },
      );
      sdk.connectFirestoreEmulator(db, '127.0.0.1', port);
      (window as unknown as { db: unknown }).db = db;
    },
    { port: frontPort, projectId, transport },
  );
  return {
    page,
    backChannels,
    allow: (pattern) => allowed.push(pattern),
    stop: async () => {
      await page.evaluate(async () => {
        const w = window as unknown as { sdk: Sdk; db: import('firebase/firestore').Firestore };
        await w.sdk.terminate(w.db);
      });
      await browser.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      const unexpected = problems.filter((p) => !allowed.some((a) => a.test(p)));
      if (unexpected.length > 0) throw new Error(`errors in the page: ${unexpected.join('; ')}`);
    },
  };
}
