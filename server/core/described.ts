import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readPage, readRows } from '../db/read.js';
import { fromStored, searchTextOf, sortKeySql, toStored } from '../db/describedTables.js';
import {
  bulkFieldsOf,
  fieldsOfResource,
  filtersOf,
  foldColumn,
  foldsUnique,
  hasSearch,
  listSortable,
  RECORD_LANGUAGES,
  hasTranslations,
  labelOf,
  mergeTexts,
  referencesOf,
  idsOf,
  REFERENCES_JOIN,
  type RecordOf,
  type ResourceDescription,
  type RecordTranslations,
} from '../../domain/resourceDescription.js';
import { fieldSchema, schemasOf } from '../../domain/recordSchemas.js';
import { kindOf } from '../../domain/fieldKinds.js';
import { DomainError, isUniqueViolation } from './errors.js';
import { commit } from './commit.js';
import { assertPointers, pointsToSql } from './pointers.js';
import type { UndoTarget } from './historyUndo.js';
import { versionedCreate, versionedDelete, versionedUpdate, type VersionedTarget } from './versionedUpdate.js';
import { historyValues, recordOwner } from '../../domain/recordHistory.js';
import { said } from '../../domain/translate.js';
import { foldSearch, searchWordsOf } from '../../domain/searchFold.js';
import type { BulkTarget } from './bulk.js';
import { thumbnailOf } from './files.js';

// The rules of every described resource (its description, domain/resourceDescription.ts), once: keyset pages, exact and
// partial-name search, add and edit with unique fields, references and uploaded images checked, edit and delete only
// from the version loaded, locked fields kept, history with undo (its CSV import: core/recordImport.ts). Every change
// goes through commit() (core/commit.ts): its history entry (Activity) and its announcement (webhooks, live lists).
// A resource with rules of its own (products, users) has its own core file instead.

type Row = Record<string, unknown>;

const searched = (r: ResourceDescription) =>
  fieldsOfResource(r)
    .filter(([, f]) => f.search)
    .map(([field, f]) => ({ field, translated: f.kind === 'translated' }));

export function toRecord<D extends ResourceDescription>(r: D, row: Row): RecordOf<D> {
  const out: Row = { id: row.id, version: Number(row.version), created: row.created, updated: row.updated ?? null };
  for (const [k, spec] of fieldsOfResource(r)) out[k] = fromStored(spec, row[k]);
  if (hasTranslations(r)) out.translations = JSON.parse(String(row.translations ?? '{}')) as RecordTranslations;
  return out as RecordOf<D>;
}

/**
 * The columns of a record's values: each field as stored (a folded unique field also folded, under its unique index),
 * its translations and its search text.
 */
function columnsOf(r: ResourceDescription, rec: Row): Row {
  const out: Row = {};
  for (const [k, spec] of fieldsOfResource(r)) {
    out[k] = toStored(spec, rec[k]);
    if (foldsUnique(spec)) out[foldColumn(k)] = foldSearch(String(rec[k] ?? ''));
  }
  if (hasTranslations(r)) out.translations = JSON.stringify(rec.translations ?? {});
  if (hasSearch(r)) out.search_text = searchTextOf(searched(r), rec);
  return out;
}

const likeEscaped = (w: string): string => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The order a list is read in: a field (listSortable), its direction, and the language of a translated one. */
export interface RecordSort {
  field: string;
  order: 'asc' | 'desc';
  /** A catalogue language other than English (RECORD_LANGUAGES): a translated field's text in it, else English. */
  lang?: string;
}

/**
 * What narrows a list besides the search: each filter's condition, with `?` placeholders, and their values; `missing`,
 * a language some translated text is missing in (its condition is the database's own, missingSql).
 */
type Conditions = { where: string[]; params: unknown[]; missing?: string };

/**
 * The condition of a record missing some text in `lang`: a translated field's English written and its text in `lang`
 * empty or absent (field names and languages are the description's and RECORD_LANGUAGES', never the caller's words).
 */
