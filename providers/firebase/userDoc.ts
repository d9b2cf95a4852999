import type { FirebaseApp } from 'firebase/app';
import { doc, getDoc } from 'firebase/firestore';
import { firestoreOf } from './db';
import type { User } from '../../domain/users';
import { guarded } from './errors';
import { toUser } from './documents';

/** Reads users/{uid}; null when there is no such record. */
export async function readUser(app: FirebaseApp, uid: string): Promise<User | null> {
  const snap = await guarded(() => getDoc(doc(firestoreOf(app), 'users', uid)));
  return snap.exists() ? toUser(snap.id, snap.data()) : null;
}
