import { defineConfig } from '@playwright/test';

// Each run gets its own port and data folder, so two runs on one machine never touch each other's server.
// Set once in the runner process; its workers inherit the environment and so see the same values.
process.env.E2E_PORT ??= String(4100 + Math.floor(Math.random() * 800));
process.env.E2E_DATA_DIR ??= `/tmp/linen-console-e2e-${process.env.E2E_PORT}-${Date.now()}`;
const PORT = Number(process.env.E2E_PORT);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
/** Where the storefront spec serves its shop page: the one origin the feed allows (STOREFRONT_ORIGINS). */
export const E2E_SHOP_PORT = PORT + 1000;

// End to end in Debian's Chromium against the built app served by the real server.
export default defineConfig({
  testDir: 'tests/e2e',
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
  webServer: {
    command: `npx tsx tests/e2e/serve.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
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
  },
});
