import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, terminate, type Firestore } from 'firebase/firestore';

/** Another client of the walk's Firestore (Node SDK over gRPC): the shop's other browser, or its own scripts. */
export function otherClient(): { db: Firestore; stop: () => Promise<void> } {
  const { firestorePort } = JSON.parse(readFileSync(process.env.FIREBASE_E2E_INFO!, 'utf8')) as {
    firestorePort: number;
  };
  const app: FirebaseApp = initializeApp({ projectId: 'demo-linen', apiKey: 'demo-key' }, `other-${Date.now()}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', firestorePort);
  return {
    db,
    stop: async () => {
      await terminate(db);
      await deleteApp(app);
    },
  };
}
