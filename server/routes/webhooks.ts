import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { areaAccess } from '../../domain/permissions.js';
import { PAGE_SIZE } from '../../domain/constants.js';
import { Delivery, NewWebhook, TestEventRequest, Webhook, WebhookCreate } from '../../domain/webhooks.js';
import { createWebhook, deleteWebhook, listWebhooks, queueTestEvent } from '../core/webhooks.js';
import { listDeliveries } from '../core/webhookOutbox.js';
import { DomainError } from '../core/errors.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { said } from '../../domain/translate.js';

const tags = ['webhooks'];

/**
 * /api/webhooks (receivers: list, add, remove) and /api/webhook-deliveries (each delivery's status; POST queues a
 * test event): admins only, as Settings → Webhooks.
 */
export function webhooksRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; allowPrivate: boolean; wake(): void },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: areaAccess.webhooks };

  r.get(
    '/api/webhooks',
    { config, schema: { tags, response: { 200: z.object({ items: z.array(Webhook), next: z.null() }) } } },
    async () => ({
      items: await listWebhooks(deps.db),
      next: null,
    }),
  );

  r.post(
    '/api/webhooks',
    { config, schema: { tags, body: WebhookCreate, response: { 201: NewWebhook } } },
    async (req, reply) =>
      reply.code(201).send(await createWebhook(deps.db, req.user!, req.body.url, deps.allowPrivate)),
  );

  r.delete(
    '/api/webhooks/:id',
    { config, schema: { tags, params: z.object({ id: z.string().max(64) }) } },
    async (req, reply) => {
      await deleteWebhook(deps.db, req.params.id);
      return reply.code(204).send();
    },
  );

  const Query = z.object({
    limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
    after: z.string().max(500).optional(),
  });
  r.get(
    '/api/webhook-deliveries',
    {
      config,
      schema: {
        tags,
        querystring: Query,
        response: { 200: z.object({ items: z.array(Delivery), next: z.string().nullable() }) },
      },
    },
    async (req) => {
      const after = req.query.after ? decodeCursor(req.query.after) : null;
      if (req.query.after && !after) throw new DomainError('validation', said('errors.badCursor'));
      const { items, more } = await listDeliveries(deps.db, { limit: req.query.limit, after });
      const tail = items.at(-1);
      return { items, next: more && tail ? encodeCursor(tail.created, tail.id) : null };
    },
  );

  // A test event is a delivery like any other, to one receiver: the answer says it is queued, the list shows how it
  // went.
  r.post(
    '/api/webhook-deliveries',
    { config, schema: { tags, body: TestEventRequest, response: { 202: z.object({ id: z.string() }) } } },
    async (req, reply) => {
      const id = await queueTestEvent(deps.db, req.body.webhookId);
      deps.wake();
      return reply.code(202).send({ id });
    },
  );
}
