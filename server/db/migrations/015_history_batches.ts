import type { Kysely } from 'kysely';

/**
 * Bulk edits: each product's history entry carries the id of the batch it was made in, and the batch has
 * one summary entry of its own (action 'bulkChanged' or 'bulkUndone'), the one line the Activity page shows for it.
 * Null for every other entry. The index finds a batch's entries for its Undo and its line's count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('history').addColumn('batch', 'text').execute();
  await db.schema.createIndex('history_batch').on('history').columns(['batch', 'action']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('history_batch').execute();
  await db.schema.alterTable('history').dropColumn('batch').execute();
}
