import { passkey } from '@better-auth/passkey';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Config } from '../config.js';
import { readRows } from '../db/read.js';

/**
 * The table better-auth's passkey plugin keeps its credentials in (made by its own migrations, beside auth_session).
 */
export const PASSKEY_TABLE = 'auth_passkey';

/**
 * better-auth's passkey plugin for this console: the relying party is PUBLIC_URL's host name and the only origin
 * accepted is PUBLIC_URL's, never the request's Origin header (the library's default).
 */
export function passkeyPlugin(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return passkey({
    rpID: url.hostname,
    rpName: 'Linen & Cotton Console',
    origin: url.origin,
    // A passkey is kept on the device and unlocked there (Windows Hello, Touch ID, a phone's screen lock, a security
    // key's PIN).
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    schema: { passkey: { modelName: PASSKEY_TABLE } },
  });
}

/** One passkey of an account, as the console's Activity entries name it (never its key or credential). */
export interface PasskeyRow {
  id: string;
  name: string | null;
  userId: string;
}

/** Whether the account has at least one passkey: a passkey is a second factor for REQUIRE_2FA. */
export async function hasPasskey(db: Kysely<Database>, userId: string): Promise<boolean> {
  const rows = await readRows<{ id: string }>(db, `select "id" from ${PASSKEY_TABLE} where "userId" = ? limit 1`, [
    userId,
  ]);
  return rows.length > 0;
}

/** A passkey by its id (the row's, as the library's routes take it); null when there is none. */
export async function findPasskey(db: Kysely<Database>, id: string): Promise<PasskeyRow | null> {
  const [row] = await readRows<PasskeyRow>(db, `select "id", "name", "userId" from ${PASSKEY_TABLE} where "id" = ?`, [
    id,
  ]);
  return row ?? null;
}

/** The account a credential (the WebAuthn id a sign-in answer names) belongs to; null when no passkey has it. */
export async function ownerOfCredential(db: Kysely<Database>, credentialId: string): Promise<string | null> {
  const [row] = await readRows<{ userId: string }>(
    db,
    `select "userId" from ${PASSKEY_TABLE} where "credentialID" = ?`,
    [credentialId],
  );
  return row?.userId ?? null;
}
