import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '../../domain/locales.js';
import { textOf } from '../../domain/translate.js';
import { varyOn } from './vary.js';

/** The caller's language: the console sends its chosen one as Accept-Language with every call. */
export const localeOf = (req: FastifyRequest): Locale => pickLocale(req.headers['accept-language']);

/**
 * Every `message` in an error answer said in `locale`, at any depth: the answer's own, each field's in `details`, and
 * each row's of a refused import (`details.rows[].errors[]`).
 */
function wordAll(node: unknown, locale: Locale, depth = 0): void {
  if (depth > 6 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) wordAll(item, locale, depth + 1);
    return;
  }
  const o = node as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) {
    if (k === 'message' && typeof v === 'string') o[k] = textOf(v, locale);
    else wordAll(v, locale, depth + 1);
  }
}

/** An error answer's JSON with its messages said in `locale`; anything else unchanged. */
function worded(payload: string, locale: Locale): string {
  let body: { error?: unknown };
  try {
    body = JSON.parse(payload) as { error?: unknown };
  } catch {
    return payload;
  }
  if (!body.error) return payload;
  wordAll(body.error, locale);
  return JSON.stringify(body);
}

/**
 * Error answers in the caller's language. Core, the routes and the auth relay raise their reasons by key
 * (domain/translate.ts `said`), whoever sends the answer; this hook, the one place that knows who reads it, says
 * every message in it in the caller's language before it leaves. A message that is not a key (a library's own) goes
 * out as it is.
 */
export function registerLocale(app: FastifyInstance): void {
  // A plain callback: it runs on every answer, and most answers (no error) pass straight through.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error"'))
      return done(null, payload);
    // Added to what a route said it varies on (the storefront: Origin), not in its place.
    varyOn(reply, 'Accept-Language');
    done(null, worded(payload, localeOf(req)));
  });
}