function missingSql(r: ResourceDescription, lang: string, postgres: boolean): string {
  const texts = (field: string) =>
    postgres ? `(translations::jsonb) #>> '{${lang},${field}}'` : `json_extract(translations, '$.${lang}.${field}')`;
  const each = fieldsOfResource(r)
    .filter(([, f]) => f.kind === 'translated')
    .map(([field]) => `("${field}" <> '' and coalesce(${texts(field)}, '') = '')`);
  return `(${each.join(' or ')})`;
}

const badParameter = (name: string): DomainError =>
  new DomainError('validation', said('errors.badParameter', { name }), [
    { path: `/${name}`, message: said('errors.badParameter', { name }) },
  ]);

/**
 * A list's order and filters from its query (routes/described.ts), each checked: a field it cannot be sorted by, an
 * order other than asc or desc, a language it has no texts in, a filter's value its field cannot hold, each refused
 * (400) naming its parameter. Left out: the description's own order.
 */
export function listQueryOf(
  r: ResourceDescription,
  query: Record<string, string | undefined>,
): { sort: RecordSort; filter: Conditions } {
  const { sort: field = r.sort.field, order = r.sort.order, lang = 'en' } = query;
  const spec = r.fields[field];
  if (!Object.hasOwn(r.fields, field) || !spec || !listSortable(spec)) throw badParameter('sort');
  if (order !== 'asc' && order !== 'desc') throw badParameter('order');
  if (lang !== 'en' && !RECORD_LANGUAGES.includes(lang)) throw badParameter('lang');
  const sort: RecordSort = { field, order, ...(spec.kind === 'translated' && lang !== 'en' ? { lang } : {}) };
  const { where, params } = filterConditionsOf(r, query);
  const missing = query.missing;
  if (missing !== undefined && (!r.missing || !RECORD_LANGUAGES.includes(missing))) throw badParameter('missing');
  return { sort, filter: { where, params, ...(missing !== undefined ? { missing } : {}) } };
}

/**
 * The conditions of a list's filters by field (filtersOf: a choice or several by any of their options, a yes/no, a
 * reference or several by any of the records named, a range of a number or date), each value checked and refused
 * (400) naming its parameter; columns named as `"field"`, values as `?` in order, and the fields filtered on. Every
 * list built on a description reads its filters here: a described list (listQueryOf) and the products list
 * (core/productSearch.ts).
 */
