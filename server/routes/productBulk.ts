import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { areaAccess } from '../../domain/permissions.js';
import { BulkBatchId, BulkRequest, BulkResult, BulkUndoResult, ProductIds } from '../../domain/productBulk.js';
import { textOf } from '../../domain/translate.js';
import { bulkChange, listProductIds, undoBulk } from '../core/productBulk.js';
import type { ProductFilter } from '../core/products.js';
import { localeOf } from '../http/locale.js';
import { productFilters } from './products.js';

/** 10,000 ids with their versions (about 0.9 MB of JSON) fit; the console's other bodies stay at the global 1 MiB. */
const BULK_BODY_LIMIT = 4 * 1024 * 1024;

/** The bulk edit of the products list: the ids 'Select all N matching' selects, the change, and its Undo (editors). */
export function productBulkRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = { access: areaAccess.products };

  r.get(
    '/api/products/ids',
    {
      config: editor,
      schema: { tags: ['products'], querystring: z.object(productFilters).strict(), response: { 200: ProductIds } },
    },
    async (req) => {
      const filter = Object.fromEntries(Object.entries(req.query).filter(([, v]) => v !== undefined)) as ProductFilter;
      return listProductIds(deps.db, filter);
    },
  );

  r.post(
    '/api/products/bulk',
    {
      config: editor,
      bodyLimit: BULK_BODY_LIMIT,
      schema: { tags: ['products'], body: BulkRequest, response: { 200: BulkResult } },
    },
    async (req) => {
      const result = await bulkChange(deps.db, req.user!, req.body);
      // Each product's reason in the caller's language, as error answers are (http/locale.ts).
      const locale = localeOf(req);
      return {
        ...result,
        items: result.items.map((it) => (it.reason ? { ...it, reason: textOf(it.reason, locale) } : it)),
      };
    },
  );

  r.post(
    '/api/products/bulk/:batch/undo',
    { config: editor, schema: { tags: ['products'], params: BulkBatchId, response: { 200: BulkUndoResult } } },
    async (req) => {
      const result = await undoBulk(deps.db, req.user!, req.params.batch);
      const locale = localeOf(req);
      return { ...result, left: result.left.map((l) => ({ ...l, reason: textOf(l.reason, locale) })) };
    },
  );
}
