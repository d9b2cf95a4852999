import { sql, type Kysely } from 'kysely';
import {
  emptyValue,
  fieldsOfResource,
  foldColumn,
  foldsUnique,
  hasSearch,
  hasTranslations,
  kindOf,
  listSortable,
  RECORD_LANGUAGES,
  mayBeEmpty,
  type FieldColumn,
  type FieldDescription,
  type ResourceDescription,
} from '../../domain/resourceDescription.js';
import { fieldSchema } from '../../domain/recordSchemas.js';
import { foldSearch } from '../../domain/searchFold.js';
import type { Dialect } from './index.js';
import { conversionOf, convertColumn, kindChangeRefusal, type Conversion } from './kindChanges.js';
import {
  addSortIndex,
  addUnique,
  columnsOf,
  dropSortIndexes,
  hasIndex,
  isPostgres,
  sameSort,
  sortIndex,
  sortIndexName,
  uniqueIndex,
  type SortIndex,
} from './tableIndexes.js';

export { sortKeySql, type SortIndex } from './tableIndexes.js';

// The tables of the described resources, through migrations (docs/decisions.md, 'Resource tables through
// migrations'): `npm run resources` compares every description with what the migrations already made (each generated
// migration holds its steps as data, `steps`) and writes a new migration with what is missing: a renamed field's
// column renamed, a new field's column filled; nothing is dropped unless the shop asks (`--drop`). At a start, after
// the migrations, checkDescribedTables() compares each description with its table and refuses, naming the field, when
// they disagree.

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
  /** The value the rows there are get instead of `default` (the field's `fill`, as stored). */
  fill?: string | number;
  /**
   * A unique field's folded copy (foldColumn): the field it folds. Added, it gets each row's value folded before its
   * unique index is made; rows that would then share a value stop the migration, named.
   */
  folds?: string;
}

/** What one generated migration does to one resource's table. Plain data: the migration file holds it as written. */
export interface TableStep {
  table: string;
  /** Make the table (when it is not there yet: an install that made it before the migrations keeps its rows). */
  create: boolean;
  /** Columns renamed, values and all (new name: earlier name), before anything else; translated texts too. */
  renamed?: Record<string, string>;
  /** Columns to add (when missing), with their unique index when marked. */
  columns: Record<string, ColumnStep>;
  /** Existing columns whose values are carried over to their field's new held form (kindChanges.ts), after renames. */
  convert?: Record<string, Conversion>;
  /** Existing columns that get a unique index. */
  unique?: string[];
  /** The list's order: an index on (field, id). */
  sort?: string;
  /** The orders a person may pick (a column header): an index on each (its key, id), sortIndexes. */
  sorts?: SortIndex[];
  /** The fields the partial-name search reads, as of this step: `search_text` is made again from them. */
  search?: { field: string; translated: boolean }[];
  /** Columns dropped with their values (asked for by `npm run resources -- --drop <table>.<column>`), as they were. */
  drop?: Record<string, ColumnStep>;
}

/** The orders a description's list may be read in (listSortable fields; a translated one in each language too). */
export function sortIndexesOf(d: ResourceDescription): SortIndex[] {
  const out: SortIndex[] = [];
  if (d.headerSort === false) return out;
  for (const [field, f] of fieldsOfResource(d)) {
    if (!listSortable(f)) continue;
    const text = kindOf(f).column === 'text';
    out.push({ field, text });
    if (f.kind === 'translated') for (const lang of RECORD_LANGUAGES) out.push({ field, lang, text });
  }
  return out;
}

/** How a field's value is held, as a migration records it: a change of this needs a migration written by hand. */
const storedOf = (f: FieldDescription): string => kindOf(f).held(f);

/** A field's value as its column holds it (its kind's: a boolean as 0/1, a number scaled, images as JSON). */
export const toStored = (f: FieldDescription, v: unknown): unknown => kindOf(f).toStored(f, v);

/** A column's value as the API holds it. */
export const fromStored = (f: FieldDescription, v: unknown): unknown => kindOf(f).fromStored(f, v);

