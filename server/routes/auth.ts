import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { CLIENT_IP_HEADER, type Auth } from '../auth/index.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../mail/index.js';
import type { Attempt, SignInGuard } from '../core/signin.js';
import type { AccountEvents, Origin } from '../core/accountEvents.js';
import type { User } from '../../domain/users.js';
import { countSessions } from '../auth/sessions.js';
import { mailPasswordChanged } from '../auth/notify.js';
import { localeOf } from '../http/locale.js';
import { textAllowed } from '../../domain/text.js';
import { afterPasskey, beforePasskey, PASSKEY_CHALLENGE, PASSKEY_OPEN, type PasskeyRefusal } from './authPasskeys.js';
import type { SignInMethod } from '../../domain/account.js';
import { SECOND_FACTOR_REQUIRED, type SecondFactorPolicy } from '../../domain/twoFactor.js';
import { claimTotpStep, forgetTotpSteps, hasSecondFactor, pendingSignIn, policyCovers } from '../auth/twoFactor.js';
import { hasPasskey } from '../auth/passkeys.js';
import { hashIdentifier, voidVerifications } from '../auth/index.js';
import { lacksSecondFactor } from '../http/access.js';
import { findUser } from '../core/users.js';
import { adoptFirebasePassword } from '../auth/firebasePasswords.js';
import { said, throttledFor } from '../../domain/translate.js';

interface Deps {
  auth: Auth;
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  /** The throttling rules of sign-in, forgot and reset (core/signin.ts). */
  guard: SignInGuard;
  /** Sign-in and account events for the Activity page. */
  events: AccountEvents;
  /** The request's active signed-in user, found as the access guard finds it (http/access.ts); null when none. */
  whoIs: (req: FastifyRequest, reply: FastifyReply) => Promise<User | null>;
  /** REQUIRE_2FA: who must set up a second factor before anything else. */
  require2fa: SecondFactorPolicy;
}

/** The identity routes the sign-in guard watches. */
const GUARDED: Record<string, Attempt['kind']> = {
  '/sign-in/email': 'signIn',
  '/request-password-reset': 'requestReset',
  '/reset-password': 'reset',
  [PASSKEY_CHALLENGE]: 'passkey',
};

/**
 * The identity routes open without a session. Every other one (change-password, revoke-other-sessions…)
 * needs an active user, as the console's own routes do: the library alone would serve a deactivated user's session.
 */
const OPEN = new Set([
  '/sign-in/email',
  '/sign-out',
  '/request-password-reset',
  '/reset-password',
  '/get-session',
  '/ok',
  '/error',
  ...PASSKEY_OPEN,
]);
const isOpen = (path: string): boolean => OPEN.has(path) || path.startsWith('/reset-password/') || path in CODES;

/**
 * The second step of a sign-in: a code from the authenticator app or a recovery code, after the password. Open (the
 * library's two-factor cookie says whose sign-in it is); each code counts as a sign-in attempt of that account from
 * that address, with the same backoff. Called with a session instead, verify-totp confirms a new authenticator app.
 */
const CODES: Record<string, SignInMethod> = {
  '/two-factor/verify-totp': 'totp',
  '/two-factor/verify-backup-code': 'recoveryCode',
};

/** What a person REQUIRE_2FA covers may still call without a second factor: set one up, or sign out. */
const BEFORE_SECOND_FACTOR = new Set([
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/sign-out',
  '/get-session',
  // A passkey is a second factor too: adding one (and seeing the list it lands in) is setting one up.
  '/passkey/list-user-passkeys',
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
]);

/**
 * Not served at all: the plugin's mailed one-time codes (not configured in this console), and the library's session
 * list and its end-one-session, which deal in session tokens (the page must never see one): Account Settings →
 * Sessions uses ours, by id (routes/account.ts).
 */
const UNUSED = new Set(['/two-factor/send-otp', '/two-factor/verify-otp', '/list-sessions', '/revoke-session']);

/**
 * Routes that take the account's password again: a wrong one counts as a failed sign-in, as a password change's does.
 */
const WITH_PASSWORD = new Set([
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/two-factor/get-totp-uri',
]);

/** The library's refusals of a code, in the console's words. */
const CODE_REFUSALS: Record<string, string> = {
  INVALID_CODE: said('twoFactor.wrongCode'),
  INVALID_BACKUP_CODE: said('twoFactor.wrongCode'),
  INVALID_TWO_FACTOR_COOKIE: said('twoFactor.expired'),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: said('twoFactor.expired'),
  TOTP_ALREADY_ENABLED: said('twoFactor.failure'),
  TOTP_NOT_ENABLED: said('twoFactor.failure'),
};

