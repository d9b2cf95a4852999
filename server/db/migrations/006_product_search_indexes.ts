import { sql, PostgresAdapter, type Kysely } from 'kysely';

const postgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL: one pg_trgm index over `lower(name || ' ' || sku)` in place of one on each column. A search word never
 * holds a space (the search splits on white space), so it is found in that text exactly when it is found in the name
 * or in the SKU; one index lookup per word replaces two and their BitmapOr (docs/decisions.md, "Partial-name search
 * at a million products"). SQLite: an index on the SKU order that also holds what a search checks on each row
 * (name, category, status), so a search for common words reads down it without reading the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) {
    await db.schema
      .createIndex('products_search_walk')
      .on('products')
      .columns(['sku', 'id', 'name', 'category', 'active'])
      .execute();
    return;
  }
  await sql`create index products_text_trgm on products using gin (lower(name || ' ' || sku) gin_trgm_ops)`.execute(db);
  await sql`drop index products_name_trgm`.execute(db);
  await sql`drop index products_sku_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) {
    await db.schema.dropIndex('products_search_walk').execute();
    return;
  }
  await sql`create index products_name_trgm on products using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`create index products_sku_trgm on products using gin (lower(sku) gin_trgm_ops)`.execute(db);
  await sql`drop index products_text_trgm`.execute(db);
}