/** The columns a description needs, with the record's own `translations` and `search_text` when it has them. */
export function wantedColumns(d: ResourceDescription): Record<string, ColumnStep> {
  const out: Record<string, ColumnStep> = {};
  for (const [k, f] of fieldsOfResource(d)) {
    const stored = toStored(f, emptyValue(f)) as string | number;
    out[k] = {
      type: TYPES[kindOf(f).column],
      default: stored,
      stored: storedOf(f),
      ...(f.unique ? { unique: true } : {}),
    };
    if (foldsUnique(f)) out[foldColumn(k)] = { type: 'text', default: '', stored: 'fold', unique: true, folds: k };
  }
  if (hasTranslations(d)) out.translations = { type: 'text', default: '{}', stored: 'translations' };
  if (hasSearch(d)) out.search_text = { type: 'text', default: '', stored: 'search' };
  return out;
}

const searchOf = (d: ResourceDescription): { field: string; translated: boolean }[] =>
  fieldsOfResource(d)
    .filter(([, f]) => f.search)
    .map(([field, f]) => ({ field, translated: f.kind === 'translated' }));

/** A table as the migrations so far made it. */
interface Known {
  columns: Record<string, ColumnStep>;
  sort?: string;
  sorts?: SortIndex[];
  search?: TableStep['search'];
}

/** The tables the steps make, in order. */
export function foldSteps(steps: readonly TableStep[]): Map<string, Known> {
  const out = new Map<string, Known>();
  for (const s of steps) {
    const t = out.get(s.table) ?? { columns: {} };
    for (const [to, from] of Object.entries(s.renamed ?? {})) {
      if (t.columns[from]) t.columns[to] = t.columns[from];
      delete t.columns[from];
      if (t.sort === from) t.sort = to;
      // A renamed field's orders are made again under its new name (renameColumns drops them).
      t.sorts = t.sorts?.filter((x) => x.field !== from);
    }
    for (const [k, c] of Object.entries(s.convert ?? {}))
      if (t.columns[k]) t.columns[k] = { ...t.columns[k], type: c.to.type, default: c.to.default, stored: c.to.stored };
    for (const [k, c] of Object.entries(s.columns)) {
      const { fill: _fill, ...column } = c;
      t.columns[k] = column;
    }
    for (const k of s.unique ?? []) if (t.columns[k]) t.columns[k].unique = true;
    for (const k of Object.keys(s.drop ?? {})) {
      delete t.columns[k];
      t.sorts = t.sorts?.filter((x) => x.field !== k);
    }
    if (s.sort) t.sort = s.sort;
    if (s.sorts) t.sorts = [...(t.sorts ?? []), ...s.sorts.filter((x) => !t.sorts?.some((y) => sameSort(x, y)))];
    if (s.search) t.search = s.search;
    out.set(s.table, t);
  }
  return out;
}

/** What a field's `fill` is to be, in words, for the generator's refusal ("write fill: …"): its kind's hint. */
const fillHint = (f: FieldDescription): string =>
  kindOf(f).fillHint?.(f) ?? `a ${f.kind} takes no fill: make it optional`;

/** The file a resource is described in: its folder's description, or the products' own. */
export const describedIn = (name: string): string =>
  name === 'products' ? 'domain/productFields.ts' : `resources/${name}/description.ts`;

/** What the descriptions ask of the tables the steps made: the next migration's steps, and what they cannot do. */
export interface Plan {
  steps: TableStep[];
  /** What stops the generator (no migration written): a changed storage, a missing or wrong fill, a bad rename. */
  problems: string[];
  /** Columns no field is described by any more (`table.column`): kept with their values until a drop is asked for. */
  removed: string[];
}

/**
 * What the descriptions need that the steps have not made (the next migration's steps), and what no generated
 * migration can do: a field whose kind changed its storage (a migration written by hand), a field added to a table
 * that has records with no `fill` for them. A field renamed (`renamedFrom`) has its column renamed; a field the
 * descriptions no longer have keeps its column and its values (`removed`) unless `drops` names it (`table.column`).
 */
