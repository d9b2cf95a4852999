import type { FastifyInstance } from 'fastify';
import { textAllowed } from '../../domain/text.js';
import { DomainError } from '../core/errors.js';
import { said, type Said } from '../../domain/translate.js';

/** Deeper than any body the console takes (a language record is two levels); past it, a request is refused. */
export const MAX_DEPTH = 16;

/**
 * The first place in `value` (as a JSON pointer) holding a string or key that breaks the text rule, or nested too deep.
 */
export function firstBadInput(value: unknown): { path: string; message: Said } | null {
  // A loop with its own stack: a deeply nested body must not overflow the call stack (here, or later in a stringify).
  const stack: Array<[unknown, string, number]> = [[value, '', 0]];
  while (stack.length > 0) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (!textAllowed(v, 'any')) return { path: path || '/', message: said('errors.badText') };
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return { path: path || '/', message: said('errors.tooDeep') };
      for (const [k, x] of Object.entries(v)) {
        if (!textAllowed(k, 'any'))
          return { path: `${path}/${k.replace(/[^\x20-\x7e]/g, '?')}`, message: said('errors.badText') };
        stack.push([x, `${path}/${k}`, depth + 1]);
      }
    }
  }
  return null;
}

/** Refuses, before any route's own validation, a request whose body, query or path holds text no database may get. */
export function registerTextGuard(app: FastifyInstance): void {
  // A plain callback: it runs on every request, and an async function would cost a promise for nothing to wait for.
  app.addHook('preValidation', (req, _reply, done) => {
    for (const [part, value] of [
      ['body', req.body],
      ['query', req.query],
      ['params', req.params],
    ] as const) {
      const bad = firstBadInput(value);
      if (bad)
        return done(new DomainError('validation', bad.message, [{ path: `${part}${bad.path}`, message: bad.message }]));
    }
    done();
  });
}
