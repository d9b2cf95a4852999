import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../core/errors.js';
import { said } from '../../domain/translate.js';

const STATUS: Record<DomainError['code'], number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  cross_site: 403,
  // REQUIRE_2FA: signed in, but only to the page that sets up a second factor.
  second_factor_required: 403,
};

/** Maps every failure to `{ error: { code, message } }` with the right status. */
export function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof DomainError) {
      return reply.code(STATUS[err.code]).send({ error: { code: err.code, message: err.said, details: err.details } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // One refusal per field: the first rule it breaks.
      const fields = err.validation
        .map((v) => ({ path: v.instancePath, message: v.message }))
        .filter((v, i, all) => all.findIndex((w) => w.path === v.path) === i);
      return reply
        .code(400)
        .send({ error: { code: 'validation', message: said('errors.validation'), details: fields } });
    }
    if (err.statusCode && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ error: { code: err.code ?? 'bad_request', message: err.message } });
    }
    req.log.error(err);
    return reply.code(500).send({ error: { code: 'server', message: said('errors.server') } });
  });
}
