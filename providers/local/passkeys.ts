import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { AccountPasskey } from '../../domain/account';
import { currentMessages } from '../shared/locale';
import { api, ApiError } from './http';

// Passkeys through better-auth's passkey routes under /api/auth/passkey (server/auth/passkeys.ts). The browser's
// half of each ceremony is @simplewebauthn/browser, loaded only when a passkey is used, so the sign-in page stays
// light.

/** The browser refused or gave up a ceremony (cancelled, timed out, no passkey, this device already registered). */
function ceremonyError(err: unknown, failure: string): ApiError {
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : 'ERROR_CEREMONY';
  const m = currentMessages().account.passkeys;
  const message = code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ? m.alreadyAdded : failure;
  return new ApiError(400, code, message);
}

/** Signs in with a passkey of this device: the server's challenge, the browser's answer, the server's check. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const failure = currentMessages().signin.passkeyFailure;
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/passkey/generate-authenticate-options',
  );
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (err) {
    throw ceremonyError(err, failure);
  }
  await api('/api/auth/passkey/verify-authentication', { method: 'POST', body: { response } });
}

/** Makes a passkey on this device and adds it to the signed-in person's account under `name`. */
export async function addPasskey(name: string): Promise<void> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  const m = currentMessages().account.passkeys;
  if (!browserSupportsWebAuthn()) throw new ApiError(400, 'not_supported', m.unsupported);
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkey/generate-register-options');
  let response: RegistrationResponseJSON;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (err) {
    throw ceremonyError(err, m.addFailed);
  }
  await api('/api/auth/passkey/verify-registration', { method: 'POST', body: { response, name } });
}

/** The signed-in person's passkeys, oldest first, as the screens know them. */
export async function listPasskeys(): Promise<AccountPasskey[]> {
  const rows = await api<{ id: string; name?: string | null; createdAt: string }[]>(
    '/api/auth/passkey/list-user-passkeys',
  );
  return rows
    .map((r) => ({ id: r.id, name: r.name ?? null, createdAt: new Date(r.createdAt).toISOString() }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Renames one of the signed-in person's passkeys. */
export async function renamePasskey(id: string, name: string): Promise<void> {
  await api('/api/auth/passkey/update-passkey', { method: 'POST', body: { id, name } });
}

/** Removes one of the signed-in person's passkeys. */
export async function removePasskey(id: string): Promise<void> {
  await api('/api/auth/passkey/delete-passkey', { method: 'POST', body: { id } });
}
