import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, terminate, type Firestore } from 'firebase/firestore';
import type { FirestoreServer } from '@firestore-emulator/server';

// The CommonJS build is the one tests/firebase/patches patches, so load that one explicitly.
const requireHere = createRequire(import.meta.url);
const { FirestoreServer: Server } = requireHere('@firestore-emulator/server') as {
  FirestoreServer: new () => FirestoreServer;
};

export interface FirestoreEmulator {
  port: number;
  projectId: string;
  server: FirestoreServer;
  /** A new SDK client (its own app) talking to this emulator; closed by stop(). */
  client: () => Firestore;
  stop: () => Promise<void>;
}

/** Starts the patched in-process Firestore emulator on a free 127.0.0.1 port, with a project of its own. */
export async function startFirestoreEmulator(): Promise<FirestoreEmulator> {
  const server = new Server();
  // The patch makes start() bind 127.0.0.1 and resolve with the bound port.
  const port = (await server.start(0)) as unknown as number;
  const projectId = `demo-${randomUUID().slice(0, 8)}`;
  const apps: FirebaseApp[] = [];
  const client = (): Firestore => {
    const app = initializeApp({ projectId, apiKey: 'demo-key' }, `fs-${randomUUID()}`);
    apps.push(app);
    const db = getFirestore(app);
    connectFirestoreEmulator(db, '127.0.0.1', port);
    return db;
  };
  const stop = async (): Promise<void> => {
    for (const app of apps) {
      await terminate(getFirestore(app));
      await deleteApp(app);
    }
    server.stop();
  };
  return { port, projectId, server, client, stop };
}
