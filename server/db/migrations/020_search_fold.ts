import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { foldSearch } from '../../../domain/searchFold.js';

const postgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** Rows read and written at a time. */
const BATCH = 1000;

/** Every table with a partial-name search: the products and each described resource with a searched field. */
async function searchedTables(db: Kysely<unknown>): Promise<string[]> {
  const rows = postgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.columns
        where table_schema = current_schema() and column_name = 'search_text'`.execute(db)
    : await sql<{ name: string }>`select m.name from sqlite_master m, pragma_table_info(m.name) c
        where m.type = 'table' and m.sql not like 'create virtual table%' and c.name = 'search_text'`.execute(db);
  return rows.rows.map((r) => r.name).sort();
}

/**
 * The stored search text folded as the server now writes it (domain/searchFold.ts: lower case, no accents), so
 * 'orngott' finds a product named 'Örngott' written before. The text was lower-cased by the server, and folding it
 * gives the fold of the original, so no table's fields need reading. Only rows with a letter outside ASCII can
 * change (lower-case ASCII folds to itself): they are read in batches in id order and written one by one. SQLite's
 * trigram table follows through its update trigger (migration 008); PostgreSQL's trigram index by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL runs each migration in a transaction; on SQLite one keeps the writes from committing one by one.
  if (db.isTransaction || postgres(db)) await fold(db);
  else await db.transaction().execute(fold);
}

async function fold(db: Kysely<unknown>): Promise<void> {
  const others = postgres(db) ? sql`search_text ~ '[^ -~]'` : sql`search_text glob '*[^ -~]*'`;
  for (const table of await searchedTables(db)) {
    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string; search_text: string }>`select id, search_text
        from ${sql.table(table)} where id > ${after} and ${others} order by id limit ${BATCH}`.execute(db);
      for (const r of rows) {
        const folded = foldSearch(r.search_text);
        if (folded !== r.search_text)
          await sql`update ${sql.table(table)} set search_text = ${folded} where id = ${r.id}`.execute(db);
      }
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.id;
    }
  }
}

/**
 * Nothing is undone: the accents taken off are not kept anywhere. The code of before still finds a folded text by
 * words typed without accents; a product's or record's next save writes its text as that code does.
 */
export async function down(): Promise<void> {}
