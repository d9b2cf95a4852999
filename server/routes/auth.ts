import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
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
import { messages, throttledFor } from '../../domain/messages.js';

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
}

/** The identity routes the sign-in guard watches. */
const GUARDED: Record<string, Attempt['kind']> = { '/sign-in/email': 'signIn', '/request-password-reset': 'requestReset', '/reset-password': 'reset' };

/**
 * The identity routes open without a session. Every other one (change-password, list-sessions, revoke-session…)
 * needs an active user, as the console's own routes do: the library alone would serve a deactivated user's session.
 */
const OPEN = new Set(['/sign-in/email', '/sign-out', '/request-password-reset', '/reset-password', '/get-session', '/ok', '/error']);
const isOpen = (path: string): boolean => OPEN.has(path) || path.startsWith('/reset-password/');

/** The library's routes that end sessions of the caller: each is recorded with how many ended. */
const ENDING = new Set(['/revoke-session', '/revoke-sessions', '/revoke-other-sessions']);

/** The library's refusals of a password change, in the console's words. */
const PASSWORD_REFUSALS: Record<string, string> = {
  INVALID_PASSWORD: messages.account.password.wrong,
  PASSWORD_TOO_SHORT: messages.reset.tooShort,
  PASSWORD_TOO_LONG: messages.account.password.tooLong,
};

const SIGNIN_FAILED = { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: messages.signin.failure } };
const BAD_EMAIL = { error: { code: 'validation', message: messages.errors.validation, details: [{ path: '/email', message: messages.errors.email }] } };

/** Mounts the identity library at /api/auth/*, adding throttles and our error shape around it. */
export function authRoutes(app: FastifyInstance, deps: Deps): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    handler: async (req, reply) => {
      const path = req.url.split('?')[0]!.slice('/api/auth'.length);
      if (path === '/sign-up/email') {
        // There is no public sign-up: accounts come from an admin or the CLI.
        return reply.code(403).send({ error: { code: 'forbidden', message: messages.errors.forbidden } });
      }
      const user = isOpen(path) ? null : await deps.whoIs(req, reply);
      if (!isOpen(path) && !user) return reply.code(401).send({ error: { code: 'unauthenticated', message: messages.errors.unauthenticated } });
      const from: Origin = { ip: req.ip, userAgent: req.headers['user-agent'] };
      const changing = path === '/change-password';
      // A wrong current password counts as a failed sign-in of that account from that address: the same backoff.
      const kind = changing ? 'signIn' : (GUARDED[path] ?? null);
      const signIn = path === '/sign-in/email';
      const email = changing ? user!.email : signIn || kind === 'requestReset' ? emailOf(req.body) : null;
      // The same rule as every other email the console takes, before anything reaches a table.
      if (email === false) return reply.code(400).send(BAD_EMAIL);
      const attempt = kind ? { kind, ip: req.ip, email } : null;
      const wait = attempt ? await deps.guard.admit(attempt) : null;
      if (wait !== null) {
        if (signIn) await deps.events.signInThrottled(email, from);
        if (wait > 0) void reply.header('Retry-After', wait);
        return reply.code(429).send({ error: { code: 'throttled', message: throttledFor(wait) } });
      }

      // A password change always ends every other session of the account (the issue's rule, not the caller's choice).
      const body = changing && isObject(req.body) ? { ...req.body, revokeOtherSessions: true } : req.body;
      const before = user && (changing || ENDING.has(path)) ? await countSessions(deps.db, user.uid) : 0;
      const res = await deps.auth.handler(toWebRequest(req, deps.publicUrl, body));
      const text = await res.text();

      if (signIn && res.status === 401) {
        req.log.warn({ ip: req.ip, email }, 'sign-in failed');
        await deps.guard.failed(attempt!);
        await deps.events.signInFailed(email, from);
        // One answer for every refusal (unknown email, wrong password, missing or inactive record).
        return reply.code(401).send(SIGNIN_FAILED);
      }
      if (signIn && res.ok) {
        await deps.guard.succeeded(attempt!);
        const uid = (JSON.parse(text) as { user?: { id?: string } }).user?.id;
        if (uid) await deps.events.signedIn(uid, from);
      }
      if (changing) {
        const code = res.ok ? null : errorCode(text);
        if (code === 'INVALID_PASSWORD') await deps.guard.failed(attempt!);
        if (code && PASSWORD_REFUSALS[code]) return reply.code(400).send({ error: { code, message: PASSWORD_REFUSALS[code] } });
        if (res.ok) {
          await deps.guard.succeeded(attempt!);
          await passwordChanged(deps, user!, from, localeOf(req), Math.max(0, before - 1), req.log);
        }
      }
      if (user && ENDING.has(path) && res.ok) await deps.events.sessionsEnded(user.uid, user.uid, before - (await countSessions(deps.db, user.uid)), from);
      return sendWebResponse(reply, res, text, signIn || changing);
    },
  });
}

/** After a password change: the Activity entry and the mail to the account (a failed send is logged, the change stands). */
async function passwordChanged(
  deps: Deps,
  user: User,
  from: Origin,
  locale: ReturnType<typeof localeOf>,
  ended: number,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  await deps.events.passwordChanged(user.uid, from, ended);
  await mailPasswordChanged(deps.mailer, user.email, locale, { at: new Date(), address: from.ip }).catch((err: unknown) =>
    log.warn({ err, to: user.email }, 'could not send the password-changed mail'),
  );
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

/** Copies a fetch Response (status, headers, every Set-Cookie, body) onto the Fastify reply. */
function sendWebResponse(reply: FastifyReply, res: Response, text: string, dropToken: boolean): FastifyReply {
  reply.code(res.status);
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  if (!res.ok && text) {
    // The library answers { code, message }; the console's API answers { error: { code, message } }.
    try {
      const parsed = JSON.parse(text) as { code?: string; message?: string };
      return reply.type('application/json').send({ error: { code: parsed.code ?? 'auth', message: parsed.message ?? '' } });
    } catch {
      return reply.send(text);
    }
  }
  if (dropToken && text) {
    // The session lives in the HttpOnly cookie only; the page never sees the token.
    const { token: _token, ...rest } = JSON.parse(text) as Record<string, unknown>;
    return reply.type('application/json').send(rest);
  }
  return reply.send(text);
}