/** The library's routes that end sessions of the caller: each is recorded with how many ended. */
const ENDING = new Set(['/revoke-sessions', '/revoke-other-sessions']);

/** The library's refusals of a password change, in the console's words. */
const PASSWORD_REFUSALS: Record<string, string> = {
  INVALID_PASSWORD: said('account.password.wrong'),
  PASSWORD_TOO_SHORT: said('reset.tooShort'),
  PASSWORD_TOO_LONG: said('account.password.tooLong'),
};

const SIGNIN_FAILED = { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: said('signin.failure') } };
const BAD_EMAIL = {
  error: {
    code: 'validation',
    message: said('errors.validation'),
    details: [{ path: '/email', message: said('errors.email') }],
  },
};

/** Mounts the identity library at /api/auth/*, adding throttles and our error shape around it. */
/** Whether REQUIRE_2FA covers this person and their second factor is a passkey only (no authenticator app). */
async function passkeyIsTheirFactor(deps: Deps, uid: string): Promise<boolean> {
  if (deps.require2fa === 'off') return false;
  const user = await findUser(deps.db, uid);
  return (
    user !== null &&
    policyCovers(deps.require2fa, user) &&
    !(await hasSecondFactor(deps.db, uid)) &&
    (await hasPasskey(deps.db, uid))
  );
}

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    handler: async (req, reply) => {
      const path = req.url.split('?')[0]!.slice('/api/auth'.length);
      if (path === '/sign-up/email') {
        // There is no public sign-up: accounts come from an admin or the CLI.
        return reply.code(403).send({ error: { code: 'forbidden', message: said('errors.forbidden') } });
      }
      if (UNUSED.has(path))
        return reply.code(404).send({ error: { code: 'not_found', message: said('errors.notFound') } });
      const codeMethod = CODES[path];
      // A code path with a session confirms a new authenticator app; without one it is a sign-in's second step.
      const user = isOpen(path) && !codeMethod ? null : await deps.whoIs(req, reply);
      if (!isOpen(path) && !user)
        return reply.code(401).send({ error: { code: 'unauthenticated', message: said('errors.unauthenticated') } });
      if (user && !BEFORE_SECOND_FACTOR.has(path) && (await lacksSecondFactor(deps.db, deps.require2fa, user))) {
        return reply.code(403).send({ error: { code: SECOND_FACTOR_REQUIRED, message: said('twoFactor.required') } });
      }
      const from: Origin = { ip: req.ip, userAgent: req.headers['user-agent'] };
      const changing = path === '/change-password';
      const withPassword = WITH_PASSWORD.has(path);
      // The account whose sign-in waits for this code (sign-in step two only).
      const pending = codeMethod && !user ? await pendingAccount(deps, req.headers.cookie) : null;
      const secondStep = Boolean(codeMethod && !user);
      // A wrong current password counts as a failed sign-in of that account from that address: the same backoff.
      const kind = withPassword || secondStep ? 'signIn' : (GUARDED[path] ?? null);
      const signIn = path === '/sign-in/email';
      const email = withPassword
        ? user!.email
        : secondStep
          ? (pending?.email ?? null)
          : signIn || kind === 'requestReset'
            ? emailOf(req.body)
            : null;
      // The same rule as every other email the console takes, before anything reaches a table.
      if (email === false) return reply.code(400).send(BAD_EMAIL);
      const attempt = kind ? { kind, ip: req.ip, email } : null;
      const wait = attempt ? await deps.guard.admit(attempt) : null;
      if (wait !== null) {
        if (signIn || secondStep) await deps.events.signInThrottled(email, from);
        if (wait > 0) void reply.header('Retry-After', wait);
        return reply.code(429).send({ error: { code: 'throttled', message: throttledFor(wait) } });
      }

      // Someone brought from Firebase signs in for the first time: their password becomes ours first.
      if (signIn && isObject(req.body))
        await adoptFirebasePassword(deps.auth, deps.db, req.body.email, req.body.password);
      // A password change always ends every other session of the account (the issue's rule, not the caller's choice).
      let body = changing && isObject(req.body) ? { ...req.body, revokeOtherSessions: true } : req.body;
      // No "trust this device": every sign-in of an account with a second factor asks for a code.
      if (codeMethod && isObject(body)) body = { ...body, trustDevice: false };
      const before = user && (changing || ENDING.has(path)) ? await countSessions(deps.db, user.uid) : 0;
      const passkey = path.startsWith('/passkey/') ? await beforePasskey(path, body, user, deps) : null;
      if (passkey && 'status' in passkey) return reply.code(passkey.status).send(passkey.body);
      const hadSecondFactor =
        user && path === '/two-factor/verify-totp' ? await hasSecondFactor(deps.db, user.uid) : false;
      // A code from the app is taken once (RFC 6238 §5.2), on every instance: claimed before the library checks it.
      const codeOf = path === '/two-factor/verify-totp' ? (user?.uid ?? pending?.uid) : undefined;
      if (codeOf && isObject(body)) {
        const ctx = await deps.auth.$context;
        if ((await claimTotpStep(deps.db, ctx.secretConfig, codeOf, body.code)) === 'used') {
          const refused = { error: { code: 'CODE_USED', message: said('twoFactor.codeUsed') } };
          // Signed in already (confirming a new app): a 400, as for a form's refusal, not a lost session's 401.
          if (user) return reply.code(400).send(refused);
          req.log.warn({ ip: req.ip, uid: codeOf }, 'second factor refused: code used already');
          await deps.guard.failed(attempt!);
          await deps.events.signInFailed(email, from);
          return reply.code(401).send(refused);
        }
      }
      const res = await deps.auth.handler(toWebRequest(req, deps.publicUrl, body));
      const text = await res.text();
      const refusal = passkey
        ? await afterPasskey(
            path,
            passkey,
            { ok: res.ok, text, code: errorCode(text) },
            { body, user, ip: req.ip, from },
            deps,
          )
        : null;

      if (signIn && res.status === 401) {
        req.log.warn({ ip: req.ip, email }, 'sign-in failed');
        await deps.guard.failed(attempt!);
        await deps.events.signInFailed(email, from);
        // One answer for every refusal (unknown email, wrong password, missing or inactive record).
        return reply.code(401).send(SIGNIN_FAILED);
      }
      if (signIn && res.ok) {
        const answer = JSON.parse(text) as { user?: { id?: string }; token?: string };
        const uid = answer.user?.id;
        // Under REQUIRE_2FA, a person whose second factor is a passkey (and no authenticator app, which the library
        // would ask for here) signs in with it: the password alone would let a stolen password in. The session the
        // library just made is ended before its cookie leaves, and the refusal is recorded.
        if (uid && (await passkeyIsTheirFactor(deps, uid))) {
          if (answer.token) await sql`delete from auth_session where "token" = ${answer.token}`.execute(deps.db);
          await deps.events.signInFailed(email, from);
          return reply.code(403).send({ error: { code: 'passkey_required', message: said('signin.passkeyRequired') } });
        }
        // A right password of an account with a second factor is not yet a sign-in: the backoff stays until the code.
        if (uid) {
          await deps.guard.succeeded(attempt!);
          await deps.events.signedIn(uid, from);
        }
      }
      if (secondStep) {
        const code = res.ok ? null : errorCode(text);
        if (res.ok) {
          await deps.guard.succeeded(attempt!);
          const uid = (JSON.parse(text) as { user?: { id?: string } }).user?.id;
          if (uid) await deps.events.signedIn(uid, from, codeMethod);
        } else if (pending && (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE')) {
          req.log.warn({ ip: req.ip, uid: pending.uid }, 'second factor refused');
          await deps.guard.failed(attempt!);
          await deps.events.signInFailed(email, from);
        }
        if (code)
          return reply
            .code(res.status)
            .send({ error: { code, message: CODE_REFUSALS[code] ?? said('twoFactor.wrongCode') } });
      }
      if (withPassword && !changing) {
        const code = res.ok ? null : errorCode(text);
        if (code === 'INVALID_PASSWORD') {
          await deps.guard.failed(attempt!);
          return reply.code(400).send({ error: { code, message: said('twoFactor.wrongPassword') } });
        }
        if (res.ok) await deps.guard.succeeded(attempt!);
        if (code && CODE_REFUSALS[code])
          return reply.code(res.status).send({ error: { code, message: CODE_REFUSALS[code] } });
        if (res.ok && path === '/two-factor/disable') await deps.events.secondFactorRemoved(user!.uid, user!.uid, from);
        // A new secret: the steps used with the old one say nothing of its codes.
        if (res.ok && path === '/two-factor/enable') await forgetTotpSteps(deps.db, user!.uid);
        if (res.ok && path === '/two-factor/generate-backup-codes')
          await deps.events.recoveryCodesRenewed(user!.uid, from);
      }
      if (user && path === '/two-factor/verify-totp') {
        if (res.ok && !hadSecondFactor && (await hasSecondFactor(deps.db, user.uid)))
          await deps.events.secondFactorAdded(user.uid, from);
        const code = res.ok ? null : errorCode(text);
        if (code)
          return reply
            .code(res.status)
            .send({ error: { code, message: CODE_REFUSALS[code] ?? said('twoFactor.wrongCode') } });
      }
      if (changing) {
        const code = res.ok ? null : errorCode(text);
        if (code === 'INVALID_PASSWORD') await deps.guard.failed(attempt!);
        if (code && PASSWORD_REFUSALS[code])
          return reply.code(400).send({ error: { code, message: PASSWORD_REFUSALS[code] } });
        if (res.ok) {
          await deps.guard.succeeded(attempt!);
          await passwordChanged(deps, user!, from, localeOf(req), Math.max(0, before - 1), req.log);
        }
      }
      if (user && ENDING.has(path) && res.ok)
        await deps.events.sessionsEnded(user.uid, user.uid, before - (await countSessions(deps.db, user.uid)), from);
      return sendWebResponse(reply, res, text, refusal);
    },
  });
}

