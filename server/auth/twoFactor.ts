import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Database } from '../db/schema.js';
import type { User } from '../../domain/users.js';
import type { SecondFactorPolicy } from '../../domain/twoFactor.js';
import { hasPasskey, PASSKEY_TABLE } from './passkeys.js';

/**
 * The identity library's own table of authenticator secrets and recovery codes (both stored encrypted with
 * AUTH_SECRET).
 */
export const TWO_FACTOR_TABLE = 'auth_two_factor';

/**
 * better-auth's two-factor plugin as this console uses it: an authenticator app (TOTP, 6 digits, 30 s) and ten
 * one-time recovery codes; no mailed codes (OTP is not configured, so its routes answer OTP_NOT_CONFIGURED and
 * routes/auth.ts does not pass them on). Turning it on, off and getting new codes ask for the password.
 */
export function twoFactorPlugin(appName: string) {
  return twoFactor({
    issuer: appName,
    twoFactorTable: TWO_FACTOR_TABLE,
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    // The console has no "trust this device": every sign-in asks for a code.
    trustDeviceMaxAge: 1,
  });
}

/**
 * Whether the person has an authenticator app set up: the two-factor page shows it and its events follow it
 * (REQUIRE_2FA asks meetsSecondFactor, which counts a passkey too).
 * An authenticator app counts once its first code was checked (the library sets twoFactorEnabled then).
 */
export async function hasSecondFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const { rows } = await sql<{
    on: unknown;
  }>`select "twoFactorEnabled" as "on" from auth_user where "id" = ${userId}`.execute(db);
  const on = rows[0]?.on;
  if (on === true || on === 1 || on === '1') return true;
  // A passkey is not counted here: this is the authenticator app's state, which the two-factor page shows and its
  // events follow. REQUIRE_2FA asks meetsSecondFactor below.
  return false;
}

/** Whether the person meets REQUIRE_2FA: an authenticator app, or a registered passkey (server/auth/passkeys.ts). */
export async function meetsSecondFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await hasSecondFactor(db, userId)) || hasPasskey(db, userId);
}

/** Whether REQUIRE_2FA covers this person. */
export function policyCovers(policy: SecondFactorPolicy, user: Pick<User, 'isAdmin'>): boolean {
  return policy === 'all' || (policy === 'admins' && user.isAdmin);
}

/**
 * Turns the person's second factors off (the CLI's reset-2fa, for a lost phone or device): the secret, the recovery
 * codes and the passkeys go (a passkey-only account under REQUIRE_2FA cannot sign in by password, so a lost passkey
 * would lock it out), and the account signs in with its password alone until a new one is set up. Returns whether
 * there was one.
 */
export async function removeSecondFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      on: unknown;
    }>`select "twoFactorEnabled" as "on" from auth_user where "id" = ${userId}`.execute(trx);
    const deleted = await sql`delete from ${sql.table(TWO_FACTOR_TABLE)} where "userId" = ${userId}`.execute(trx);
    await sql`update auth_user set "twoFactorEnabled" = false where "id" = ${userId}`.execute(trx);
    const passkeys = await sql`delete from ${sql.table(PASSKEY_TABLE)} where "userId" = ${userId}`.execute(trx);
    const on = rows[0]?.on;
    return (
      on === true ||
      on === 1 ||
      on === '1' ||
      Number(deleted.numAffectedRows ?? 0) > 0 ||
      Number(passkeys.numAffectedRows ?? 0) > 0
    );
  });
}

/**
 * The account a sign-in waiting for its second factor belongs to: the library's signed two-factor cookie names a
 * verification row (stored under the SHA-256 of its identifier) whose value is the uid. Null when there is none or
 * the signature is wrong. Used only to throttle and record code attempts; the library checks the cookie itself.
 */
export async function pendingSignIn(
  db: Kysely<Database>,
  secret: string,
  cookieName: string,
  cookieHeader: string | undefined,
  hashIdentifier: (id: string) => string,
): Promise<string | null> {
  const signed = cookieValue(cookieHeader, cookieName);
  const dot = signed ? signed.lastIndexOf('.') : -1;
  if (!signed || dot < 1) return null;
  const identifier = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(identifier).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const { rows } = await sql<{ value: string; expiresAt: unknown }>`select "value", "expiresAt" from auth_verification
    where "identifier" = ${hashIdentifier(identifier)}`.execute(db);
  return rows[0]?.value ?? null;
}

/** One cookie's value from a Cookie header, decoded as the library decodes it. */
function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
