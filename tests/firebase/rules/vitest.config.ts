import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:rules` only: firebase/*.rules against the Firebase CLI's own emulators (Java 21), started around this
// run by `firebase emulators:exec`. Not part of `npm test` (this machine has no Java 21; docs/firebase.md).
export default defineConfig({
  // Paths are the repository's, wherever this file sits.
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'firebase-rules',
    environment: 'node',
    include: ['tests/firebase/rules/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
