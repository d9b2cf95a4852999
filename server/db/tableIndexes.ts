import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { RECORD_LANGUAGES } from '../../domain/resourceDescription.js';

// The indexes of the described resources' tables, and how a table's columns are read, on either database: what the
// migrations' steps (describedTables.ts) and a kind's conversion (kindChanges.ts) make and drop.

/**
 * One order a list may be read in: a field's column, or a translated field in one other language (that language's
 * text, English where it has none). `text`: its key is text, ordered by its characters' code points on both
 * databases (PostgreSQL's `collate "C"`, SQLite's own), so a page boundary falls in the same place on either.
 */
export interface SortIndex {
  field: string;
  lang?: string;
  text: boolean;
}

/** The SQL of an order's key (the index's, and the list's `order by`): names from descriptions, never a request. */
export function sortKeySql(postgres: boolean, s: SortIndex): string {
  const column = `"${s.field}"`;
  let key = column;
  if (s.lang !== undefined)
    key = postgres
      ? `coalesce(nullif((translations::jsonb) #>> '{${s.lang},${s.field}}', ''), ${column})`
      : `coalesce(nullif(json_extract(translations, '$.${s.lang}.${s.field}'), ''), ${column})`;
  return s.text && postgres ? `(${key}) collate "C"` : key;
}

/** The name of an order's index. */
export const sortIndexName = (table: string, s: SortIndex): string =>
  `${table}_sort_${s.field}${s.lang === undefined ? '' : `_${s.lang}`}`;
/** Are these the same order (field and language)? */
export const sameSort = (a: SortIndex, b: SortIndex): boolean => a.field === b.field && a.lang === b.lang;

/** Is this a PostgreSQL database? */
export const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The columns of a table and their types, lower case; empty when it has none (it does not exist). */
export async function columnsOf(db: Kysely<unknown>, postgres: boolean, table: string): Promise<Map<string, string>> {
  const rows = postgres
    ? (
        await sql<{
          name: string;
          type: string;
        }>`select column_name as name, data_type as type from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db)
      ).rows
    : (await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db)).rows;
  return new Map(rows.map((r) => [r.name, r.type.toLowerCase()]));
}

/** The name of a unique field's index, and of the list's own order's. */
export const uniqueIndex = (table: string, column: string): string => `${table}_${column}_unique`;
export const sortIndex = (table: string, column: string): string => `${table}_by_${column}`;

/** Drops every order (sortIndexesOf) made on a field, in any language. */
export async function dropSortIndexes(db: Kysely<unknown>, table: string, field: string): Promise<void> {
  for (const lang of [undefined, ...RECORD_LANGUAGES])
    await db.schema
      .dropIndex(sortIndexName(table, { field, lang, text: true }))
      .ifExists()
      .execute();
}

/** Makes an order's index (its key, then id), when it is not there yet. */
export async function addSortIndex(db: Kysely<unknown>, table: string, s: SortIndex): Promise<void> {
  const key = sortKeySql(isPostgres(db), s);
  await sql.raw(`create index if not exists "${sortIndexName(table, s)}" on "${table}" (${key}, id)`).execute(db);
}

/** Is there an index of this name on the table? */
export async function hasIndex(db: Kysely<unknown>, table: string, name: string): Promise<boolean> {
  const rows = isPostgres(db)
    ? (
        await sql`select 1 from pg_indexes where schemaname = current_schema() and tablename = ${table}
          and indexname = ${name}`.execute(db)
      ).rows
    : (
        await sql`select 1 from sqlite_master where type = 'index' and tbl_name = ${table} and name = ${name}`.execute(
          db,
        )
      ).rows;
  return rows.length > 0;
}

/** Makes a field's unique index; fails, saying why, when the rows there are share a value. */
export async function addUnique(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  try {
    await db.schema.createIndex(uniqueIndex(table, column)).ifNotExists().unique().on(table).column(column).execute();
  } catch (err) {
    // The rows there are would share a value (the empty one of a column just added): the migration fails as a whole.
    throw new Error(
      `${table}.${column}: a unique field added to a table that has records needs a value of its own in each, which ` +
        `one fill cannot give: a migration written by hand fills it (${String(err)})`,
      { cause: err },
    );
  }
}
