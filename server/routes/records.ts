import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import type { RecordsDescription } from '../../domain/records.js';
import { areaAccess } from '../../domain/permissions.js';
import { searchText } from '../../domain/text.js';
import { schemasOf } from '../../domain/recordSchemas.js';
import { createRecord, findRecord, getRecord, listRecords, updateRecord } from '../core/records.js';
import { ifMatchVersion } from '../http/ifMatch.js';
import { listRoute } from './pages.js';

const Params = z.object({ id: searchText(64).min(1) });

/**
 * /api/<name> for a simple resource, from its description alone: the keyset list and exact search, one record, add,
 * and edit with If-Match. Who may call comes from its area in the role matrix.
 */
export function recordRoutes(app: FastifyInstance, db: Kysely<Database>, r: RecordsDescription): void {
  const schemas = schemasOf(r);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: areaAccess[r.area] };
  const path = `/api/${r.name}`;
  const tags = [r.name];
  const withTag = <T extends { version: number }>(reply: { header(k: string, v: string): unknown }, rec: T): T => {
    reply.header('ETag', `"${rec.version}"`);
    return rec;
  };

  listRoute(app, db, {
    path,
    area: r.area,
    item: schemas.item,
    list: (d, opts) => listRecords(d, r, opts),
    cursorOf: (rec) => [String((rec as Record<string, unknown>)[r.sort.field]), rec.id],
    search: { param: r.search, max: 256, find: (d, term) => findRecord(d, r, term) },
  });

  typed.get(
    `${path}/:id`,
    { config, schema: { tags, params: Params, response: { 200: schemas.item } } },
    async (req, reply) => withTag(reply, await getRecord(db, r, req.params.id)),
  );

  typed.post(
    path,
    { config, schema: { tags, body: schemas.create, response: { 201: schemas.item } } },
    async (req, reply) => {
      const rec = await createRecord(db, r, req.user!, req.body as Record<string, unknown>);
      return reply.code(201).header('ETag', `"${rec.version}"`).send(rec);
    },
  );

  typed.patch(
    `${path}/:id`,
    {
      config,
      schema: {
        tags,
        params: Params,
        headers: z.object({ 'if-match': z.string().optional() }),
        body: schemas.update,
        response: { 200: schemas.item },
      },
    },
    async (req, reply) =>
      withTag(
        reply,
        await updateRecord(
          db,
          r,
          req.user!,
          req.params.id,
          ifMatchVersion(req.headers['if-match']),
          req.body as Record<string, unknown>,
        ),
      ),
  );
}
