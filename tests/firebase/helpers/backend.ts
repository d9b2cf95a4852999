import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signOut } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  setDoc,
  terminate,
  type Firestore,
} from 'firebase/firestore';
import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { inject } from 'vitest';
import { createFirebaseProviders } from '../../../providers/firebase';
import { description as suppliers } from '../../../resources/suppliers/description';
import type { ResourceDescription } from '../../../domain/resourceDescription';
import type { AppAuthProvider, AppDataProvider } from '../../../base/backend';
import { authEmulatorUrl, createAccount } from './auth';
import { startFirestoreEmulator, type FirestoreEmulator } from './firestore';

export interface Backend {
  app: FirebaseApp;
  authProvider: AppAuthProvider;
  dataProvider: AppDataProvider;
  /** A second SDK client on the same Firestore emulator (another browser, or the shop's storefront). */
  other: () => Firestore;
  firestore: FirestoreEmulator;
  stop: () => Promise<void>;
}

/**
 * The console's Firebase provider set on one app connected to the Auth and Storage emulators and a fresh Firestore
 * project, serving `records` (the described resources; Suppliers unless given).
 */
export async function startBackend(records: readonly ResourceDescription[] = [suppliers]): Promise<Backend> {
  const firestore = await startFirestoreEmulator();
  const app = initializeApp(
    {
      projectId: firestore.projectId,
      apiKey: 'demo-key',
      authDomain: 'demo-test.firebaseapp.com',
      storageBucket: `${firestore.projectId}.appspot.com`,
      appId: 'demo-app',
    },
    `console-${randomUUID()}`,
  );
  connectAuthEmulator(getAuth(app), authEmulatorUrl(), { disableWarnings: true });
  connectFirestoreEmulator(getFirestore(app), '127.0.0.1', firestore.port);
  const [storageHost, storagePort] = inject('storageEmulatorHost').split(':');
  connectStorageEmulator(getStorage(app), storageHost!, Number(storagePort));
  const { authProvider, dataProvider } = createFirebaseProviders({ app, records });
  const stop = async (): Promise<void> => {
    await signOut(getAuth(app)).catch(() => undefined);
    await terminate(getFirestore(app));
    await deleteApp(app);
    await firestore.stop();
  };
  return { app, authProvider, dataProvider, other: firestore.client, firestore, stop };
}

export interface StaffSeed {
  email: string;
  password: string;
  active?: boolean;
  isAdmin?: boolean;
  isEditor?: boolean;
  firstName?: string;
  lastName?: string;
  /** false: make the account but no users/{uid} record. */
  record?: boolean;
}

/** An Auth account plus its users/{uid} record, written by another client as the shop's data would be. */
export async function seedStaff(db: Firestore, seed: StaffSeed): Promise<string> {
  const uid = await createAccount(seed.email, seed.password);
  if (seed.record === false) return uid;
  await setDoc(doc(db, 'users', uid), {
    firstName: seed.firstName ?? 'Test',
    lastName: seed.lastName ?? 'Person',
    email: seed.email,
    uid,
    created: serverTimestamp(),
    userType: seed.isAdmin ? 'admin' : seed.isEditor ? 'editor' : 'staff',
    active: seed.active ?? true,
    isAdmin: seed.isAdmin ?? false,
    isEditor: seed.isEditor ?? false,
  });
  return uid;
}

/**
 * A download address of the backend's bucket's Uploads/ folder, shaped as an upload's (providers/firebase/uploads.ts)
 * so the provider takes it as an image, with nothing stored behind it.
 */
export const imageAddress = (b: Backend, name = 'photo-1.jpg'): string =>
  `http://127.0.0.1:9199/v0/b/${b.app.options.storageBucket}/o/Uploads%2F${name}?alt=media&token=0a1b2c3d-0000-4000-8000-000000000000`;
