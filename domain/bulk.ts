import { z } from 'zod';
import { said, type Said } from './translate.js';
import { searchText } from './text.js';

// Bulk edit, the engine's: a list's records, each at the version it was selected at, set to the same values in
// batches, each record's outcome answered, the whole change one line in Activity with one Undo. Products' is theirs
// by its set (domain/productBulk.ts); a described resource's is its `bulk: true` (domain/recordSchemas.ts).

/** The most records one bulk change may name (the list's 'Select all N matching' stops here). */
export const BULK_MAX = 10_000;
/** The most records one transaction changes; the browser sends this many a request, to show progress. */
export const BULK_BATCH = 500;

const Id = searchText(64).min(1);
const Version = z.number().int().min(1).max(2_147_483_647);

/** The words a request's refusals are in: products' name products, the engine's records. */
export interface BulkRefusals {
  tooMany: Said;
  duplicateIds: Said;
  versionMissing: Said;
}

/**
 * POST /api/<name>/bulk: the records (each once, with the version it was selected at) and what to set. `batch`
 * continues a bulk change begun by an earlier request (the browser sends 500 a request), so the whole change is one
 * line in Activity and one Undo.
 */
export function bulkRequestOf<S extends z.ZodType>(set: S, refusals: BulkRefusals) {
  return z
    .object({
      ids: z.array(Id).min(1).max(BULK_MAX, refusals.tooMany),
      set,
      versions: z.record(Id, Version),
      batch: z.string().uuid().optional(),
    })
    .strict()
    .superRefine((b, ctx) => {
      if (new Set(b.ids).size !== b.ids.length)
        ctx.addIssue({ code: 'custom', path: ['ids'], message: refusals.duplicateIds });
      else if (b.ids.some((id) => !Object.prototype.hasOwnProperty.call(b.versions, id))) {
        ctx.addIssue({ code: 'custom', path: ['versions'], message: refusals.versionMissing });
      }
    });
}

/** A request as the engine takes it: what to set, by field. */
export interface AnyBulkRequest {
  ids: string[];
  set: Record<string, unknown>;
  versions: Record<string, number>;
  batch?: string;
}

/** The refusals of a described resource's request. */
export const RECORD_REFUSALS: BulkRefusals = {
  tooMany: said('bulk.records.tooMany', { max: BULK_MAX }),
  duplicateIds: said('bulk.records.duplicateIds'),
  versionMissing: said('bulk.records.versionMissing'),
};

/** What happened to one record: changed, already so (unchanged), saved by someone since it was selected, refused. */
export const BULK_OUTCOMES = ['changed', 'unchanged', 'conflict', 'refused'] as const;

export const BulkItem = z.object({
  id: z.string(),
  /** A product's SKU, so the screen can name a product it did not change; absent when the product is gone. */
  sku: z.string().optional(),
  /** A described record's label (labelOf), for the same; absent when the record is gone. */
  label: z.string().optional(),
  outcome: z.enum(BULK_OUTCOMES),
  /** Its version now (after the change, or the newer one a conflict found); absent when the record is gone. */
  version: z.number().int().optional(),
  /** Why it was refused or is a conflict, in the caller's language. */
  reason: z.string().optional(),
});
export type BulkItem = z.infer<typeof BulkItem>;

/**
 * The answer: the batch's id (to continue it or undo it; absent while the change has changed no record, so no batch
 * has begun), each record's outcome, and the counts.
 */
export const BulkResult = z.object({
  batch: z.string().optional(),
  items: z.array(BulkItem),
  counts: z.object({ changed: z.number(), unchanged: z.number(), conflict: z.number(), refused: z.number() }),
});
export type BulkResult = z.infer<typeof BulkResult>;

/** The batch in an address. */
export const BulkBatchId = z.object({ batch: z.string().uuid() });

/** The Undo of a whole batch: how many went back, and the records left alone because they changed since. */
export const BulkUndoResult = z.object({
  batch: z.string(),
  undone: z.number(),
  left: z.array(
    z.object({
      id: z.string(),
      sku: z.string().nullable().optional(),
      label: z.string().nullable().optional(),
      reason: z.string(),
    }),
  ),
});
export type BulkUndoResult = z.infer<typeof BulkUndoResult>;

/** GET /api/<name>/ids: every record a search and filters match (id and version), up to BULK_MAX. */
export const BulkIds = z.object({
  items: z.array(z.object({ id: z.string(), version: z.number().int() })),
  /** True when more than BULK_MAX match (only the first BULK_MAX, in the list's order, are answered). */
  more: z.boolean(),
});
export type BulkIds = z.infer<typeof BulkIds>;
