import type { FastifyInstance } from 'fastify';
import { textAllowed } from '../../domain/text.js';
import { messages } from '../../domain/messages.js';
import { DomainError } from '../core/errors.js';

/** The JSON-pointer path of the first string (value or key) in `value` that breaks the text rule, or null. */
export function firstBadText(value: unknown): string | null {
  // A loop with its own stack: a deeply nested body must not overflow the call stack.
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!textAllowed(v, 'any')) return path || '/';
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (!textAllowed(k, 'any')) return `${path}/${k.replace(/[^\x20-\x7e]/g, '?')}`;
        stack.push([x, `${path}/${k}`]);
      }
    }
  }
  return null;
}

/** Refuses, before any route's own validation, a request whose body, query or path holds text no database may get. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['body', req.body], ['query', req.query], ['params', req.params]] as const) {
      const path = firstBadText(value);
      if (path !== null) {
        throw new DomainError('validation', messages.errors.badText, [{ path: `${part}${path}`, message: messages.errors.badText }]);
      }
    }
  });
}
