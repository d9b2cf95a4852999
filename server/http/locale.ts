import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '../../domain/locales.js';
import { translate } from '../../domain/translate.js';
import { varyOn } from './vary.js';

/** The caller's language: the console sends its chosen one as Accept-Language with every call. */
export const localeOf = (req: FastifyRequest): Locale => pickLocale(req.headers['accept-language']);

interface ErrorBody {
  error?: { message?: unknown; details?: unknown };
}

/** An error answer's JSON with its message and each field's message in `locale`; anything else unchanged. */
function translated(payload: string, locale: Locale): string {
  let body: ErrorBody;
  try {
    body = JSON.parse(payload) as ErrorBody;
  } catch {
    return payload;
  }
  const error = body.error;
  if (!error) return payload;
  if (typeof error.message === 'string') error.message = translate(error.message, locale);
  if (Array.isArray(error.details)) {
    for (const d of error.details as { message?: unknown }[])
      if (d && typeof d.message === 'string') d.message = translate(d.message, locale);
  }
  return JSON.stringify(body);
}

/**
 * Error answers in the caller's language. Core raises its reasons in English (the logs stay English); this hook,
 * the one place that knows who reads the answer, turns `error.message` and each field's message into the caller's
 * language before it leaves.
 */
export function registerLocale(app: FastifyInstance): void {
  // A plain callback: it runs on every answer, and most answers (no error) pass straight through.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error"'))
      return done(null, payload);
    const locale = localeOf(req);
    // Added to what a route said it varies on (the storefront: Origin), not in its place.
    varyOn(reply, 'Accept-Language');
    done(null, locale === 'en' ? payload : translated(payload, locale));
  });
}
