import type { FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';

/** The emulators an app talks to instead of Google's services (FIREBASE_EMULATORS at build time), as `host:port`. */
export interface EmulatorHosts {
  auth?: string;
  firestore?: string;
  storage?: string;
}

// Per app, so a test's apps (connected by the test itself) are never touched. Firestore and Storage load later, in
// their own chunks: firestoreOf() (db.ts) and storageOf() (uploads.ts) connect them when they are first made.
const chosen = new WeakMap<FirebaseApp, EmulatorHosts>();

/** Points `app` at the emulators: Auth at once, Firestore and Storage when first made. */
export function connectEmulators(app: FirebaseApp, hosts: EmulatorHosts): void {
  chosen.set(app, hosts);
  if (hosts.auth) connectAuthEmulator(getAuth(app), `http://${hosts.auth}`, { disableWarnings: true });
}

/** The emulator `app` uses for `service`, or null (Google's service, or a connection the caller makes itself). */
export function emulatorOf(app: FirebaseApp, service: 'firestore' | 'storage'): { host: string; port: number } | null {
  const hostPort = chosen.get(app)?.[service];
  if (!hostPort) return null;
  const colon = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, colon).replace(/^\[|\]$/g, ''), port: Number(hostPort.slice(colon + 1)) };
}
