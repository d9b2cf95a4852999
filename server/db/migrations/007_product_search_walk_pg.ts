import { sql, PostgresAdapter, type Kysely } from 'kysely';

const postgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL: what SQLite got in migration 006, an index on the SKU order that also holds what a search tests on each
 * row (name, category, status), so a search reads down it without reading the table (an index-only scan) and reads
 * only the page's rows. The tested columns are INCLUDEd, not keys: PostgreSQL cannot include an expression, and the
 * search's `lower(name || ' ' || sku)` is computed from these. SQLite: nothing (006 made its index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) return;
  await sql`create index products_search_walk on products (sku, id) include (name, category, active)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) return;
  await sql`drop index products_search_walk`.execute(db);
}
