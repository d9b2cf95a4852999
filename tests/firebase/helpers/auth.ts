import { inject } from 'vitest';
import { AUTH_PROJECT } from '../globalSetup';

// REST calls of the Auth emulator (https://firebase.google.com/docs/emulator-suite/connect_auth#rest_api).
const base = (): string => `http://${inject('authEmulatorHost')}`;
const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

/** Deletes every account of the emulator's project (between tests). */
export async function clearAccounts(): Promise<void> {
  const res = await fetch(`${base()}/emulator/v1/projects/${AUTH_PROJECT}/accounts`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`clearing accounts: ${res.status}`);
}

/** Creates an account with the emulator's sign-up endpoint; returns its uid. */
export async function createAccount(email: string, password: string): Promise<string> {
  const res = await fetch(`${base()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId?: string; error?: { message: string } };
  if (!body.localId) throw new Error(`sign-up failed: ${body.error?.message ?? res.status}`);
  return body.localId;
}

export interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The out-of-band codes the emulator 'sent' (reset mails and the like). */
export async function oobCodes(): Promise<OobCode[]> {
  const res = await fetch(`${base()}/emulator/v1/projects/${AUTH_PROJECT}/oobCodes`);
  return ((await res.json()) as { oobCodes: OobCode[] }).oobCodes;
}

/** The account as the emulator holds it (lookup as the project owner). */
export async function lookupAccount(
  uid: string,
): Promise<{ email: string; displayName?: string; disabled?: boolean } | undefined> {
  const res = await fetch(`${base()}/identitytoolkit.googleapis.com/v1/projects/${AUTH_PROJECT}/accounts:lookup`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ localId: [uid] }),
  });
  const body = (await res.json()) as { users?: { email: string; displayName?: string; disabled?: boolean }[] };
  return body.users?.[0];
}

/** The emulator's host:port for connectAuthEmulator. */
export const authEmulatorUrl = (): string => base();
