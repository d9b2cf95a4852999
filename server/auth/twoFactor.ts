import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { symmetricDecrypt } from 'better-auth/crypto';
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
 * routes/auth.ts does not pass them on). Turning it on, off and getting new codes ask for the password. Its account
 * lock is off: wrong codes are throttled by the console's one rule (core/throttle.ts, per account and address).
 */
export function twoFactorPlugin(appName: string) {
  return twoFactor({
    issuer: appName,
    twoFactorTable: TWO_FACTOR_TABLE,
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    // The console has no "trust this device": every sign-in asks for a code.
    trustDeviceMaxAge: 1,
    // Its lock (10 wrong codes in a row lock the account's second step from every address for 15 minutes) would let
    // anyone with the password lock the owner out; the console's throttle backs off that account from that address
    // only (docs/decisions.md, 'Throttling is ours'). Its 5 tries per pending sign-in stay: then the password again.
    accountLockout: { enabled: false },
  });
}

/** The authenticator app's code as the plugin makes it (its defaults): 6 digits, 30-second steps. */
const TOTP_DIGITS = 6;
const TOTP_PERIOD_MS = 30_000;
/** The steps either side of now the plugin takes a code from (its verify's default window). */
const TOTP_WINDOW = 1;

/** RFC 4226 HOTP of a key at a counter, as the plugin computes it (HMAC-SHA1, dynamic truncation). */
function hotp(key: Buffer, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 to bytes (the plugin stores an imported secret as `base32:<secret>`). */
function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.toUpperCase().replace(/=+$/, '')) {
    const i = BASE32.indexOf(ch);
    if (i < 0) continue;
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** What claimTotpStep found: no step of the account's secret has this code (the plugin will refuse it), or it does. */
export type TotpClaim = 'unmatched' | 'claimed' | 'used';

/**
 * Takes a code from the authenticator app once (RFC 6238 §5.2), before the plugin checks it: the time step the code
 * belongs to (within the plugin's window) is recorded as the account's last used one, only if it is later than the
 * one recorded. One statement on the shared database, so of two sign-ins sending one code at the same moment, on any
 * instances, exactly one claims it; the other, and any later use of that code or an earlier one, is 'used'.
 * 'unmatched' when the code is no code of the secret now (left to the plugin, which refuses and counts it), or the
 * account has no secret. The secret is the plugin's own, decrypted with its key (`secretKey`: its context's
 * secretConfig).
 */
export async function claimTotpStep(
  db: Kysely<Database>,
  secretKey: Parameters<typeof symmetricDecrypt>[0]['key'],
  userId: string,
  code: unknown,
  now = Date.now(),
): Promise<TotpClaim> {
  if (typeof code !== 'string' || !/^\d+$/.test(code)) return 'unmatched';
  const { rows } = await sql<{
    secret: string;
  }>`select "secret" from ${sql.table(TWO_FACTOR_TABLE)} where "userId" = ${userId}`.execute(db);
  if (!rows[0]) return 'unmatched';
  const plain = await symmetricDecrypt({ key: secretKey, data: rows[0].secret });
  const key = plain.startsWith('base32:') ? fromBase32(plain.slice(7)) : Buffer.from(plain, 'utf8');
  const current = Math.floor(now / TOTP_PERIOD_MS);
  let step: number | null = null;
  // The latest step the code is (two steps sharing a code is a one-in-a-million chance; the later is kept).
  for (let d = -TOTP_WINDOW; d <= TOTP_WINDOW; d++) if (hotp(key, current + d) === code) step = current + d;
  if (step === null) return 'unmatched';
  const claimed = await sql<{ user_id: string }>`insert into totp_steps ("user_id", "step") values (${userId}, ${step})
    on conflict ("user_id") do update set "step" = excluded."step" where totp_steps."step" < excluded."step"
    returning "user_id"`.execute(db);
  return claimed.rows.length > 0 ? 'claimed' : 'used';
}

/** Forgets the account's last used step: its secret is new (turned on again), so the old steps say nothing of it. */
export async function forgetTotpSteps(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('totp_steps').where('user_id', '=', userId).execute();
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
    await forgetTotpSteps(trx, userId);
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
