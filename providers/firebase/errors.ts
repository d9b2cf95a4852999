import { currentMessages } from '../shared/locale';
import type { BackendError } from '../../base/backend';

/** A failure of the Firebase back end in the shape every screen reads: an HTTP-like status, a code, a message. */
export class FirebaseBackendError extends Error implements BackendError {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FirebaseBackendError';
  }
}

/**
 * A feature of our own server that Firestore cannot do honestly (listed in the README's Firebase section). Status 400,
 * not 501: the screens show a refusal's own message for 400/403/404/409 (base/errors.ts), so staff read why.
 */
export const notAvailable = (): FirebaseBackendError =>
  new FirebaseBackendError(400, 'not_available', currentMessages().firebase.notAvailable);

/** The screens' 409: the record changed since it was loaded; `message` is the screen's own stale text. */
export const conflict = (message: string): FirebaseBackendError => new FirebaseBackendError(409, 'conflict', message);

/** The screens' 404 ('No products', 'No users'): the document does not exist. */
export const notFound = (): FirebaseBackendError =>
  new FirebaseBackendError(404, 'not_found', currentMessages().errors.notFound);

// The SDKs' codes ('permission-denied', 'storage/unauthorized', 'auth/network-request-failed') by the status our
// server would have answered, so the screens' checks (404 'No products', 409 stale, 401 sign out) work unchanged.
const STATUS: Record<string, number> = {
  'permission-denied': 403,
  unauthenticated: 401,
  'not-found': 404,
  'already-exists': 409,
  aborted: 409,
  'invalid-argument': 400,
  'failed-precondition': 400,
  'resource-exhausted': 429,
  unavailable: 0,
  'deadline-exceeded': 0,
  'storage/unauthorized': 403,
  'storage/unauthenticated': 401,
  'storage/object-not-found': 404,
  'storage/quota-exceeded': 429,
  'storage/retry-limit-exceeded': 0,
  'auth/network-request-failed': 0,
  'auth/too-many-requests': 429,
  'auth/user-token-expired': 401,
  'auth/requires-recent-login': 401,
};

/** Any SDK failure as a BackendError (ours pass through); unknown ones count as a server failure (500). */
export function toBackendError(err: unknown): BackendError {
  if (err instanceof FirebaseBackendError) return err;
  const code = err && typeof err === 'object' && 'code' in err && typeof err.code === 'string' ? err.code : 'unknown';
  const status = STATUS[code] ?? 500;
  const m = currentMessages();
  const byStatus: Record<number, string> = {
    0: m.errors.network,
    400: m.errors.validation,
    401: m.errors.unauthenticated,
    403: m.errors.forbidden,
    404: m.errors.notFound,
    429: m.signin.throttled,
  };
  const message = byStatus[status] ?? m.errors.server;
  return new FirebaseBackendError(status, code, message);
}

/** Runs a back-end call and turns whatever it throws into a BackendError. */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toBackendError(err);
  }
}
