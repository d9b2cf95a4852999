import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startStorageEmulator } from './storageEmulator';
import { startFirestoreFront } from './front';

// The emulators on free ports of 127.0.0.1, in this process: firebase-tools' Auth emulator from its express app (no
// Java, hub or UI); the in-process Firestore emulator @firestore-emulator/server as patched by tests/firebase/patches
// (gRPC, for the Node SDK); the Firestore front over it (front/: REST and WebChannel, for the browser SDK); and
// firebase-tools' Storage emulator without its Java rules runtime (storageEmulator.ts: relies on internals).
// Used by the tests' global setup and by `npm run firebase:local`.

export interface Emulators {
  /** `127.0.0.1:<port>` of the Auth emulator. */
  authHost: string;
  /** The Firestore emulator's gRPC port (the Node SDK). */
  firestorePort: number;
  /** The Firestore front's port (the browser SDK). */
  frontPort: number;
  /** `127.0.0.1:<port>` of the Storage emulator. */
  storageHost: string;
  stop: () => Promise<void>;
}

interface AuthServerModule {
  createApp: (projectId: string) => Promise<{ listen: (port: number, host: string, ready: () => void) => Server }>;
}

interface FirestoreServerLike {
  start: (port: number) => Promise<number>;
  stop: () => void;
}

/** Starts all four; `authProject` is the Auth and Storage emulators' project (Firestore takes any project). */
export async function startEmulators(authProject: string): Promise<Emulators> {
  const requireHere = createRequire(import.meta.url);
  const { createApp } = requireHere('firebase-tools/lib/emulator/auth/server') as AuthServerModule;
  const app = await createApp(authProject);
  const auth = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // The CommonJS build is the one the patch changes; its start() binds 127.0.0.1 and resolves with the port.
  const { FirestoreServer } = requireHere('@firestore-emulator/server') as {
    FirestoreServer: new () => FirestoreServerLike;
  };
  const firestore = new FirestoreServer();
  const firestorePort = await firestore.start(0);
  const front = await startFirestoreFront(firestorePort);
  const storage = await startStorageEmulator(authProject);
  return {
    authHost: `127.0.0.1:${(auth.address() as AddressInfo).port}`,
    firestorePort,
    frontPort: front.port,
    storageHost: storage.host,
    stop: async () => {
      await front.stop();
      firestore.stop();
      await storage.stop();
      await new Promise<void>((resolve) => {
        auth.closeAllConnections();
        auth.close(() => resolve());
      });
    },
  };
}
