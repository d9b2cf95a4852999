import { PostgresAdapter, sql, type Kysely } from 'kysely';
import {
  emptyValue,
  fieldsOfRecords,
  hasSearch,
  hasTranslations,
  kindOf,
  type FieldColumn,
  type FieldDescription,
  type RecordsDescription,
} from '../../domain/records.js';
import { foldSearch } from '../../domain/searchFold.js';
import type { Dialect } from './index.js';

// The tables of the described resources, through migrations (docs/decisions.md, 'Resource tables through
// migrations'): `npm run resources` compares every description with what the migrations already made (each generated
// migration holds its steps as data, `steps`) and writes a new migration with what is missing; nothing is ever
// dropped by it. At a start, after the migrations, checkRecordsTables() compares each description with its table and
// refuses, naming the field, when they disagree.

/** The SQL type each stored form is made with, and the types a table may show for it (lower case). */
const TYPES = { text: 'text', boolean: 'integer', integer: 'bigint' } as const satisfies Record<FieldColumn, string>;
const SEEN: Record<FieldColumn, readonly string[]> = {
  text: ['text'],
  boolean: ['integer'],
  integer: ['bigint', 'integer'],
};

/** One column a migration makes: its SQL type, the value the rows there are get, and how a field is held in it. */
export interface ColumnStep {
  type: 'text' | 'integer' | 'bigint';
  default: string | number;
  /** How the value is held: the kind's column, 'number:<decimals>' (scaled) or 'images' (a JSON list). */
  stored: string;
  unique?: boolean;
}

/** What one generated migration does to one resource's table. Plain data: the migration file holds it as written. */
export interface TableStep {
  table: string;
  /** Make the table (when it is not there yet: an install that made it before the migrations keeps its rows). */
  create: boolean;
  /** Columns to add (when missing), with their unique index when marked. */
  columns: Record<string, ColumnStep>;
  /** Existing columns that get a unique index. */
  unique?: string[];
  /** The list's order: an index on (field, id). */
  sort?: string;
  /** The fields the partial-name search reads, as of this step: `search_text` is made again from them. */
  search?: { field: string; translated: boolean }[];
}

/** How a field's value is held, as a migration records it: a change of this needs a migration written by hand. */
const storedOf = (f: FieldDescription): string => kindOf(f).held(f);

/** A field's value as its column holds it (its kind's: a boolean as 0/1, a number scaled, images as JSON). */
export const toStored = (f: FieldDescription, v: unknown): unknown => kindOf(f).toStored(f, v);

/** A column's value as the API holds it. */
export const fromStored = (f: FieldDescription, v: unknown): unknown => kindOf(f).fromStored(f, v);

/** The columns a description needs, with the record's own `translations` and `search_text` when it has them. */
export function wantedColumns(d: RecordsDescription): Record<string, ColumnStep> {
  const out: Record<string, ColumnStep> = {};
  for (const [k, f] of fieldsOfRecords(d)) {
    const stored = toStored(f, emptyValue(f)) as string | number;
    out[k] = {
      type: TYPES[kindOf(f).column],
      default: stored,
      stored: storedOf(f),
      ...(f.unique ? { unique: true } : {}),
    };
  }
  if (hasTranslations(d)) out.translations = { type: 'text', default: '{}', stored: 'translations' };
  if (hasSearch(d)) out.search_text = { type: 'text', default: '', stored: 'search' };
  return out;
}

const searchOf = (d: RecordsDescription): { field: string; translated: boolean }[] =>
  fieldsOfRecords(d)
    .filter(([, f]) => f.search)
    .map(([field, f]) => ({ field, translated: f.kind === 'translated' }));

/** A table as the migrations so far made it. */
interface Known {
  columns: Record<string, ColumnStep>;
  sort?: string;
  search?: TableStep['search'];
}

