import {
  browserLocalPersistence,
  browserSessionPersistence,
  confirmPasswordReset,
  sendPasswordResetEmail,
  setPersistence,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import { PUBLIC_PATHS } from '../../domain/constants';
import type { ResourceDescription } from '../../domain/resourceDescription';
import { knownResource, mayAccess } from '../shared/access';
import type { User } from '../../domain/users';
import { currentMessages } from '../shared/locale';
import { clearStoredUser, readStoredUser, storeUser } from '../shared/userStorage';
import type { AppAuthProvider, Identity } from '../../base/backend';
import { notAvailable, FirebaseBackendError, guarded, toBackendError } from './errors';
import type { Session } from './session';
import { fullName } from '../../domain/names';

const SIGN_IN_PAGE = '/signin';

const statusOf = (error: unknown): unknown =>
  error && typeof error === 'object' && 'status' in error ? error.status : undefined;

/**
 * The auth provider over Firebase Auth: sign in with email and password, then users/{uid} decides. The Auth
 * session is the truth; the stored record (providers/shared/userStorage) is a cache of users/{uid}, as with our server.
 */
export function createFirebaseAuthProvider(
  session: Session,
  described: readonly ResourceDescription[] = [],
): AppAuthProvider {
  const { auth } = session;

  /** users/{uid} of the signed-in account, only while it exists and is active; otherwise signed out and 401. */
  const activeRecord = async (): Promise<User> => {
    const user = await session.record();
    if (user?.active) return user;
    await endSession();
    throw new FirebaseBackendError(401, 'refused', currentMessages().signin.failure);
  };

  const endSession = async (): Promise<void> => {
    clearStoredUser();
    session.forget();
    await signOut(auth).catch(() => undefined);
  };

  return {
    login: async ({ email, password }) => {
      session.forget();
      try {
        await signInWithEmailAndPassword(auth, email, password);
      } catch (err) {
        const failure = toBackendError(err);
        // Too many tries is worth saying; every other refusal is the spec's one message (no hint which part was wrong).
        if (failure.status === 429)
          throw new FirebaseBackendError(429, failure.code, currentMessages().signin.throttled);
        throw new FirebaseBackendError(401, failure.code, currentMessages().signin.failure);
      }
      // Refused unless users/{uid} exists and is active; signed out again otherwise, also when it cannot be read.
      const user = await activeRecord().catch(async (err: unknown) => {
        await endSession();
        throw new FirebaseBackendError(401, toBackendError(err).code, currentMessages().signin.failure);
      });
      // Editors stay signed in across browser restarts, everyone else for the tab (local storage for editors only).
      await setPersistence(auth, user.isEditor ? browserLocalPersistence : browserSessionPersistence).catch(
        () => undefined,
      );
      storeUser(user);
      return { redirectTo: '/' };
    },

    logout: async () => {
      await endSession();
      return PUBLIC_PATHS.includes(window.location.pathname) ? false : SIGN_IN_PAGE;
    },

    checkAuth: async () => {
      const hadUser = readStoredUser() !== null;
      try {
        storeUser(await activeRecord());
      } catch (err) {
        // No toast for someone who simply is not signed in; a lost session says so.
        const message = hadUser && err instanceof Error ? err.message : false;
        throw { redirectTo: SIGN_IN_PAGE, message };
      }
    },

    checkError: async (error: unknown) => {
      if (statusOf(error) === 401) {
        await endSession();
        throw { redirectTo: SIGN_IN_PAGE, message: false };
      }
    },

    getIdentity: async (): Promise<Identity> => {
      const user = readStoredUser() ?? storeUser(await activeRecord());
      return { ...user, id: user.uid, fullName: fullName(user) };
    },

    getPermissions: async () => readStoredUser(),

    canAccess: async ({ resource, action }) => {
      if (!knownResource(resource, described)) return false;
      const user = await activeRecord().catch(() => null);
      return mayAccess(user, resource, action, described);
    },

    // Firebase Auth asks no second factor here (it needs Google Identity Platform), so a sign-in never gets this far.
    verifySecondFactor: async () => Promise.reject(notAvailable()),

    requestPasswordReset: async (email) => {
      try {
        await sendPasswordResetEmail(auth, email);
      } catch (err) {
        // Resolves for an unknown address, as our server does (projects with enumeration protection do so anyway).
        if (err && typeof err === 'object' && 'code' in err && err.code === 'auth/user-not-found') return;
        throw toBackendError(err);
      }
    },

    // The token is the oobCode of Firebase's action link (/reset-password?mode=resetPassword&oobCode=…).
    resetPassword: async ({ token, newPassword }) => guarded(() => confirmPasswordReset(auth, token, newPassword)),
  };
}