export function planSteps(
  descriptions: readonly ResourceDescription[],
  steps: readonly TableStep[],
  drops: readonly string[] = [],
): Plan {
  const known = foldSteps(steps);
  const out: TableStep[] = [];
  const problems: string[] = [];
  const removed: string[] = [];
  const dropped = new Set<string>();
  for (const d of descriptions) {
    const want = wantedColumns(d);
    const search = searchOf(d);
    const have = known.get(d.name);
    const wantSorts = sortIndexesOf(d);
    if (!have) {
      out.push({
        table: d.name,
        create: true,
        columns: want,
        sort: d.sort.field,
        ...(wantSorts.length > 0 ? { sorts: wantSorts } : {}),
        ...(search.length > 0 ? { search } : {}),
      });
      continue;
    }
    // The table as it is once the fields renamed since carry their new names.
    const renamed: Record<string, string> = {};
    const cols = { ...have.columns };
    let haveSort = have.sort;
    for (const [k, f] of fieldsOfResource(d)) {
      if (f.renamedFrom === undefined || have.columns[k]) continue;
      if (!have.columns[f.renamedFrom]) {
        problems.push(`${d.name}.${k} is renamed from ${f.renamedFrom}, but ${d.name} has no column ${f.renamedFrom}`);
        continue;
      }
      renamed[k] = f.renamedFrom;
      cols[k] = cols[f.renamedFrom]!;
      delete cols[f.renamedFrom];
      if (haveSort === f.renamedFrom) haveSort = undefined;
    }
    const columns: Record<string, ColumnStep> = {};
    const convert: Record<string, Conversion> = {};
    const unique: string[] = [];
    for (const [k, c] of Object.entries(want)) {
      const h = cols[k];
      const f = d.fields[k];
      if (!h) {
        if (f?.renamedFrom !== undefined) continue; // named above
        const fill = f?.fill;
        if (f && fill === undefined && !mayBeEmpty(f))
          problems.push(
            `${d.name}.${k} is new, and the records ${d.name} may already have need a value for it: write ` +
              `fill: <their value> on the field in ${describedIn(d.name)} (${fillHint(f)})`,
          );
        else if (f && fill !== undefined && !fieldSchema(f).safeParse(fill).success)
          problems.push(`${d.name}.${k}: its fill ${JSON.stringify(fill)} is not a value it may hold (${fillHint(f)})`);
        else
          columns[k] =
            f && fill !== undefined ? { ...c, fill: toStored(f, fieldSchema(f).parse(fill)) as string | number } : c;
        continue;
      }
      if (h.stored !== c.stored || h.type !== c.type) {
        if (!f || !conversionOf(h.stored, c.stored)) {
          problems.push(kindChangeRefusal(d.name, k, h.stored, c.stored, describedIn(d.name)));
          continue;
        }
        const { fill: _fill, renamedFrom: _from, ...field } = f;
        const { unique: _u, ...from } = h;
        const { unique: _v, ...to } = c;
        convert[k] = { from, to, field };
      }
      if (c.unique && !h.unique) unique.push(k);
    }
    const drop: Record<string, ColumnStep> = {};
    for (const [k, c] of Object.entries(cols)) {
      if (k in want) continue;
      // A folded copy no unique field needs now (unique: 'exact', or its field renamed): it holds nothing of its own.
      if (c.folds !== undefined) {
        drop[k] = c;
        continue;
      }
      if (drops.includes(`${d.name}.${k}`)) {
        drop[k] = c;
        dropped.add(`${d.name}.${k}`);
      } else removed.push(`${d.name}.${k}`);
    }
    const sort = haveSort === d.sort.field ? undefined : d.sort.field;
    const renamedAway = new Set(Object.values(renamed));
    const haveSorts = (have.sorts ?? []).filter((x) => !renamedAway.has(x.field) && !(x.field in renamed));
    const sorts = wantSorts.filter((x) => !haveSorts.some((y) => sameSort(x, y)));
    const searchChanged = JSON.stringify(have.search ?? []) !== JSON.stringify(search);
    const isRenamed = Object.keys(renamed).length > 0;
    const isDropped = Object.keys(drop).length > 0;
    const isSorted = sorts.length > 0;
    const isConverted = Object.keys(convert).length > 0;
    const changed = Object.keys(columns).length > 0 || unique.length > 0 || sort || searchChanged || isConverted;
    if (isRenamed || changed || isDropped || isSorted)
      out.push({
        table: d.name,
        create: false,
        ...(isRenamed ? { renamed } : {}),
        ...(isConverted ? { convert } : {}),
        columns,
        ...(unique.length > 0 ? { unique } : {}),
        ...(sort ? { sort } : {}),
        ...(isSorted ? { sorts } : {}),
        ...(searchChanged ? { search } : {}),
        ...(isDropped ? { drop } : {}),
      });
  }
  for (const x of drops)
    if (!dropped.has(x))
      problems.push(`--drop ${x}: no column a description has left (table.column: ${removed.join(', ') || 'none'})`);
  return { steps: out, problems, removed };
}