/** The tables the steps make, in order. */
export function foldSteps(steps: readonly TableStep[]): Map<string, Known> {
  const out = new Map<string, Known>();
  for (const s of steps) {
    const t = out.get(s.table) ?? { columns: {} };
    for (const [k, c] of Object.entries(s.columns)) t.columns[k] = { ...c };
    for (const k of s.unique ?? []) if (t.columns[k]) t.columns[k].unique = true;
    if (s.sort) t.sort = s.sort;
    if (s.search) t.search = s.search;
    out.set(s.table, t);
  }
  return out;
}

/**
 * What the descriptions need that the steps have not made (the next migration's steps), and what no generated
 * migration can do (a field whose kind changed its storage: a migration written by hand). A field the descriptions no
 * longer have keeps its column and its data: nothing is dropped.
 */
export function planSteps(
  descriptions: readonly RecordsDescription[],
  steps: readonly TableStep[],
): { steps: TableStep[]; problems: string[] } {
  const known = foldSteps(steps);
  const out: TableStep[] = [];
  const problems: string[] = [];
  for (const d of descriptions) {
    const want = wantedColumns(d);
    const search = searchOf(d);
    const have = known.get(d.name);
    if (!have) {
      out.push({
        table: d.name,
        create: true,
        columns: want,
        sort: d.sort.field,
        ...(search.length > 0 ? { search } : {}),
      });
      continue;
    }
    const columns: Record<string, ColumnStep> = {};
    const unique: string[] = [];
    for (const [k, c] of Object.entries(want)) {
      const h = have.columns[k];
      if (!h) columns[k] = c;
      else if (h.stored !== c.stored || h.type !== c.type)
        problems.push(`${d.name}.${k} is held as ${h.stored}, its description says ${c.stored}`);
      else if (c.unique && !h.unique) unique.push(k);
    }
    const sort = have.sort === d.sort.field ? undefined : d.sort.field;
    const searchChanged = JSON.stringify(have.search ?? []) !== JSON.stringify(search);
    if (Object.keys(columns).length > 0 || unique.length > 0 || sort || searchChanged)
      out.push({
        table: d.name,
        create: false,
        columns,
        ...(unique.length > 0 ? { unique } : {}),
        ...(sort ? { sort } : {}),
        ...(searchChanged ? { search } : {}),
      });
  }
  return { steps: out, problems };
}

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The columns of a table and their types, lower case; empty when it has none (it does not exist). */
async function columnsOf(db: Kysely<unknown>, postgres: boolean, table: string): Promise<Map<string, string>> {
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

const uniqueIndex = (table: string, column: string): string => `${table}_${column}_unique`;

async function addUnique(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  try {
    await db.schema.createIndex(uniqueIndex(table, column)).ifNotExists().unique().on(table).column(column).execute();
  } catch (err) {
    // The rows there are would share a value (the empty one of a column just added): the migration fails as a whole.
    throw new Error(
      `${table}.${column}: a unique field added to a table that has records needs a migration that fills it ` +
        `(${String(err)})`,
      { cause: err },
    );
  }
}

/**
 * The folded text the partial-name search reads (lower case, no accents: domain/searchFold.ts): each searched field,
 * in every language of a translated one.
 */
export function searchTextOf(search: readonly { field: string; translated: boolean }[], row: Record<string, unknown>) {
  const t = (typeof row.translations === 'string' ? JSON.parse(row.translations) : (row.translations ?? {})) as Record<
    string,
    Record<string, string>
  >;
  const words: string[] = [];
  for (const s of search) {
    words.push(String(row[s.field] ?? ''));
    if (s.translated) for (const texts of Object.values(t)) words.push(texts[s.field] ?? '');
  }
  return foldSearch(words.filter(Boolean).join(' '));
}

/**
 * Runs one step (a generated migration's `up`), on either database. Making a table that is there already adds only
 * the columns it lacks, so an install whose table was made before its migration keeps its rows.
 */
export async function applyTableStep(db: Kysely<unknown>, step: TableStep): Promise<void> {
  const postgres = isPostgres(db);
  const existing = await columnsOf(db, postgres, step.table);
  const columns = Object.entries(step.columns);
  if (step.create && existing.size === 0) {
    let table = db.schema
      .createTable(step.table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull());
    for (const [k, c] of columns) table = table.addColumn(k, c.type, (b) => b.notNull().defaultTo(c.default));
    await table
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('updated', 'text')
      .addColumn('created_by', 'text')
      .addColumn('updated_by', 'text')
      .execute();
    for (const [k, c] of columns) if (c.unique) await addUnique(db, step.table, k);
  } else {
    for (const [k, c] of columns) {
      if (existing.has(k)) continue;
      await db.schema
        .alterTable(step.table)
        .addColumn(k, c.type, (b) => b.notNull().defaultTo(c.default))
        .execute();
      if (c.unique) await addUnique(db, step.table, k);
    }
  }
  for (const k of step.unique ?? []) await addUnique(db, step.table, k);
  if (step.sort)
    await db.schema
      .createIndex(`${step.table}_by_${step.sort}`)
      .ifNotExists()
      .on(step.table)
      .columns([step.sort, 'id'])
      .execute();
  if (step.search && (existing.size > 0 || !step.create)) {
    // The rows there are get the search's text as the server would write it (folded).
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(step.table)}`.execute(db);
    for (const row of rows.rows)
      await sql`update ${sql.table(step.table)} set search_text = ${searchTextOf(step.search, row)}
        where id = ${row.id as string}`.execute(db);
  }
}

/**
 * A generated migration's `up`: its steps in one transaction (PostgreSQL's migrations already run in one; SQLite's
 * do not), so a step that fails (a unique index the rows there are cannot have) leaves nothing behind.
 */
export async function applyTableSteps(db: Kysely<unknown>, steps: readonly TableStep[]): Promise<void> {
  const run = async (trx: Kysely<unknown>) => {
    for (const step of steps) await applyTableStep(trx, step);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/** A generated migration's `down`: its steps undone, last first. */
export async function revertTableSteps(db: Kysely<unknown>, steps: readonly TableStep[]): Promise<void> {
  for (const step of [...steps].reverse()) await revertTableStep(db, step);
}

/** Undoes one step (a generated migration's `down`): drops the table it made, or the columns and indexes it added. */
export async function revertTableStep(db: Kysely<unknown>, step: TableStep): Promise<void> {
  if (step.create) {
    await db.schema.dropTable(step.table).ifExists().execute();
    return;
  }
  for (const k of [...Object.keys(step.columns), ...(step.unique ?? [])])
    await db.schema.dropIndex(uniqueIndex(step.table, k)).ifExists().execute();
  for (const k of Object.keys(step.columns)) await db.schema.alterTable(step.table).dropColumn(k).execute();
}

/**
 * At a start, after the migrations: each description's table has a column of the right type for every field, else
 * the start stops, naming the field (a description changed without `npm run resources`, or a table changed by hand).
 */
export async function checkRecordsTables(
  db: Kysely<unknown>,
  dialect: Dialect,
  resources: readonly RecordsDescription[],
): Promise<void> {
  const problems: string[] = [];
  for (const r of resources) {
    const existing = await columnsOf(db, dialect === 'postgres', r.name);
    if (existing.size === 0) {
      problems.push(`${r.name} has no table`);
      continue;
    }
    for (const [k, c] of Object.entries(wantedColumns(r))) {
      const type = existing.get(k);
      const column = c.type === 'text' ? 'text' : c.type === 'integer' ? 'boolean' : 'integer';
      if (type === undefined) problems.push(`${r.name}.${k} has no column`);
      else if (!SEEN[column].includes(type))
        problems.push(`${r.name}.${k} is ${type}, its description says ${r.fields[k]?.kind ?? k} (${c.type})`);
    }
  }
  if (problems.length > 0)
    throw new Error(
      `The tables do not match their descriptions: ${problems.join('; ')}. Run \`npm run resources\` (it writes the ` +
        'migration a new resource or field needs) and start again; a changed kind needs a migration written by hand.',
    );
}