/**
 * After a password change: every reset link and waiting sign-in of the account void (as a reset voids them), the
 * Activity entry and the mail to the account (a failed send is logged, the change stands).
 */
async function passwordChanged(
  deps: Deps,
  user: User,
  from: Origin,
  locale: ReturnType<typeof localeOf>,
  ended: number,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  await voidVerifications(deps.db, user.uid);
  await deps.events.passwordChanged(user.uid, from, ended);
  await mailPasswordChanged(deps.mailer, user.email, locale, { at: new Date(), address: from.ip }).catch(
    (err: unknown) => log.warn({ err, to: user.email }, 'could not send the password-changed mail'),
  );
}

/** The account a sign-in waiting for its second factor belongs to, from the library's two-factor cookie. */
async function pendingAccount(
  deps: Deps,
  cookieHeader: string | undefined,
): Promise<{ uid: string; email: string } | null> {
  const ctx = await deps.auth.$context;
  const uid = await pendingSignIn(
    deps.db,
    ctx.secret,
    ctx.createAuthCookie('two_factor').name,
    cookieHeader,
    hashIdentifier,
  );
  const record = uid ? await findUser(deps.db, uid) : null;
  return record ? { uid: record.uid, email: record.email } : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The library's error code in an answer's text, if it has one. */
function errorCode(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : null;
  } catch {
    return null;
  }
}

