import { sql, PostgresAdapter, type Kysely } from 'kysely';

const postgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A product's name and details in the other catalogue languages (domain/constants.ts, CATALOGUE_LANGUAGES), and what
 * the products list searches and filters by, kept beside them by the server on every write:
 * - `translations`: JSON text, { "se": { "name": …, "details": … } }, only what is written (both dialects, as images);
 * - `search_names`: the names in the other languages, separated by spaces, which the partial-name search matches
 *   beside the name and the SKU (a word holds no space, as with name || ' ' || sku);
 * - `untranslated`: the languages a product misses a name or details in, as ',se,', for the list's 'Swedish missing'.
 * The default ',se,' is every existing product's value (none has a translation yet) and costs no table rewrite on
 * either database. A language added later adds its id to this column for every row in its own migration; the JSON
 * and the search need no new column.
 * The search indexes are made again over the Swedish names: SQLite's trigram FTS table gains the column, PostgreSQL's
 * trigram index covers name, SKU and the other names in one text, and the covering SKU-order index of each (006, 007)
 * holds them too, with `untranslated`, so a search or the filter still reads down it without reading the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('products').addColumn('search_names', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('products').addColumn('untranslated', 'varchar(200)', (c) => c.notNull().defaultTo(',se,')).execute();
  if (postgres(db)) {
    await sql`drop index products_text_trgm`.execute(db);
    await sql`create index products_text_trgm on products using gin (lower(name || ' ' || sku || ' ' || search_names) gin_trgm_ops)`.execute(db);
    await sql`drop index products_search_walk`.execute(db);
    await sql`create index products_search_walk on products (sku, id) include (name, search_names, category, active, untranslated)`.execute(db);
    return;
  }
  for (const t of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) await sql`drop trigger ${sql.raw(t)}`.execute(db);
  await sql`drop table products_fts`.execute(db);
  await sql`create virtual table products_fts using fts5(name, sku, search_names, content='products', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`insert into products_fts(rowid, name, sku, search_names) select rowid, name, sku, search_names from products`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, name, sku, search_names) values (new.rowid, new.name, new.sku, new.search_names);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, name, sku, search_names) values ('delete', old.rowid, old.name, old.sku, old.search_names);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of name, sku, search_names on products begin
    insert into products_fts(products_fts, rowid, name, sku, search_names) values ('delete', old.rowid, old.name, old.sku, old.search_names);
    insert into products_fts(rowid, name, sku, search_names) values (new.rowid, new.name, new.sku, new.search_names);
  end`.execute(db);
  await db.schema.dropIndex('products_search_walk').execute();
  await db.schema
    .createIndex('products_search_walk')
    .on('products')
    .columns(['sku', 'id', 'name', 'search_names', 'category', 'active', 'untranslated'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (postgres(db)) {
    await sql`drop index products_search_walk`.execute(db);
    await sql`create index products_search_walk on products (sku, id) include (name, category, active)`.execute(db);
    await sql`drop index products_text_trgm`.execute(db);
    await sql`create index products_text_trgm on products using gin (lower(name || ' ' || sku) gin_trgm_ops)`.execute(db);
  } else {
    await db.schema.dropIndex('products_search_walk').execute();
    await db.schema.createIndex('products_search_walk').on('products').columns(['sku', 'id', 'name', 'category', 'active']).execute();
    for (const t of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) await sql`drop trigger ${sql.raw(t)}`.execute(db);
    await sql`drop table products_fts`.execute(db);
    await sql`create virtual table products_fts using fts5(name, sku, content='products', content_rowid='rowid', tokenize='trigram')`.execute(db);
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
  }
  await db.schema.alterTable('products').dropColumn('untranslated').execute();
  await db.schema.alterTable('products').dropColumn('search_names').execute();
  await db.schema.alterTable('products').dropColumn('translations').execute();
}
