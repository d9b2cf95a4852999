import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema.js';
import type { Access } from '../../domain/permissions.js';
import { BulkBatchId, BulkIds, BulkResult, BulkUndoResult, type AnyBulkRequest } from '../../domain/bulk.js';
import { textOf } from '../../domain/translate.js';
import { bulkChange, undoBulk, type BulkTarget } from '../core/bulk.js';
import { localeOf } from '../http/locale.js';

/** 10,000 ids with their versions (about 0.9 MB of JSON) fit; the console's other bodies stay at the global 1 MiB. */
const BULK_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * A list's bulk edit (the engine's, core/bulk.ts), for those at `access`: GET <path>/ids (what 'Select all N matching'
 * selects: the list's search and filters, `query`), POST <path>/bulk (`request`) and POST <path>/bulk/:batch/undo;
 * each outcome's reason in the caller's language, as error answers are (http/locale.ts).
 */
export function bulkRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  opts: {
    path: string;
    tags: string[];
    access: Access | Access[];
    query: z.ZodType;
    ids: (query: Record<string, string | boolean | undefined>) => Promise<BulkIds>;
    request: z.ZodType;
    target: BulkTarget;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: opts.access };
  const { path, tags, target } = opts;

  r.get(`${path}/ids`, { config, schema: { tags, querystring: opts.query, response: { 200: BulkIds } } }, async (req) =>
    opts.ids(
      Object.fromEntries(
        Object.entries(req.query as Record<string, string | boolean | undefined>).filter(([, v]) => v !== undefined),
      ),
    ),
  );

  r.post(
    `${path}/bulk`,
    { config, bodyLimit: BULK_BODY_LIMIT, schema: { tags, body: opts.request, response: { 200: BulkResult } } },
    async (req) => {
      const result = await bulkChange(db, target, req.user!, req.body as AnyBulkRequest);
      const locale = localeOf(req);
      return {
        ...result,
        items: result.items.map((it) => (it.reason ? { ...it, reason: textOf(it.reason, locale) } : it)),
      };
    },
  );

  r.post(
    `${path}/bulk/:batch/undo`,
    { config, schema: { tags, params: BulkBatchId, response: { 200: BulkUndoResult } } },
    async (req) => {
      const result = await undoBulk(db, target, req.user!, req.params.batch);
      const locale = localeOf(req);
      return { ...result, left: result.left.map((l) => ({ ...l, reason: textOf(l.reason, locale) })) };
    },
  );
}
