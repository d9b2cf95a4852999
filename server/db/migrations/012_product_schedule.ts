import type { Kysely } from 'kysely';

/**
 * A product's scheduled status: `active_from` and `active_until` are ISO-8601 UTC times (null: none), each
 * cleared by the scheduler when it applies it (server/core/schedule.ts), so a time still set is one not yet applied.
 * An index on each lets the scheduler find what is due without reading the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('active_from', 'varchar(32)').execute();
  await db.schema.alterTable('products').addColumn('active_until', 'varchar(32)').execute();
  await db.schema.createIndex('products_active_from').on('products').column('active_from').execute();
  await db.schema.createIndex('products_active_until').on('products').column('active_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_active_from').execute();
  await db.schema.dropIndex('products_active_until').execute();
  await db.schema.alterTable('products').dropColumn('active_until').execute();
  await db.schema.alterTable('products').dropColumn('active_from').execute();
}
