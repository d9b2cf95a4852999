import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { areaAccess } from '../../domain/permissions.js';
import { SavedView, ViewCreate } from '../../domain/views.js';
import { createView, deleteView, listViews } from '../core/views.js';

const tags = ['products'];

/** /api/views: saved views of the products list, for the staff who use it (editors), each person's own or shared. */
export function viewsRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: areaAccess.products };

  r.get(
    '/api/views',
    { config, schema: { tags, response: { 200: z.object({ items: z.array(SavedView), next: z.null() }) } } },
    async (req) => ({
      items: await listViews(deps.db, req.user!.uid),
      next: null,
    }),
  );

  r.post(
    '/api/views',
    { config, schema: { tags, body: ViewCreate, response: { 201: SavedView } } },
    async (req, reply) => reply.code(201).send(await createView(deps.db, req.user!.uid, req.body)),
  );

  r.delete(
    '/api/views/:id',
    { config, schema: { tags, params: z.object({ id: z.string().max(64) }) } },
    async (req, reply) => {
      await deleteView(deps.db, req.user!, req.params.id);
      return reply.code(204).send();
    },
  );
}
