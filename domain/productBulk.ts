import { z } from 'zod';
import { bulkFieldsOf } from './resourceDescription.js';
import { productDescription, productRules, type ProductValues } from './productFields.js';
import { said } from './translate.js';
import { BULK_MAX, BulkIds, bulkRequestOf } from './bulk.js';

// The products list's bulk edit: the engine's (domain/bulk.ts), with the specification's set.
export { BULK_BATCH, BULK_MAX, BULK_OUTCOMES, BulkBatchId, BulkItem, BulkResult, BulkUndoResult } from './bulk.js';

/**
 * What a bulk change may set: any of the products' fields the engine sets in bulk (bulkFieldsOf: a status, a category,
 * a material care, a price and any field the description adds), at least one, each by its field's rule (productRules:
 * a category and a material care with the specification's refusals).
 */
export const BulkSet = z
  .object(
    Object.fromEntries(
      bulkFieldsOf(productDescription).map(([k]) => [k, (productRules as Record<string, z.ZodType>)[k]!.optional()]),
    ),
  )
  .strict()
  .refine((s) => Object.values(s).some((v) => v !== undefined), said('bulk.noChange'));
export type BulkSet = Partial<Pick<ProductValues, 'active' | 'category' | 'mc' | 'price'>> & Record<string, unknown>;

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
