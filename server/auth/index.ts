import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { createHash } from 'node:crypto';
import { SqliteDialect, PostgresDialect, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Mailer } from '../mail/index.js';
import { findUser } from '../core/users.js';
import { hashPassword, verifyPassword } from './password.js';
import { passkeyPlugin } from './passkeys.js';
import { twoFactorPlugin } from './twoFactor.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/constants.js';
import { pickLocale } from '../../domain/locales.js';
import { said, say } from '../../domain/translate.js';

/**
 * The header the client's address reaches the library in (routes/auth.ts sets it to req.ip, which TRUST_PROXY decides).
 */
export const CLIENT_IP_HEADER = 'x-console-client-ip';

/** The name authenticator apps show beside the account (the TOTP issuer). */
const APP_NAME = 'Linen & Cotton Console';

/** The identity library, set up for this console: email and password, sessions in our database. */
export function createAuth(config: Config, db: Db, mailer: Mailer, log: (msg: string) => void) {
  const secure = config.publicUrl.startsWith('https://');
  // The library keeps its own tables (auth_user, auth_session, auth_account, auth_verification)
  // beside ours; the uid of users/{uid} is the auth_user id, as in the original's Firebase split.
  const dialect = db.pool ? new PostgresDialect({ pool: db.pool }) : new SqliteDialect({ database: db.sqlite! });
  return betterAuth({
    appName: APP_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    telemetry: { enabled: false },
    // The library logs to the console on its own; LOG_LEVEL=silent quiets it too.
    logger: { disabled: config.logLevel === 'silent' },
    database: { dialect, type: db.dialect === 'postgres' ? 'postgres' : 'sqlite' },
    user: { modelName: 'auth_user' },
    session: {
      modelName: 'auth_session',
      expiresIn: config.sessionIdleHours * 3600,
      // Refresh at most every hour, so an idle session ends sessionIdleHours after its last use.
      updateAge: Math.min(3600, config.sessionIdleHours * 1800),
      cookieCache: { enabled: false },
    },
    account: { modelName: 'auth_account' },
    // Identifiers (reset-password:<token>) stored as their SHA-256, so a database leak holds no usable link.
    verification: { modelName: 'auth_verification', storeIdentifier: { hash: async (id) => hashIdentifier(id) } },
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 30 * 60,
      revokeSessionsOnPasswordReset: true,
      // A completed reset voids every other link of the account, and any sign-in started with the old password that
      // waits for its second factor (as it ends the account's sessions).
      onPasswordReset: async ({ user }) => {
        await voidVerifications(db.kysely, user.id);
        // A password of ours now: a hash brought from Firebase is never used again (auth/firebasePasswords.ts).
        await db.kysely.deleteFrom('firebase_passwords').where('user_id', '=', user.id).execute();
      },
      sendResetPassword: async ({ user, token }, request) => {
        // Only the newest link works: asking again voids the ones mailed before (and nothing else: anyone may ask).
        await voidResetLinks(db.kysely, user.id, hashIdentifier(`reset-password:${token}`));
        // The link is built from PUBLIC_URL, never from the request's Host header.
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // In the language of the browser that asked (the console sends its chosen one).
        const locale = pickLocale(request?.headers.get('accept-language'));
        // Not awaited: the answer must not take longer for a known address than for an unknown one.
        void mailer
          .send({
            to: user.email,
            subject: say(locale, 'mail.resetSubject'),
            text: say(locale, 'mail.resetBody', { link }),
          })
          .catch((err: unknown) => log(`Could not send reset email to ${user.email}: ${String(err)}`));
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Sign-in refuses a user whose record is missing or inactive.
          before: async (session) => {
            const record = await findUser(db.kysely, session.userId);
            if (!record || !record.active) {
              throw new APIError('UNAUTHORIZED', {
                message: said('signin.failure'),
                code: 'INVALID_EMAIL_OR_PASSWORD',
              });
            }
          },
        },
      },
    },
    trustedOrigins: config.trustedOrigins,
    // The library's plugins: the authenticator app and recovery codes (server/auth/twoFactor.ts), and passkeys
    // (server/auth/passkeys.ts: routes under /api/auth/passkey/*, table auth_passkey).
    plugins: [twoFactorPlugin(APP_NAME), passkeyPlugin(config)],
    advanced: {
      // Over https the session cookie takes the __Host- prefix (Secure, Path=/, no Domain), so the
      // library's own __Secure- prefix is turned off and the name set whole.
      useSecureCookies: false,
      cookiePrefix: 'console',
      cookies: secure ? { session_token: { name: '__Host-console.session_token' } } : undefined,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure },
      // The address a session row keeps (Account Settings → Sessions): only ever the one routes/auth.ts sets.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What a reset link's identifier begins with, in the library and (kept in front of the hash) in the table. */
const RESET_PREFIX = 'reset-password:';

/**
 * How a verification identifier is stored: SHA-256, base64url. A reset link's keeps its prefix in front of the hash,
 * so the account's reset links can be told from its other rows (a sign-in waiting for its second factor has the uid
 * as its value too).
 */
export const hashIdentifier = (identifier: string): string => {
  const hash = createHash('sha256').update(identifier).digest('base64url');
  return identifier.startsWith(RESET_PREFIX) ? `${RESET_PREFIX}${hash}` : hash;
};

/**
 * Deletes the account's reset links, but the one kept; nothing else (an anonymous reset request must not end a
 * sign-in under way). Links stored before the prefix was kept (a bare hash) no longer match any token and expire.
 */
async function voidResetLinks(db: Kysely<Database>, userId: string, keep: string): Promise<void> {
  await db
    .deleteFrom('auth_verification' as never)
    .where('value' as never, '=', userId as never)
    .where('identifier' as never, 'like', `${RESET_PREFIX}%` as never)
    .where('identifier' as never, '<>', keep as never)
    .execute();
}

/**
 * Deletes every verification row whose value is the account's uid: its reset links and its pending sign-ins. Called
 * wherever a password is set (a reset, a change while signed in, setPassword), so no link mailed before outlives it.
 */
export async function voidVerifications(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .deleteFrom('auth_verification' as never)
    .where('value' as never, '=', userId as never)
    .execute();
}
