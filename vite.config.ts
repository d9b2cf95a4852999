import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { precompressPlugin } from './scripts/precompress';
import { preloadFirstPagePlugin } from './scripts/preloadFirstPage';
import { backendOfBuild } from './scripts/firebaseEnv';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// CONSOLE_BACKEND=firebase builds the console over Firebase into firebase/dist/, Hosting's folder (docs/firebase.md);
// the default
// build gets `null` and the branch that loads providers/firebase is dropped as dead code, so none of it ships.
const backend = backendOfBuild(new URL('./', import.meta.url));
const firebase =
  backend.kind === 'firebase'
    ? { config: backend.config, statusDoc: backend.statusDoc, emulators: backend.emulators }
    : null;
// FIREBASE_EMULATORS points the build at local emulators: never what a shop deploys, so every build says so.
if (firebase?.emulators) {
  const line = '!'.repeat(100);
  const where = Object.entries(firebase.emulators)
    .map(([name, host]) => `${name} ${host}`)
    .join(', ');
  console.warn(
    [
      line,
      `!! FIREBASE_EMULATORS is set: this build talks to local emulators (${where}),`,
      '!! not to the Firebase project. Do not deploy it.',
      line,
    ].join('\n'),
  );
}

// The browser app. In dev (`npm run dev`) Vite proxies /api and /files to the server on 3000.
export default defineConfig({
  // precompress: brotli and gzip copies of the built files, served as they are (server/routes/spa.ts);
  // preloadFirstPage: index.html fetches the sign-in page's chunks alongside the entry script.
  // An emulator build (FIREBASE_EMULATORS) is only ever served by `npm run firebase:local`, which sends plain files:
  // it skips the brotli copies, the slowest step of a build.
  plugins: [react(), preloadFirstPagePlugin(), ...(firebase?.emulators ? [] : [precompressPlugin()])],
  define: { __APP_VERSION__: JSON.stringify(version), __FIREBASE__: JSON.stringify(firebase) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000' },
  },
  build: {
    // A separate folder: `npm start` serves dist/ and must never pick up a Firebase build.
    outDir: firebase ? 'firebase/dist' : 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Two kinds of warning about libraries' own files, printed on every build and alarming to a newcomer: zod's
      // comments Rollup cannot place (it drops them), and a re-export cycle inside ra-core that crosses chunks. The
      // screens using those inputs are walked end to end (tests/e2e), so the order is known to work. Ours still print.
      onwarn(warning, warn) {
        const inLibrary = [warning.id, ...(warning.ids ?? []), warning.exporter].some((id) =>
          id?.includes('node_modules'),
        );
        if (inLibrary && (warning.code === 'INVALID_ANNOTATION' || warning.code === 'CYCLIC_CROSS_CHUNK_REEXPORT'))
          return;
        warn(warning);
      },
    },
  },
});
