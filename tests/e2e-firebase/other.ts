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

/** The Auth account's display name, as the walk's Auth emulator keeps it (signed in, then looked up). */
export async function displayName(who: { email: string; password: string }): Promise<string | undefined> {
  const { authHost } = JSON.parse(readFileSync(process.env.FIREBASE_E2E_INFO!, 'utf8')) as { authHost: string };
  const call = async (method: string, body: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const { idToken } = await call('signInWithPassword', { ...who, returnSecureToken: true });
  const { users } = (await call('lookup', { idToken })) as { users: { displayName?: string }[] };
  return users[0]?.displayName;
}