export function filterConditionsOf(
  r: ResourceDescription,
  query: Readonly<Record<string, string | undefined>>,
): { where: string[]; params: unknown[]; fields: string[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const fields: string[] = [];
  for (const x of filtersOf(r)) {
    const f = r.fields[x.field]!;
    const column = `"${x.field}"`;
    if (x.kind === 'range') {
      for (const [param, op] of [
        [x.gte, '>='],
        [x.lte, '<='],
      ] as const) {
        const raw = query[param];
        if (raw === undefined) continue;
        const numeric = kindOf(f).column === 'integer';
        const value = numeric ? (raw.trim() === '' ? NaN : Number(raw)) : raw;
        const parsed = fieldSchema({ ...f, optional: false }).safeParse(value);
        if (!parsed.success || parsed.data === '') throw badParameter(param);
        // An empty date is no date: it is in no range.
        where.push(numeric ? `${column} ${op} ?` : `${column} ${op} ? and ${column} <> ''`);
        params.push(toStored(f, parsed.data));
      }
      continue;
    }
    const raw = query[x.param];
    if (raw === undefined) continue;
    if (x.kind === 'boolean') {
      if (raw !== 'true' && raw !== 'false') throw badParameter(x.param);
      where.push(`${column} = ?`);
      params.push(raw === 'true' ? 1 : 0);
    } else if (x.kind === 'choice' || x.kind === 'choices') {
      // Any of the options named, separated by commas (options hold none).
      const picked = raw.split(',');
      if (picked.some((o) => !(f.options ?? []).includes(o))) throw badParameter(x.param);
      if (x.kind === 'choice') where.push(`${column} in (${picked.map(() => '?').join(', ')})`);
      // Has any of them: its JSON list holds the option's quoted text (an option has no quote of its own), found
      // the same way, case and all, on both databases.
      else where.push(`(${picked.map(() => `replace(${column}, ?, '') <> ${column}`).join(' or ')})`);
      params.push(...(x.kind === 'choice' ? picked : picked.map((o) => JSON.stringify(o))));
    } else if (x.kind === 'references') {
      // Has any of the records named (their ids, separated by commas): as a several-choice filter, its JSON list
      // holding the id quoted.
      const ids = raw.split(',');
      if (ids.length > 100 || ids.some((id) => id === '' || id.length > 64)) throw badParameter(x.param);
      const each = ids.map((id) => pointsToSql(x.field, true, id));
      where.push(`(${each.map((p) => p.where).join(' or ')})`);
      params.push(...each.map((p) => p.param));
    } else {
      if (raw === '' || raw.length > 64) throw badParameter(x.param);
      where.push(`${column} = ?`);
      params.push(raw);
    }
  }
  for (const x of filtersOf(r)) {
    const given = x.kind === 'range' ? [x.gte, x.lte] : [x.param];
    if (given.some((p) => query[p] !== undefined)) fields.push(x.field);
  }
  return { where, params, fields };
}

const isPostgres = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * One page in the order asked for (the description's, else a field's: ties broken by id), after an optional cursor;
 * `q` keeps the records with every word of it in a searched field (any language, any case, with or without accents:
 * the server folds the search text and the words alike, domain/searchFold.ts, so both databases find the same), and
 * `filter` (listQueryOf) those its filters keep. Each order has its index (db/describedTables.ts, sortIndexesOf).
 */
export async function listRecords<D extends ResourceDescription>(
  db: Kysely<Database>,
  r: D,
  opts: {
    limit: number;
    after: { key: string; id: string } | null;
    q?: string;
    sort?: RecordSort;
    filter?: Conditions;
  },
): Promise<{ items: RecordOf<D>[]; more: boolean }> {
  const sort: RecordSort = opts.sort ?? r.sort;
  const spec = r.fields[sort.field]!;
  const text = kindOf(spec).column === 'text';
  // A cursor of another order (or a made-up one) must not reach an integer column as text.
  if (opts.after && !text && !/^-?\d{1,19}$/.test(opts.after.key))
    throw new DomainError('validation', said('errors.badCursor'));
  const { where, params, keySql } = conditionsOf(db, r, sort, opts);
  const rows = await readPage<Row>(
    db,
    { table: r.name, key: sort.field, order: sort.order, keySql },
    opts.after,
    opts.limit,
    { where, params },
  );
  return { items: rows.slice(0, opts.limit).map((row) => toRecord(r, row)), more: rows.length > opts.limit };
}

/** A list's conditions (its filters, missing texts, the search's words) and its order's key, as listRecords reads. */
function conditionsOf(
  db: Kysely<Database>,
  r: ResourceDescription,
  sort: RecordSort,
  opts: { q?: string; filter?: Conditions },
): { where: string[]; params: unknown[]; keySql: string } {
  const words = searchWordsOf(opts.q);
  const where = [...(opts.filter?.where ?? [])];
  const params = [...(opts.filter?.params ?? [])];
  if (opts.filter?.missing !== undefined) where.push(missingSql(r, opts.filter.missing, isPostgres(db)));
  if (words.length > 0 && hasSearch(r)) {
    where.push(...words.map(() => "search_text like ? escape '\\'"));
    params.push(...words.map(likeEscaped));
  }
  const text = kindOf(r.fields[sort.field]!).column === 'text';
  return { where, params, keySql: sortKeySql(isPostgres(db), { field: sort.field, lang: sort.lang, text }) };
}

/**
 * The id and version of every record the list's search and filters match, in its order, up to `max`: what 'Select all
 * N matching' selects (bulk edit), read without the records' values.
 */
export async function listRecordIds(
  db: Kysely<Database>,
  r: ResourceDescription,
  opts: { q?: string; sort: RecordSort; filter: Conditions },
  max: number,
): Promise<{ items: { id: string; version: number }[]; more: boolean }> {
  const { where, params, keySql } = conditionsOf(db, r, opts.sort, opts);
  const order = opts.sort.order;
  const rows = await readRows<{ id: string; version: number }>(
    db,
    `select id, version from "${r.name}" ${where.length > 0 ? `where ${where.join(' and ')} ` : ''}` +
      `order by ${keySql} ${order}, id ${order} limit ?`,
    [...params, max + 1],
  );
  return { items: rows.slice(0, max).map((x) => ({ id: x.id, version: Number(x.version) })), more: rows.length > max };
}

/**
 * The sort key of a record as its cursor holds it (the stored value: a number scaled, a boolean 0/1; a translated
 * field's text in the order's language, English where it has none).
 */
export function sortKeyOf(r: ResourceDescription, rec: Row, sort: RecordSort = r.sort): string {
  const spec = r.fields[sort.field]!;
  if (sort.lang !== undefined) {
    const texts = (rec.translations as RecordTranslations | undefined)?.[sort.lang];
    const there = texts?.[sort.field];
    if (there) return there;
  }
  return String(toStored(spec, rec[sort.field]));
}

/** The record whose search field is exactly `term`, or null. */
export async function findRecord<D extends ResourceDescription>(
  db: Kysely<Database>,
  r: D,
  term: string,
): Promise<RecordOf<D> | null> {
  const [row] = await readRows<Row>(db, `select * from "${r.name}" where "${r.search}" = ? limit 1`, [term.trim()]);
  return row ? toRecord(r, row) : null;
}

export async function getRecord<D extends ResourceDescription>(
  db: Kysely<Database>,
  r: D,
  id: string,
): Promise<RecordOf<D>> {
  const [row] = await readRows<Row>(db, `select * from "${r.name}" where id = ?`, [id]);
  if (!row) throw new DomainError('not_found', said('records.notFound'));
  return toRecord(r, row);
}

const refusal = (field: string, message: ReturnType<typeof said>) => [{ path: `/${field}`, message }];

/**
 * The records with each reference's label (`labels`, by field: the label field of the record it points to, labelOf;
 * a references field's labels in its ids' order, joined by REFERENCES_JOIN), read in one query per reference field for
 * the whole page. Answered to whoever may read these records, whether or not they may read the other resource: a
 * label names a record, it shows nothing else of it (docs/decisions.md, 'A reference's label'). An empty reference, or
 * one whose record is gone, has none (a references field's gone record shows by its id).
 */
export async function withReferenceLabels<T extends Row>(
  db: Kysely<Database>,
  r: ResourceDescription,
  all: readonly ResourceDescription[],
  recs: T[],
): Promise<(T & { labels?: Record<string, string> })[]> {
  const refs = referencesOf(r);
  if (refs.length === 0 || recs.length === 0) return recs;
  const found = new Map<string, Map<string, string>>();
  for (const { field, to } of refs) {
    const target = all.find((d) => d.name === to);
    const ids = [...new Set(recs.flatMap((rec) => idsOf(rec[field])))];
    const labels = new Map<string, string>();
    found.set(field, labels);
    if (!target || ids.length === 0) continue;
    // Names from the descriptions, never from a request.
    const rows = await readRows<{ id: string; label: unknown }>(
      db,
      `select id, "${labelOf(target)}" as label from "${target.name}" where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of rows) labels.set(row.id, String(row.label));
  }
  return recs.map((rec) => {
    const labels: Record<string, string> = {};
    for (const { field, many } of refs) {
      const of = found.get(field);
      if (many) {
        const ids = idsOf(rec[field]);
        if (ids.length > 0) labels[field] = ids.map((id) => of?.get(id) ?? id).join(REFERENCES_JOIN);
        continue;
      }
      const label = of?.get(String(rec[field] ?? ''));
      if (label !== undefined) labels[field] = label;
    }
    return { ...rec, labels };
  });
}

/**
 * The records with each images field's thumbnails (`thumbnails`, by field: the server's small WebP of each image, in
 * order), as a product carries its own; the browser never derives these addresses. None where no field holds images.
 */
export function withThumbnails<T extends Row>(
  r: ResourceDescription,
  recs: T[],
): (T & { thumbnails?: Record<string, string[]> })[] {
  const fields = fieldsOfResource(r).flatMap(([k, f]) => (f.kind === 'images' ? [k] : []));
  if (fields.length === 0) return recs;
  return recs.map((rec) => ({
    ...rec,
    thumbnails: Object.fromEntries(
      fields.map((k) => [k, (Array.isArray(rec[k]) ? (rec[k] as string[]) : []).map(thumbnailOf)]),
    ),
  }));
}

/**
 * Refuses a value a unique field already has in another record, naming the field: compared folded (case and accents)
 * in its folded column, or as stored where the field is `unique: 'exact'`.
 */
async function assertUnique(db: Kysely<Database>, r: ResourceDescription, values: Row, except?: string): Promise<void> {
  for (const [k, spec] of fieldsOfResource(r)) {
    if (!spec.unique || values[k] === undefined) continue;
    const [column, value] = foldsUnique(spec)
      ? [foldColumn(k), foldSearch(String(values[k]))]
      : [k, toStored(spec, values[k])];
    const [hit] = await readRows<Row>(db, `select id from "${r.name}" where "${column}" = ? limit 1`, [value]);
    if (hit && hit.id !== except)
      throw new DomainError('conflict', said('records.duplicate'), refusal(k, said('records.duplicate')));
  }
}

const uniqueViolation = (r: ResourceDescription, err: unknown): never => {
  // Two people writing the same value at once: the unique index decides, and the refusal names its field where the
  // database's words name the index or column (careguides_title_fold_unique; SQLite's careguides.title_fold).
  if (isUniqueViolation(err)) {
    const duplicate = said('records.duplicate');
    const e = err as { message?: unknown; constraint?: unknown };
    const text = `${String(e.message ?? '')} ${String(e.constraint ?? '')}`;
    const field = fieldsOfResource(r).find(
      ([k, f]) => f.unique && new RegExp(`\\b${r.name}[._]${k}(_fold)?(_unique)?\\b`).test(text),
    )?.[0];
    throw new DomainError('conflict', duplicate, field ? refusal(field, duplicate) : undefined);
  }
  throw err;
};

export async function createRecord<D extends ResourceDescription>(
  db: Kysely<Database>,
  r: D,
  actor: { uid: string },
  input: Row,
): Promise<RecordOf<D>> {
  await assertUnique(db, r, input);
  await assertPointers(db, r, input);
  const values: Row = { ...input };
  if (hasTranslations(r)) values.translations = mergeTexts({}, input.translations as RecordTranslations | undefined);
  try {
    return await versionedCreate(
      db,
      recordEdit(r),
      actor,
      () => columnsOf(r, values),
      (row) => toRecord(r, row) as RecordOf<D> & Row,
    );
  } catch (err) {
    return uniqueViolation(r, err);
  }
}

/**
 * Edit, only if nobody saved since `version` (versionedUpdate, as products' edit); a locked field may be sent back
 * only as it is, unique values, references and images are checked.
 */
export async function updateRecord<D extends ResourceDescription>(
  db: Kysely<Database>,
  r: D,
  actor: { uid: string },
  id: string,
  version: number,
  input: Row,
): Promise<RecordOf<D>> {
  try {
    return await versionedUpdate(db, recordEdit(r), actor, id, version, async (trx, current) => {
      const next: Row = { ...current };
      for (const [k, spec] of fieldsOfResource(r)) {
        if (input[k] === undefined) continue;
        if (spec.locked && JSON.stringify(input[k]) !== JSON.stringify(current[k]))
          throw new DomainError('validation', said('records.locked'), refusal(k, said('records.locked')));
        next[k] = input[k];
      }
      if (hasTranslations(r))
        next.translations = mergeTexts(
          current.translations as RecordTranslations,
          input.translations as RecordTranslations | undefined,
        );
      await assertUnique(trx, r, input, id);
      await assertPointers(trx, r, input);
      return columnsOf(r, next);
    });
  } catch (err) {
    return uniqueViolation(r, err);
  }
}

/** What a described resource's create, edit and delete are to the shared versioned create, update and delete. */
const recordEdit = <D extends ResourceDescription>(r: D): VersionedTarget<RecordOf<D> & Row> => ({
  table: r.name,
  owner: recordOwner(r),
  read: (db, id) => getRecord(db, r, id) as Promise<RecordOf<D> & Row>,
  // Its texts as an edit merges them (in the languages' order), so texts stored in another order are no change.
  stored: (rec) =>
    columnsOf(
      r,
      hasTranslations(r)
        ? { ...rec, translations: mergeTexts(rec.translations as RecordTranslations, undefined) }
        : rec,
    ),
  historyValues: (rec) => historyValues(r, rec),
  stale: said('records.stale'),
});

/**
 * Delete, only if nobody saved since `version`, and only when no record of any resource points to it (a reference):
 * versionedDelete, as products' delete. Its pending scheduled changes (`schedule`) go with it, in the same transaction.
 */
export const deleteRecord = (
  db: Kysely<Database>,
  r: ResourceDescription,
  all: readonly ResourceDescription[],
  actor: { uid: string },
  id: string,
  version: number,
): Promise<void> =>
  r.schedule
    ? commit(db, actor.uid, async (trx) => {
        await versionedDelete(trx, recordEdit(r), all, actor, id, version);
        await trx.deleteFrom('scheduled_changes').where('resource', '=', r.name).where('record_id', '=', id).execute();
        return { value: undefined };
      })
    : versionedDelete(db, recordEdit(r), all, actor, id, version);

/** A described resource's undo (core/historyUndo.ts): its 'record' entries, set back through its edit. */
export const recordUndo = <D extends ResourceDescription>(r: D): UndoTarget<RecordOf<D>> => ({
  description: r,
  owner: recordOwner(r),
  read: (db, id) => getRecord(db, r, id),
  update: schemasOf(r).update,
  save: (db, actor, id, version, change: Row) => updateRecord(db, r, actor, id, version, change),
  stale: said('records.stale'),
});

/**
 * A described resource's bulk edit (`bulk: true`) on the engine's (core/bulk.ts): its bulk fields (bulkFieldsOf), each
 * stored as its kind stores it, a reference checked to point to a record, each record named by its label (labelOf).
 */
export function recordBulk(r: ResourceDescription): BulkTarget {
  const fields = bulkFieldsOf(r);
  return {
    table: r.name,
    owner: recordOwner(r),
    description: r,
    fields: fields.map(([k]) => k),
    label: { column: labelOf(r), key: 'label' },
    valuesOf: (row) => Object.fromEntries(fields.map(([k, f]) => [k, fromStored(f, row[k])])),
    columnsOf: (values) =>
      Object.fromEntries(fields.filter(([k]) => values[k] !== undefined).map(([k, f]) => [k, toStored(f, values[k])])),
    check: (db, set) => assertPointers(db, r, set),
    notFound: said('bulk.records.notFound'),
  };
}
