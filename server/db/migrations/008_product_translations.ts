import { sql, PostgresAdapter, type Kysely } from 'kysely';

const postgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A product's name and details in the other catalogue languages (domain/constants.ts, CATALOGUE_LANGUAGES), and what
 * the products list searches and filters by, kept beside them by the server on every write (core/products.ts,
 * productColumns):
 * - `translations`: JSON text, { "se": { "name": …, "details": … } }, only what is written (both dialects, as images);
 * - `search_text`: the name in every catalogue language and the SKU, separated by spaces and lower-cased by the server
 *   (for every script, so 'Örngott' is found by 'örngott' on SQLite too, whose lower() folds only ASCII): the one
 *   text the partial-name search tests (a word holds no space, so it is found in this text exactly when it is found
 *   in a name or the SKU);
 * - `untranslated`: the languages a product misses a name or details in, as ',se,', for the list's 'Swedish missing'.
 * The default ',se,' is every existing product's value (none has a translation yet) and costs no table rewrite on
 * either database. A language added later adds its id to this column for every row in its own migration; the JSON
 * and the search need no new column.
 * The search indexes are made again over `search_text`: SQLite's trigram FTS table, PostgreSQL's trigram index, and
 * the covering SKU-order index of each (006, 007), with `untranslated`, so a search or the filter still reads down it
 * without reading the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('untranslated', 'varchar(200)', (c) => c.notNull().defaultTo(',se,'))
    .execute();
  await sql`update products set search_text = lower(name || ' ' || sku)`.execute(db);
  // SQLite's lower() folds only ASCII: rows with other letters are lower-cased here, as the server writes them.
  if (!postgres(db)) {
    const others = await sql<{
      id: string;
      name: string;
      sku: string;
    }>`select id, name, sku from products where name || sku glob ${'*[^ -~]*'}`.execute(db);
    for (const r of others.rows)
      await sql`update products set search_text = ${`${r.name} ${r.sku}`.toLowerCase()} where id = ${r.id}`.execute(db);
  }
  if (postgres(db)) {
    await sql`drop index products_text_trgm`.execute(db);
    await sql`create index products_text_trgm on products using gin (search_text gin_trgm_ops)`.execute(db);
    await sql`drop index products_search_walk`.execute(db);
    await sql`create index products_search_walk on products (sku, id)
      include (search_text, category, active, untranslated)`.execute(db);
    return;
  }
  for (const t of ['products_fts_insert', 'products_fts_delete', 'products_fts_update'])
    await sql`drop trigger ${sql.raw(t)}`.execute(db);
  await sql`drop table products_fts`.execute(db);
  await sql`create virtual table products_fts
    using fts5(search_text, content='products', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`insert into products_fts(rowid, search_text) select rowid, search_text from products`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of search_text on products begin
    insert into products_fts(products_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into products_fts(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await db.schema.dropIndex('products_search_walk').execute();
  await db.schema
    .createIndex('products_search_walk')
    .on('products')
    .columns(['sku', 'id', 'search_text', 'category', 'active', 'untranslated'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (postgres(db)) {
    await sql`drop index products_search_walk`.execute(db);
    await sql`create index products_search_walk on products (sku, id) include (name, category, active)`.execute(db);
    await sql`drop index products_text_trgm`.execute(db);
    await sql`create index products_text_trgm on products using gin (lower(name || ' ' || sku) gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await db.schema.dropIndex('products_search_walk').execute();
    await db.schema
      .createIndex('products_search_walk')
      .on('products')
      .columns(['sku', 'id', 'name', 'category', 'active'])
      .execute();
    for (const t of ['products_fts_insert', 'products_fts_delete', 'products_fts_update'])
      await sql`drop trigger ${sql.raw(t)}`.execute(db);
    await sql`drop table products_fts`.execute(db);
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
  }
  await db.schema.alterTable('products').dropColumn('untranslated').execute();
  await db.schema.alterTable('products').dropColumn('search_text').execute();
  await db.schema.alterTable('products').dropColumn('translations').execute();
}
