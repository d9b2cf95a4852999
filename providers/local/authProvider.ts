import { PUBLIC_PATHS } from '../../domain/constants';
import type { ResourceDescription } from '../../domain/resourceDescription';
import { knownResource, mayAccess } from '../shared/access';
import type { StoredUser, User } from '../../domain/users';
import type { AppAuthProvider, Identity } from '../../base/backend';
import { api, ApiError } from './http';
import { clearStoredUser, readStoredUser, storeUser } from '../shared/userStorage';
import { fullName } from '../../domain/names';
import { signInWithPasskey } from './passkeys';
import { SECOND_FACTOR_REQUIRED, type TwoFactorStatus } from '../../domain/twoFactor';

const SIGN_IN_PAGE = '/signin';
/** Where a person REQUIRE_2FA covers goes until they have a second factor. */
export const TWO_FACTOR_PAGE = '/settings/two-factor';
// Calls to /api/me that start this close together share one answer (checkAuth and canAccess on one navigation).
const REUSE_MS = 500;

/**
 * A call that those starting while it runs, or within REUSE_MS of its answer, share; `forget` makes the next one new.
 */
function sharedCall<T>(make: () => Promise<T>): (() => Promise<T>) & { forget: () => void } {
  let recent: { call: Promise<T>; doneAt: number | null } | null = null;
  const shared = (): Promise<T> => {
    if (recent && (recent.doneAt === null || Date.now() - recent.doneAt < REUSE_MS)) return recent.call;
    const entry: { call: Promise<T>; doneAt: number | null } = { call: make(), doneAt: null };
    const done = (): void => {
      entry.doneAt = Date.now();
    };
    entry.call.then(done, done);
    recent = entry;
    return entry.call;
  };
  return Object.assign(shared, { forget: () => void (recent = null) });
}

/** The auth provider for our server: the session cookie is the truth, the stored record a cache of GET /api/me. */
export function createAuthProvider(described: readonly ResourceDescription[] = []): AppAuthProvider {
  const me = sharedCall(() =>
    api<User>('/api/me').then(storeUser, (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) clearStoredUser();
      throw err;
    }),
  );

  // Whether anyone is signed in at all, asked first when this browser keeps no one: the library's get-session answers
  // a signed-out visitor 200 with null, where GET /api/me's 401 would show as an error in the browser's console on
  // every signed-out page load. Shared like me()'s call (the first screen's prefetch, then the page's own check).
  const anyoneSignedIn = sharedCall(() =>
    api<unknown>('/api/auth/get-session').then(
      (session) => session !== null && session !== undefined,
      // Unsure (the server unreachable): ask /api/me, whose failure says why.
      () => true,
    ),
  );

  const forget = (): void => {
    me.forget();
    anyoneSignedIn.forget();
  };

  /** me(), without asking it when this browser keeps no one and the library knows no session: a signed-out visitor. */
  const meIfSignedIn = async (): Promise<StoredUser> => {
    if (readStoredUser() === null && !(await anyoneSignedIn()))
      throw new ApiError(401, 'unauthenticated', 'Not signed in.');
    return me();
  };

  /** Where a fresh sign-in lands: the set-up page when REQUIRE_2FA asks this person for a second factor first. */
  const landing = async (): Promise<string> => {
    const status = await api<TwoFactorStatus>('/api/me/two-factor').catch(() => null);
    return status && status.required && !status.enabled ? TWO_FACTOR_PAGE : '/';
  };

  return {
    login: async ({ email, password }) => {
      forget();
      const answer = await api<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email, password },
      });
      if (answer?.twoFactorRedirect) return { redirectTo: '', secondFactor: true };
      await me();
      return { redirectTo: await landing() };
    },

    verifySecondFactor: async ({ code, recovery }) => {
      forget();
      const path = recovery ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp';
      await api(path, { method: 'POST', body: { code: code.trim() } });
      await me();
      return { redirectTo: await landing() };
    },

    logout: async () => {
      const hadUser = readStoredUser() !== null;
      clearStoredUser();
      forget();
      // Ends the session on the server; skipped when it is known to be gone already.
      if (hadUser) await api('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
      // react-admin navigates a moment after this answers (a sign-out, or a failed check of a screen that is
      // already closing). Someone who has meanwhile reached a public page (/forgot from /signin) stays there.
      return PUBLIC_PATHS.includes(window.location.pathname) ? false : SIGN_IN_PAGE;
    },

    checkAuth: async () => {
      const hadUser = readStoredUser() !== null;
      try {
        await meIfSignedIn();
      } catch (err) {
        // No toast for someone who simply is not signed in; a lost session says so.
        const message = hadUser && err instanceof ApiError ? err.message : false;
        throw { redirectTo: SIGN_IN_PAGE, message };
      }
    },

    checkError: async (error: unknown) => {
      const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
      const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
      // REQUIRE_2FA: signed in, but only to the page that sets up a second factor.
      if (status === 403 && code === SECOND_FACTOR_REQUIRED)
        throw { redirectTo: TWO_FACTOR_PAGE, logoutUser: false, message: false };
      if (status === 401) {
        clearStoredUser();
        forget();
        throw { redirectTo: SIGN_IN_PAGE, message: false };
      }
    },

    getIdentity: async (): Promise<Identity> => {
      const user = readStoredUser() ?? (await meIfSignedIn());
      return { ...user, id: user.uid, fullName: fullName(user) };
    },

    getPermissions: async () => readStoredUser(),

    canAccess: async ({ resource, action }) => {
      // Deny by default: only the areas of the role matrix and the described resources exist.
      if (!knownResource(resource, described)) return false;
      const user = await me().catch(() => null);
      return mayAccess(user, resource, action, described);
    },

    requestPasswordReset: async (email) => {
      await api('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: '/reset-password' } });
    },

    resetPassword: async ({ token, newPassword }) => {
      await api('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
    },

    loginWithPasskey: async () => {
      forget();
      await signInWithPasskey();
      await me();
      return { redirectTo: '/' };
    },
  };
}
