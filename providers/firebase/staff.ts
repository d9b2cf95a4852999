import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  sendPasswordResetEmail,
  signOut,
  updateProfile,
} from 'firebase/auth';
import { doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import type { User } from '../../domain/users';
import { currentMessages } from '../shared/locale';
import { FirebaseBackendError, toBackendError } from './errors';
import { toUser } from './documents';
import { fullName } from '../../domain/names';

/** A password nobody knows: the new colleague sets their own through the reset mail. */
function throwawayPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes));
}

const userTypeOf = (u: { isAdmin: boolean; isEditor: boolean }): string =>
  u.isAdmin ? 'admin' : u.isEditor ? 'editor' : 'staff';

/**
 * An admin's 'Add user': the account is made on a second app instance, so the admin's own session
 * stays; users/{uid} is written as the admin (the rules let admins create records); the reset mail is the invitation.
 */
export async function addStaff(app: FirebaseApp, db: Firestore, data: Record<string, unknown>): Promise<User> {
  const email = typeof data.email === 'string' ? data.email.trim() : '';
  const firstName = typeof data.firstName === 'string' ? data.firstName.trim() : '';
  const lastName = typeof data.lastName === 'string' ? data.lastName.trim() : '';
  const isAdmin = data.isAdmin === true;
  const isEditor = data.isEditor === true;
  const secondary = initializeApp(app.options, `secondary-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  try {
    const auth = getAuth(secondary);
    // Under the Auth emulator (tests, local trials) the second instance must talk to the same one.
    const emulator = getAuth(app).emulatorConfig;
    if (emulator)
      connectAuthEmulator(
        auth,
        `${emulator.protocol}://${emulator.host}${emulator.port === null ? '' : `:${emulator.port}`}`,
        { disableWarnings: true },
      );
    const created = await createUserWithEmailAndPassword(auth, email, throwawayPassword()).catch((err: unknown) => {
      const failure = toBackendError(err);
      if (failure.code === 'auth/email-already-in-use')
        throw new FirebaseBackendError(409, failure.code, currentMessages().users.duplicateEmail);
      throw failure;
    });
    const { uid } = created.user;
    try {
      await updateProfile(created.user, { displayName: fullName({ firstName, lastName }) });
      // The address as Auth keeps it (lower-case), so the exact email search finds what sign-in uses.
      const record = {
        firstName,
        lastName,
        email: created.user.email ?? email,
        uid,
        created: serverTimestamp(),
        userType: userTypeOf({ isAdmin, isEditor }),
        active: true,
        isAdmin,
        isEditor,
      };
      await setDoc(doc(db, 'users', uid), record);
    } catch (err) {
      // An account without its record could never sign in: take it away again rather than leave it.
      await created.user.delete().catch(() => undefined);
      throw toBackendError(err);
    }
    await sendPasswordResetEmail(auth, email).catch(() => undefined);
    await signOut(auth);
    const snap = await getDoc(doc(db, 'users', uid));
    return toUser(uid, snap.data() ?? { uid, email, firstName, lastName, active: true, isAdmin, isEditor });
  } finally {
    await deleteApp(secondary).catch(() => undefined);
  }
}
