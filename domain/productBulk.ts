import { z } from 'zod';
import { CATEGORIES, MATERIAL_CARE } from './constants.js';
import { said } from './translate.js';
import { searchText } from './text.js';

/** The most products one bulk change may name (the list's 'Select all N matching' stops here). */
export const BULK_MAX = 10_000;
/** The most products one transaction changes; the browser sends this many a request, to show progress. */
export const BULK_BATCH = 500;

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

const Id = searchText(64).min(1);
const Version = z.number().int().min(1).max(2_147_483_647);

/**
 * POST /api/products/bulk: the products (each once, with the version it was selected at) and what to set. `batch`
 * continues a bulk change begun by an earlier request (the browser sends 500 a request), so the whole change is one
 * line in Activity and one Undo.
 */
export const BulkRequest = z
  .object({
    ids: z
      .array(Id)
      .min(1)
      .max(BULK_MAX, said('bulk.tooMany', { max: BULK_MAX })),
    set: BulkSet,
    versions: z.record(Id, Version),
    batch: z.string().uuid().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (new Set(b.ids).size !== b.ids.length)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: said('bulk.duplicateIds') });
    else if (b.ids.some((id) => !Object.prototype.hasOwnProperty.call(b.versions, id))) {
      ctx.addIssue({ code: 'custom', path: ['versions'], message: said('bulk.versionMissing') });
    }
  });
export type BulkRequest = z.infer<typeof BulkRequest>;

/** What happened to one product: changed, already so (unchanged), saved by someone since it was selected, refused. */
export const BULK_OUTCOMES = ['changed', 'unchanged', 'conflict', 'refused'] as const;

export const BulkItem = z.object({
  id: z.string(),
  /** Its SKU, so the screen can name a product it did not change; absent when the product is gone. */
  sku: z.string().optional(),
  outcome: z.enum(BULK_OUTCOMES),
  /** Its version now (after the change, or the newer one a conflict found); absent when the product is gone. */
  version: z.number().int().optional(),
  /** Why it was refused or is a conflict, in the caller's language. */
  reason: z.string().optional(),
});
export type BulkItem = z.infer<typeof BulkItem>;

/**
 * The answer: the batch's id (to continue it or undo it; absent while the change has changed no product, so no batch
 * has begun), each product's outcome, and the counts.
 */
export const BulkResult = z.object({
  batch: z.string().optional(),
  items: z.array(BulkItem),
  counts: z.object({ changed: z.number(), unchanged: z.number(), conflict: z.number(), refused: z.number() }),
});
export type BulkResult = z.infer<typeof BulkResult>;

/** The batch in an address. */
export const BulkBatchId = z.object({ batch: z.string().uuid() });

/** The Undo of a whole batch: how many went back, and the products left alone because they changed since. */
export const BulkUndoResult = z.object({
  batch: z.string(),
  undone: z.number(),
  left: z.array(z.object({ id: z.string(), sku: z.string().nullable(), reason: z.string() })),
});
export type BulkUndoResult = z.infer<typeof BulkUndoResult>;

/** GET /api/products/ids: every product a search and filters match (id and version), up to BULK_MAX. */
export const ProductIds = z.object({
  items: z.array(z.object({ id: z.string(), version: z.number().int() })),
  /** True when more than BULK_MAX match (only the first BULK_MAX, in the list's order, are answered). */
  more: z.boolean(),
});
export type ProductIds = z.infer<typeof ProductIds>;
