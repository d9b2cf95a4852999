import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/index.js';
import type { Attempt, SignInGuard } from '../core/signin.js';
import { textAllowed } from '../../domain/text.js';
import { messages, throttledFor } from '../../domain/messages.js';

interface Deps {
  auth: Auth;
  publicUrl: string;
  /** The throttling rules of sign-in, forgot and reset (core/signin.ts). */
  guard: SignInGuard;
}

/** The identity routes the sign-in guard watches. */
const GUARDED: Record<string, Attempt['kind']> = { '/sign-in/email': 'signIn', '/request-password-reset': 'requestReset', '/reset-password': 'reset' };

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
      const kind = GUARDED[path] ?? null;
      const signIn = kind === 'signIn';
      const email = signIn || kind === 'requestReset' ? emailOf(req.body) : null;
      // The same rule as every other email the console takes, before anything reaches a table.
      if (email === false) return reply.code(400).send(BAD_EMAIL);
      const attempt = kind ? { kind, ip: req.ip, email } : null;
      const wait = attempt ? await deps.guard.admit(attempt) : null;
      if (wait !== null) {
        if (wait > 0) void reply.header('Retry-After', wait);
        return reply.code(429).send({ error: { code: 'throttled', message: throttledFor(wait) } });
      }

      const res = await deps.auth.handler(toWebRequest(req, deps.publicUrl));

      if (signIn && res.status === 401) {
        req.log.warn({ ip: req.ip, email }, 'sign-in failed');
        await deps.guard.failed(attempt!);
        // One answer for every refusal (unknown email, wrong password, missing or inactive record).
        return reply.code(401).send(SIGNIN_FAILED);
      }
      if (signIn && res.ok) await deps.guard.succeeded(attempt!);
      return sendWebResponse(reply, res, signIn);
    },
  });
}

/** The body's email, trimmed and lower-case; null when absent; false when it breaks the rule for emails. */
function emailOf(body: unknown): string | null | false {
  if (!body || typeof body !== 'object' || !('email' in body)) return null;
  if (typeof body.email !== 'string') return false;
  const email = body.email.normalize('NFC').trim().toLowerCase();
  return email.length > 0 && email.length <= 254 && textAllowed(email, 'line') ? email : false;
}

/** Builds a fetch Request from a Fastify request; the origin is always PUBLIC_URL, never the Host header. */
function toWebRequest(req: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'host' || k === 'content-length') continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  }
  const body = req.method === 'GET' || req.body === undefined ? undefined : JSON.stringify(req.body);
  if (body) headers.set('content-type', 'application/json');
  return new Request(new URL(req.url, publicUrl), { method: req.method, headers, body });
}

/** Copies a fetch Response (status, headers, every Set-Cookie, body) onto the Fastify reply. */
async function sendWebResponse(reply: FastifyReply, res: Response, dropToken: boolean): Promise<FastifyReply> {
  reply.code(res.status);
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  const text = await res.text();
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
