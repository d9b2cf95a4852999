import type { Kysely } from 'kysely';

/**
 * The dashboard's catalogue counts (server/core/dashboard.ts): products by status, category and missing languages,
 * counted in one read of this narrow index instead of the table or the wide search index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_counts')
    .on('products')
    .columns(['active', 'category', 'untranslated'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_counts').execute();
}
