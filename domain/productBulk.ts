import { z } from 'zod';
import { CATEGORIES, MATERIAL_CARE } from './constants.js';
import { said } from './translate.js';
import { BULK_MAX, BulkIds, bulkRequestOf } from './bulk.js';

// The products list's bulk edit: the engine's (domain/bulk.ts), with the specification's set.
export { BULK_BATCH, BULK_MAX, BULK_OUTCOMES, BulkBatchId, BulkItem, BulkResult, BulkUndoResult } from './bulk.js';

/** What a bulk change may set: a status, a category, a material care; at least one. */
export const BulkSet = z
  .object({
    active: z.boolean().optional(),
    category: z.enum(CATEGORIES).optional(),
    mc: z.enum(MATERIAL_CARE).optional(),
  })
  .strict()
  .refine((s) => s.active !== undefined || s.category !== undefined || s.mc !== undefined, said('bulk.noChange'));
export type BulkSet = z.infer<typeof BulkSet>;

/** POST /api/products/bulk: the products, each with the version it was selected at, and what to set. */
export const BulkRequest = bulkRequestOf(BulkSet, {
  tooMany: said('bulk.tooMany', { max: BULK_MAX }),
  duplicateIds: said('bulk.duplicateIds'),
  versionMissing: said('bulk.versionMissing'),
});
export type BulkRequest = z.infer<typeof BulkRequest>;

/** GET /api/products/ids: every product a search and filters match (id and version), up to BULK_MAX. */
export const ProductIds = BulkIds;
export type ProductIds = BulkIds;
