import type { FirebaseApp } from 'firebase/app';
import { getAuth, onAuthStateChanged, type Auth, type User as AuthUser } from 'firebase/auth';
import type { User } from '../../domain/users';
import { FirebaseBackendError } from './errors';
import { currentMessages } from '../shared/locale';

// Calls for users/{uid} that start this close together share one read (checkAuth and canAccess on one navigation).
const REUSE_MS = 500;

/** What the auth and data providers share: the app, its Auth, and the signed-in user's users/{uid} record. */
export interface Session {
  app: FirebaseApp;
  auth: Auth;
  /** The app status document's id in the `app` collection. */
  statusDoc: string;
  /** This bundle's version: the status the gate hears when the document names none. */
  bundleVersion: string;
  /** The signed-in account once Auth has restored it (null: nobody), waiting for the first answer after a load. */
  ready: () => Promise<AuthUser | null>;
  /** The signed-in user's users/{uid}; 401 when nobody is signed in, null when the record is missing. */
  record: () => Promise<User | null>;
  /** Drops the shared read, so the next record() reads again. */
  forget: () => void;
}

/** The shared state of one provider set over `app`. */
export function createSession(app: FirebaseApp, statusDoc: string, bundleVersion: string): Session {
  const auth = getAuth(app);
  let first: Promise<AuthUser | null> | null = null;
  let recent: { uid: string; call: Promise<User | null>; doneAt: number | null } | null = null;

  const ready = (): Promise<AuthUser | null> => {
    first ??= new Promise((resolve) => {
      const stop = onAuthStateChanged(auth, (user) => {
        stop();
        resolve(user);
      });
    });
    // After the first answer, currentUser is the truth (sign-in and sign-out change it at once).
    return first.then(() => auth.currentUser);
  };

  const record = async (): Promise<User | null> => {
    const user = await ready();
    if (!user) throw new FirebaseBackendError(401, 'unauthenticated', currentMessages().errors.unauthenticated);
    if (recent && recent.uid === user.uid && (recent.doneAt === null || Date.now() - recent.doneAt < REUSE_MS))
      return recent.call;
    // Firestore loads only now, after sign-in: the public pages stay without it.
    const call = import('./userDoc').then(({ readUser }) => readUser(app, user.uid));
    const entry: { uid: string; call: Promise<User | null>; doneAt: number | null } = {
      uid: user.uid,
      call,
      doneAt: null,
    };
    const done = (): void => {
      entry.doneAt = Date.now();
    };
    call.then(done, done);
    recent = entry;
    return call;
  };

  return {
    app,
    auth,
    statusDoc,
    bundleVersion,
    ready,
    record,
    forget: () => {
      recent = null;
    },
  };
}
