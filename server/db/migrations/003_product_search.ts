import { sql, PostgresAdapter, type Kysely } from 'kysely';

const postgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Partial-name search: any part of a product's name or SKU. SQLite: an FTS5 index with the trigram tokenizer over
 * the products table (external content, kept in step by triggers). PostgreSQL: pg_trgm GIN indexes, which ILIKE
 * '%part%' uses. Both match case-insensitively and neither folds accents, so the two answer alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (postgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index products_name_trgm on products using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`create index products_sku_trgm on products using gin (lower(sku) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table products_fts
    using fts5(name, sku, content='products', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`insert into products_fts(rowid, name, sku) select rowid, name, sku from products`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, name, sku) values (new.rowid, new.name, new.sku);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, name, sku) values ('delete', old.rowid, old.name, old.sku);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of name, sku on products begin
    insert into products_fts(products_fts, rowid, name, sku) values ('delete', old.rowid, old.name, old.sku);
    insert into products_fts(rowid, name, sku) values (new.rowid, new.name, new.sku);
  end`.execute(db);
  await db.schema.createIndex('products_category_sku').on('products').columns(['category', 'sku']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (postgres(db)) {
    await sql`drop index products_sku_trgm`.execute(db);
    await sql`drop index products_name_trgm`.execute(db);
    return;
  }
  await sql`drop table products_fts`.execute(db);
}
