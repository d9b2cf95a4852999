import { renameSync, writeFileSync } from 'node:fs';
import { startLocalFirebase } from '../../scripts/firebaseLocal';

// The Firebase walk's server (playwright.config.ts, project 'firebase'): `npm run firebase:local` on the port the
// runner chose. The runner goes on to the next server once this says it is starting; the global setup (ready.ts)
// then waits for FIREBASE_E2E_INFO: the emulators' addresses for the specs' second client (the shop's other browser)
// once the console is served, or what went wrong.
process.env.FIREBASE_LOCAL_QUIET = '1';
console.log('firebase-walk: starting');
const info = process.env.FIREBASE_E2E_INFO!;
/** Written whole (a new file renamed into place): the global setup reads it as soon as it exists. */
const tell = (what: unknown): void => {
  writeFileSync(`${info}.part`, JSON.stringify(what));
  renameSync(`${info}.part`, info);
};
const local = await startLocalFirebase(Number(process.env.FIREBASE_E2E_PORT)).catch((err: unknown) => {
  tell({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  console.error(err);
  process.exit(1);
});
writeFileSync(
  info,
  JSON.stringify({ firestorePort: local.emulators.firestorePort, authHost: local.emulators.authHost }),
);
let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await local.stop();
  process.exit(0);
};
// `on`, not `once`: a second signal with no listener would end this process before its emulators stop and its
// folder is removed.
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
