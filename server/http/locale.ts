import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '../../domain/locales.js';
import { translate } from '../../domain/translate.js';

/** The caller's language: the console sends its chosen one as Accept-Language with every call. */
export const localeOf = (req: FastifyRequest): Locale => pickLocale(req.headers['accept-language']);

interface ErrorBody {
  error?: { message?: unknown; details?: unknown };
}

/**
 * Error answers in the caller's language. Core raises its reasons in English (the logs stay English); this hook,
 * the one place that knows who reads the answer, turns `error.message` and each field's message into the caller's
 * language before it leaves.
 */
export function registerLocale(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error"')) return payload;
    const locale = localeOf(req);
    reply.header('Vary', 'Accept-Language');
    if (locale === 'en') return payload;
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
      for (const d of error.details as { message?: unknown }[]) if (d && typeof d.message === 'string') d.message = translate(d.message, locale);
    }
    return JSON.stringify(body);
  });
}
