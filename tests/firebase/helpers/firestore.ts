import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, terminate, type Firestore } from 'firebase/firestore';

export interface FirestoreEmulator {
  /** The shared emulator's port (tests/firebase/globalSetup.ts). */
  port: number;
  /** A project of this caller's own, so test files never see each other's documents. */
  projectId: string;
  /** A new SDK client (its own app) on this project; closed by stop(). */
  client: () => Firestore;
  stop: () => Promise<void>;
}

/** A fresh project on the patched Firestore emulator that the global setup started, with SDK clients for it. */
export async function startFirestoreEmulator(): Promise<FirestoreEmulator> {
  const port = inject('firestoreEmulatorPort');
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
    for (const app of apps.splice(0)) {
      await terminate(getFirestore(app));
      await deleteApp(app);
    }
  };
  return { port, projectId, client, stop };
}
