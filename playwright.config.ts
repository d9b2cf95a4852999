import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Each run gets its own port and data folder, so two runs on one machine never touch each other's server.
// Set once in the runner process; its workers inherit the environment and so see the same values.
process.env.E2E_PORT ??= String(e2ePort());
process.env.E2E_DATA_DIR ??= join(tmpdir(), `linen-console-e2e-${process.env.E2E_PORT}-${Date.now()}`);
const PORT = Number(process.env.E2E_PORT);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
// The Firebase walk (tests/e2e-firebase): `npm run firebase:local` on a port of its own, its emulators' addresses in a
// file the specs read. The ports beside the console's are taken: +1000 the storefront's shop page, +2000 the
// REQUIRE_2FA server of twoFactor.spec.ts (which, sharing one, signed in against the Firebase console instead).
process.env.FIREBASE_E2E_PORT ??= String(PORT + 3000);
process.env.FIREBASE_E2E_INFO ??= join(
  tmpdir(),
  `linen-firebase-e2e-${process.env.FIREBASE_E2E_PORT}-${Date.now()}.json`,
);
const FIREBASE_PORT = Number(process.env.FIREBASE_E2E_PORT);
// Each server builds a console (the better part of a minute): each is started only when the run may include its
// project, that is the walk's not for `--project local` nor for a run naming only files outside tests/e2e-firebase, and
// the local one not for `--project firebase` nor for a run naming only files inside it.
const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('-') && (a.includes('/') || a.includes('.spec')));
const only = (name: string): boolean =>
  args.some((a, i) => a === `--project=${name}` || (a === '--project' && args[i + 1] === name));
const WALK = !only('local') && (files.length === 0 || files.some((f) => f.includes('e2e-firebase')));
const LOCAL = !only('firebase') && (files.length === 0 || files.some((f) => !f.includes('e2e-firebase')));
// The global setup (tests/e2e-firebase/ready.ts) waits for the walk's server when this is set.
if (WALK) process.env.FIREBASE_E2E_WALK = '1';
/** Where the storefront spec serves its shop page: the one origin the feed allows (STOREFRONT_ORIGINS). */
export const E2E_SHOP_PORT = PORT + 1000;

/** Our own server over the built console (tests/e2e/serve.ts), for the project 'local'. */
const local = {
  // In this process, tsx as a loader: tsx's own CLI passes a signal on to a child process and SIGKILLs it when the
  // child is slow (30 ms) to say it got it, which cut the folder's removal short under load.
  command: `node --import tsx tests/e2e/serve.ts`,
  url: `http://localhost:${PORT}/api/health`,
  timeout: 180_000,
  reuseExistingServer: false,
  // Stopped with SIGTERM rather than Playwright's default SIGKILL, so serve.ts removes the run's data folder (the app
  // built for it, its database and uploads: about 16 MB) once the server has stopped. A global teardown cannot: it
  // runs before the servers are stopped.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(PORT),
    HOST: 'localhost',
    DATA_DIR: E2E_DATA_DIR,
    PUBLIC_URL: `http://localhost:${PORT}`,
    LOG_LEVEL: 'warn',
    // The feed on, for the shop page of storefront.spec.ts; webhook receivers on this machine allowed
    // (webhooks.spec.ts).
    STOREFRONT_ENABLED: 'true',
    STOREFRONT_ORIGINS: `http://127.0.0.1:${E2E_SHOP_PORT}`,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // The scheduler looks every 2 s, so productsSchedule.spec.ts sees a time apply within seconds of it.
    SCHEDULE_CHECK_SECONDS: '2',
  },
};

// End to end in Debian's Chromium against the built app served by the real server.
export default defineConfig({
  // local: the console over our own server; firebase: the Firebase build over local emulators.
  projects: [
    { name: 'local', testDir: 'tests/e2e' },
    { name: 'firebase', testDir: 'tests/e2e-firebase', use: { baseURL: `http://127.0.0.1:${FIREBASE_PORT}` } },
  ],
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // Playwright starts the servers one after another, each once the one before is up. The walk's comes first and counts
  // as started as soon as it says so; its build then runs beside the local server's, and the global setup waits for it.
  globalSetup: './tests/e2e-firebase/ready.ts',
  webServer: [
    ...(WALK
      ? [
          {
            // The Firebase walk's emulators, seeds and build (scripts/firebaseLocal.ts): the build takes the most.
            command: 'node --import tsx tests/e2e-firebase/serve.ts',
            wait: { stdout: /^firebase-walk: starting$/m },
            timeout: 60_000,
            reuseExistingServer: false,
            // SIGTERM, so its emulators stop and its built console's folder is removed (as for the local server).
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            env: { FIREBASE_E2E_PORT: String(FIREBASE_PORT), FIREBASE_E2E_INFO: process.env.FIREBASE_E2E_INFO },
          },
        ]
      : []),
    ...(LOCAL ? [local] : []),
  ],
});

/**
 * A port for the console between 4100 and 4899 whose neighbours (+1000, +2000, +3000: below) are usable too: not one
 * of the ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#port-blocking), which Chromium and Node's
 * fetch refuse to call. A run that drew 4697 could never reach its REQUIRE_2FA server on 6697 (IRC over TLS).
 */
function e2ePort(): number {
  const blocked = new Set([4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);
  for (;;) {
    const port = 4100 + Math.floor(Math.random() * 800);
    if (![0, 1000, 2000, 3000].some((d) => blocked.has(port + d))) return port;
  }
}
