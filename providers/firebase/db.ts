import type { FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { emulatorOf } from './emulators';

const connected = new WeakSet<Firestore>();

/** The app's Firestore, connected to the Firestore emulator the build names (FIREBASE_EMULATORS) on first use. */
export function firestoreOf(app: FirebaseApp): Firestore {
  const db = getFirestore(app);
  const emulator = emulatorOf(app, 'firestore');
  if (emulator && !connected.has(db)) {
    connectFirestoreEmulator(db, emulator.host, emulator.port);
    connected.add(db);
  }
  return db;
}
