import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/index.js';
import type { Throttle } from '../core/throttle.js';
import { messages } from '../../domain/messages.js';

interface Deps {
  auth: Auth;
  publicUrl: string;
  /** Failed sign-ins per account. */
  accountThrottle: Throttle;
  /** Sign-in and reset requests per client address. */
  addressThrottle: Throttle;
}

const THROTTLED = { error: { code: 'throttled', message: messages.signin.throttled } };
const SIGNIN_FAILED = { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: messages.signin.failure } };

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
      const signIn = path === '/sign-in/email';
      const guarded = signIn || path === '/request-password-reset' || path === '/reset-password';
      const addressKey = `ip:${req.ip}`;
      const email = signIn ? emailOf(req.body) : null;
      const accountKey = email ? `account:${email}` : null;
      if (guarded && (await deps.addressThrottle.blocked(addressKey))) return reply.code(429).send(THROTTLED);
      if (accountKey && (await deps.accountThrottle.blocked(accountKey))) return reply.code(429).send(THROTTLED);
      if (guarded && !signIn) await deps.addressThrottle.hit(addressKey);
      // Reset mails per address too, so nobody can flood one inbox from many machines.
      const resetKey = path === '/request-password-reset' ? emailOf(req.body) : null;
      if (resetKey) {
        if (await deps.accountThrottle.blocked(`reset:${resetKey}`)) return reply.code(429).send(THROTTLED);
        await deps.accountThrottle.hit(`reset:${resetKey}`);
      }

      const res = await deps.auth.handler(toWebRequest(req, deps.publicUrl));

      if (signIn && res.status === 401) {
        await deps.addressThrottle.hit(addressKey);
        if (accountKey) await deps.accountThrottle.hit(accountKey);
        // One answer for every refusal (unknown email, wrong password, missing or inactive record).
        return reply.code(401).send(SIGNIN_FAILED);
      } else if (signIn && res.ok && accountKey) {
        await deps.accountThrottle.clear(accountKey);
      }
      return sendWebResponse(reply, res, signIn);
    },
  });
}

function emailOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return body.email.trim().toLowerCase();
  }
  return null;
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