/** The body's email, trimmed and lower-case; null when absent; false when it breaks the rule for emails. */
function emailOf(body: unknown): string | null | false {
  if (!body || typeof body !== 'object' || !('email' in body)) return null;
  if (typeof body.email !== 'string') return false;
  const email = body.email.normalize('NFC').trim().toLowerCase();
  return email.length > 0 && email.length <= 254 && textAllowed(email, 'line') ? email : false;
}

/**
 * Builds a fetch Request from a Fastify request (with `body` in place of its own); the origin is always PUBLIC_URL,
 * never the Host header, and the client's address is req.ip, never a header the client sent.
 */
function toWebRequest(req: FastifyRequest, publicUrl: string, given: unknown): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'host' || k === 'content-length' || k === CLIENT_IP_HEADER) continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  }
  headers.set(CLIENT_IP_HEADER, req.ip);
  const body = req.method === 'GET' || given === undefined ? undefined : JSON.stringify(given);
  if (body) headers.set('content-type', 'application/json');
  return new Request(new URL(req.url, publicUrl), { method: req.method, headers, body });
}

/**
 * Copies a fetch Response (status, headers, every Set-Cookie, body) onto the Fastify reply, without any session token
 * in the body.
 */
function sendWebResponse(
  reply: FastifyReply,
  res: Response,
  text: string,
  refusal: PasskeyRefusal | null = null,
): FastifyReply {
  reply.code(refusal?.status ?? res.status);
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  if (!res.ok && text) {
    // The library answers { code, message }; the console's API answers { error: { code, message } }.
    try {
      const parsed = JSON.parse(text) as { code?: string; message?: string };
      return reply
        .type('application/json')
        .send({ error: { code: parsed.code ?? 'auth', message: refusal?.message ?? parsed.message ?? '' } });
    } catch {
      return reply.send(text);
    }
  }
  // The session lives in the HttpOnly cookie only; the page never sees the token. Sign-in, a code, a password change
  // and a passkey sign-in answer { token } or { session: { token } }, get-session { session: { token } }: every
  // `token` is left out of every answer, whichever route it comes from.
  if (text && res.headers.get('content-type')?.includes('json')) {
    try {
      return reply.type('application/json').send(withoutTokens(JSON.parse(text)));
    } catch {
      return reply.send(text);
    }
  }
  return reply.send(text);
}

/** A JSON value with every `token` key left out, at any depth. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, v]) => [key, withoutTokens(v)]),
  );
}
