import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// One runner, two projects: node (unit and server suites) and jsdom (component tests over mocked providers).
export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/providers/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Server suites build a real app on a real database; two cores, so keep it modest.
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          // tus-js-client picks its build by package.json's `browser` map, which a node runner ignores: the browser
          // upload client is tested with the build the browser gets (its XMLHttpRequest stack, Blob sources).
          alias: {
            'tus-js-client': new URL('./node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url).pathname,
          },
          include: ['tests/components/**/*.test.tsx', 'tests/providers/**/*.test.tsx'],
          setupFiles: ['tests/components/setup.ts'],
          testTimeout: 40_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Firebase provider set against emulators (tests/firebase/README.md); tooling installed by
          // tests/firebase/ensure.mjs.
          name: 'firebase',
          environment: 'node',
          include: ['tests/firebase/**/*.test.ts'],
          exclude: ['tests/firebase/rules/**', '**/node_modules/**'],
          globalSetup: ['tests/firebase/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One Auth emulator for all files, cleared between tests: files take turns.
          fileParallelism: false,
        },
      },
    ],
  },
});