/**
 * Renames columns (new name: earlier name), values and all, on either database (ALTER TABLE … RENAME COLUMN), with
 * their unique index under its new name, the list's index dropped (the step's `sort` makes it again under the new
 * name) and a translated field's texts in every record's `translations` under the new name too.
 */
async function renameColumns(
  db: Kysely<unknown>,
  table: string,
  renamed: Record<string, string>,
  existing: Map<string, string>,
): Promise<void> {
  const pairs = Object.entries(renamed).filter(([to, from]) => existing.has(from) && !existing.has(to));
  if (pairs.length === 0) return;
  for (const [to, from] of pairs) {
    await db.schema.dropIndex(sortIndex(table, from)).ifExists().execute();
    await dropSortIndexes(db, table, from);
    const unique = await hasIndex(db, table, uniqueIndex(table, from));
    if (unique) await db.schema.dropIndex(uniqueIndex(table, from)).execute();
    await db.schema.alterTable(table).renameColumn(from, to).execute();
    if (unique) await addUnique(db, table, to);
  }
  if (!existing.has('translations')) return;
  const rows = await sql<{
    id: string;
    translations: unknown;
  }>`select id, translations from ${sql.table(table)}`.execute(db);
  for (const row of rows.rows) {
    const t = (
      typeof row.translations === 'string' ? JSON.parse(row.translations) : (row.translations ?? {})
    ) as Record<string, Record<string, unknown>>;
    let changed = false;
    for (const texts of Object.values(t))
      for (const [to, from] of pairs)
        if (texts && from in texts) {
          texts[to] = texts[from];
          delete texts[from];
          changed = true;
        }
    if (changed)
      await sql`update ${sql.table(table)} set translations = ${JSON.stringify(t)} where id = ${row.id}`.execute(db);
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
 * A unique field's folded copy for the records there are: each one's value folded as the find box folds it; records
 * whose values would then be one stop the migration (it runs in one transaction: nothing is changed), each named, so
 * they are told apart by hand first (or the field made `unique: 'exact'`). No value is ever dropped or changed.
 */
async function fillFolded(db: Kysely<unknown>, table: string, column: string, field: string): Promise<void> {
  const rows = await sql<{ id: string; v: unknown }>`select id, ${sql.ref(field)} as v from ${sql.table(table)}
    order by id`.execute(db);
  const byFold = new Map<string, { id: string; v: string }[]>();
  for (const r of rows.rows) {
    const v = String(r.v ?? '');
    const folded = foldSearch(v);
    byFold.set(folded, [...(byFold.get(folded) ?? []), { id: r.id, v }]);
  }
  const clashes = [...byFold.values()]
    .filter((same) => same.length > 1)
    .map((same) => same.map((x) => `${JSON.stringify(x.v)} (id ${x.id})`).join(' and '));
  if (clashes.length > 0)
    throw new Error(
      `${table}.${field} is unique compared as the find box compares (case and accents), and these records would ` +
        `share a value: ${clashes.join('; ')}. ` +
        `Nothing was changed. Give each of them a value of its own (or write unique: 'exact' on the field in ` +
        `${describedIn(table)}, then run npm run resources again) and start again.`,
    );
  for (const [folded, same] of byFold)
    for (const x of same)
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${folded} where id = ${x.id}`.execute(db);
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
    await renameColumns(db, step.table, step.renamed ?? {}, existing);
    for (const [k, c] of Object.entries(step.convert ?? {})) await convertColumn(db, step.table, k, c);
    for (const [k, c] of columns) {
      if (existing.has(k)) continue;
      await db.schema
        .alterTable(step.table)
        .addColumn(k, c.type, (b) => b.notNull().defaultTo(c.default))
        .execute();
      // The records there are get the field's fill (the column's default stays the kind's empty value).
      if (c.fill !== undefined) await sql`update ${sql.table(step.table)} set ${sql.ref(k)} = ${c.fill}`.execute(db);
      if (c.folds !== undefined) await fillFolded(db, step.table, k, c.folds);
      if (c.unique) await addUnique(db, step.table, k);
    }
  }
  for (const k of step.unique ?? []) await addUnique(db, step.table, k);
  for (const k of Object.keys(step.drop ?? {})) {
    // Its indexes first: SQLite does not drop a column an index reads.
    await db.schema.dropIndex(uniqueIndex(step.table, k)).ifExists().execute();
    await db.schema.dropIndex(sortIndex(step.table, k)).ifExists().execute();
    await dropSortIndexes(db, step.table, k);
    await db.schema.alterTable(step.table).dropColumn(k).execute();
  }
  for (const s of step.sorts ?? []) await addSortIndex(db, step.table, s);
  if (step.sort)
    await db.schema
      .createIndex(sortIndex(step.table, step.sort))
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

/**
 * Undoes one step (a generated migration's `down`): drops the table it made, or the columns and indexes it added;
 * gives back the columns it dropped (empty: their values went with them) and the names it changed.
 */
export async function revertTableStep(db: Kysely<unknown>, step: TableStep): Promise<void> {
  if (step.create) {
    await db.schema.dropTable(step.table).ifExists().execute();
    return;
  }
  for (const [k, c] of Object.entries(step.drop ?? {}))
    await db.schema
      .alterTable(step.table)
      .addColumn(k, c.type, (b) => b.notNull().defaultTo(c.default))
      .execute();
  for (const k of [...Object.keys(step.columns), ...(step.unique ?? [])])
    await db.schema.dropIndex(uniqueIndex(step.table, k)).ifExists().execute();
  for (const s of step.sorts ?? []) await db.schema.dropIndex(sortIndexName(step.table, s)).ifExists().execute();
  for (const k of Object.keys(step.columns)) await db.schema.alterTable(step.table).dropColumn(k).execute();
  const back = Object.fromEntries(Object.entries(step.renamed ?? {}).map(([to, from]) => [from, to]));
  if (step.sort && Object.values(back).includes(step.sort))
    await db.schema.dropIndex(sortIndex(step.table, step.sort)).ifExists().execute();
  for (const [k, c] of Object.entries(step.convert ?? {})) await convertColumn(db, step.table, k, c, true);
  await renameColumns(db, step.table, back, await columnsOf(db, isPostgres(db), step.table));
}

/**
 * At a start, after the migrations: each description's table has a column of the right type for every field, held
 * as its description says (as `steps`, the migrations that ran, made it: an integer and a number are both bigint),
 * else the start stops, naming the field (a description changed without `npm run resources`, or a table changed by
 * hand). A table the steps do not make is checked by its column types alone.
 */
export async function checkDescribedTables(
  db: Kysely<unknown>,
  dialect: Dialect,
  resources: readonly ResourceDescription[],
  steps: readonly TableStep[] = [],
): Promise<void> {
  const problems: string[] = [];
  const made = foldSteps(steps);
  for (const r of resources) {
    const existing = await columnsOf(db, dialect === 'postgres', r.name);
    if (existing.size === 0) {
      problems.push(`${r.name} has no table`);
      continue;
    }
    for (const [k, c] of Object.entries(wantedColumns(r))) {
      const type = existing.get(k);
      const column = c.type === 'text' ? 'text' : c.type === 'integer' ? 'boolean' : 'integer';
      const held = made.get(r.name)?.columns[k]?.stored;
      if (type === undefined) problems.push(`${r.name}.${k} has no column`);
      // Products' hand-made text columns are varchar(n) (migration 002): text to a field.
      else if (!SEEN[column].includes(/^(varchar|character varying)/.test(type) ? 'text' : type))
        problems.push(`${r.name}.${k} is ${type}, its description says ${r.fields[k]?.kind ?? k} (${c.type})`);
      else if (held !== undefined && held !== c.stored)
        problems.push(`${r.name}.${k} is held as ${held}, its description says ${c.stored}`);
    }
  }
  if (problems.length > 0)
    throw new Error(
      `The tables do not match their descriptions: ${problems.join('; ')}. Run \`npm run resources\` (it writes the ` +
        'migration a new resource or field, or a changed kind, needs) and start again.',
    );
}
