import type { AppDataProvider } from '../../base/backend';
import type { AnyBulkRequest, BulkIds, BulkResult, BulkUndoResult } from '../../domain/bulk';
import type { Catalogue } from '../../domain/messages';

/** A list's bulk edit on the back end: its matching ids, a change of at most 500, and the Undo of a batch. */
export interface BulkCalls {
  ids: (filter: Record<string, unknown>) => Promise<BulkIds>;
  change: (request: AnyBulkRequest) => Promise<BulkResult>;
  undo: (batch: string) => Promise<BulkUndoResult>;
}

/** The texts that name what is changed: products' own (m.bulk), or a described resource's records (m.bulk.records). */
export type BulkTexts = Pick<Catalogue['bulk'], 'apply' | 'title' | 'stopped' | 'progress' | 'undone' | 'undoneLeft'>;

/** A described resource's bulk calls (`bulk: true`): /api/<name>/ids, /bulk and /bulk/:batch/undo. */
export const recordBulkCalls = (dp: AppDataProvider, resource: string): BulkCalls => ({
  ids: (filter) => dp.recordIds(resource, filter),
  change: (request) => dp.bulkRecords(resource, request),
  undo: (batch) => dp.undoBulk(batch, resource),
});
