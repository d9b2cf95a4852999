import { writeFileSync } from 'node:fs';
import { startLocalFirebase } from '../../scripts/firebaseLocal';

// The Firebase walk's server (playwright.config.ts, project 'firebase'): `npm run firebase:local` on the port the
// runner chose; the emulators' addresses go to FIREBASE_E2E_INFO for the specs' second client (the shop's other
// browser).
process.env.FIREBASE_LOCAL_QUIET = '1';
const local = await startLocalFirebase(Number(process.env.FIREBASE_E2E_PORT));
writeFileSync(
  process.env.FIREBASE_E2E_INFO!,
  JSON.stringify({ firestorePort: local.emulators.firestorePort, authHost: local.emulators.authHost }),
);
const stop = async (): Promise<void> => {
  await local.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
