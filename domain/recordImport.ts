import type { z } from 'zod';
import { diffOf } from './history.js';
import { historyValues } from './recordHistory.js';
import { checkRecordRow, type RecordImportResult, type RecordImportRow } from './recordCsv.js';
import {
  emptyValue,
  exported,
  fieldsOfResource,
  idsOf,
  isPointer,
  kindOf,
  mayBeEmpty,
  mergeTexts,
  foldsUnique,
  type FieldDescription,
  type ResourceDescription,
  type RecordTranslations,
} from './resourceDescription.js';
import { schemasOf } from './recordSchemas.js';
import { issueSaid, said } from './translate.js';
import { foldSearch } from './searchFold.js';

// A described resource's CSV import, planned the same on our server (server/core/recordImport.ts, in one
// transaction) and over Firestore (providers/firebase/described.ts): each row checked by the add and edit rules and
// every refusal Apply would make, compared with the record it names, and what to write.

type Row = Record<string, unknown>;

/** What applying the file writes: a new record (id null) or a change to one from the version it was read at. */
export interface ImportWork {
  id: string | null;
  version: number;
  values: Row;
}

/**
 * A refusal as a file's reader needs it: a form's 'Choose one of the list.' names no list in a CSV, so a choice says
 * what it may be, and a country that it is a two-letter code (as the export writes it).
 */
function inFileWords(r: ResourceDescription, field: string, message: string): string {
  const f = r.fields[field];
  return (f && kindOf(f).inFile?.(f, message)) ?? message;
}

/**
 * What the plan asks of a back end: `read` the record an id names as the screens hold it, or null; `existing` which
 * of these ids a resource has (a reference's); `holders` the ids of the records holding each of these values of a
 * unique field, by uniqueKey (folded unless the field is 'exact').
 */
export interface ImportLookup {
  read: (id: string) => Promise<Row | null>;
  existing: (resource: string, ids: readonly string[]) => Promise<Set<string>>;
  holders: (field: string, values: readonly unknown[]) => Promise<Map<string, string[]>>;
  /** Which of these image addresses are not finished uploads (our server's check; Firestore makes none). */
  unfinished?: (addresses: readonly string[]) => Promise<Set<string>>;
}

/** A field's value as the unique check compares it (the record's form, as the screens hold it). */
export const valueKey = (v: unknown): string => JSON.stringify(v);

/** A unique field's value as it is compared with the others': folded where foldsUnique, else as it is. */
export const uniqueValue = (f: FieldDescription, v: unknown): unknown =>
  foldsUnique(f) && typeof v === 'string' ? foldSearch(v) : v;

/** A unique field's value as the check compares it: folded (case and accents) unless the field is 'exact'. */
export const uniqueKey = (f: FieldDescription, v: unknown): string => valueKey(uniqueValue(f, v));

/** The references and unique values the rows hold, each looked up once per resource or field. */
async function lookedUp(r: ResourceDescription, rows: readonly Row[], look: ImportLookup) {
  const refs = new Map<string, Set<string>>();
  const held = new Map<string, Map<string, string[]>>();
  const addresses = new Set<string>();
  for (const [k, f] of fieldsOfResource(r)) {
    const values = rows.map((v) => v[k]).filter((v) => v !== undefined && v !== '');
    if (f.kind === 'images') for (const v of values) if (Array.isArray(v)) for (const a of v) addresses.add(String(a));
    if (isPointer(f) && f.to) refs.set(k, await look.existing(f.to, [...new Set(values.flatMap(idsOf))]));
    if (f.unique) held.set(k, await look.holders(k, values));
  }
  const unfinished = look.unfinished && addresses.size > 0 ? await look.unfinished([...addresses]) : new Set<string>();
  return { refs, held, unfinished };
}

/** A refusal of one cell: its column and what is wrong. */
export interface CellRefusal {
  field: string;
  message: string;
}

type Cells = Readonly<Record<string, string | undefined>>;

/** One row as the plan holds it, from its cells' check to its outcome. */
export interface PlannedRow<C> {
  line: number;
  /** The record the row names, matched by its key (the target's `keyOf`); '' a new record. */
  key: string;
  values: Row;
  errors: CellRefusal[];
  /** The record `key` names as it is stored now; null for none. */
  current: C | null;
}

/**
 * A resource's part in the one import (planRows): the column naming the record a row changes, its rules for one row's
 * cells, how the records the rows name are read, every refusal beyond the cells' rules, and what a row changes. `C`
 * is a stored record as the resource reads it.
 */
export interface ImportTarget<C> {
  /** The key column ('id'; products' 'sku'), where a key on two rows is refused. */
  key: string;
  /** A row's values by the add and edit rules (translated texts as `translations`, a change), each cell's problem. */
  check: (cells: Cells) => { values: Row; errors: CellRefusal[] };
  /** The key a checked row is matched by ('' none). */
  keyOf: (cells: Cells, values: Row) => string;
  /** The refusal of a key an earlier row has. */
  sameKey: (line: number) => string;
  /** The stored records these keys name (a key with none is left out). */
  read: (keys: readonly string[]) => Promise<Map<string, C>>;
  /**
   * The resource's refusals beyond the cells' rules: given every row (lookups made once for the file), what refuses one
   * row (it adds to `errors`; it may also complete `values`, as a new record's defaults).
   */
  refusals: (rows: readonly PlannedRow<C>[]) => Promise<(row: PlannedRow<C>) => void>;
  /** The fields (and translated texts' columns) a row without errors changes in its stored record. */
  changes: (current: C, values: Row) => string[];
}

/** What a plan answers: each row's outcome (its key as `key`) and what applying the file writes. */
export interface Planned<C> {
  result: {
    rows: { line: number; key: string; action: ImportAction; changes: string[]; errors: CellRefusal[] }[];
    counts: Record<ImportAction, number>;
    applied: false;
  };
  work: { current: C | null; values: Row }[];
}
type ImportAction = 'create' | 'update' | 'same' | 'error';

/**
 * The one import's plan, for products and every described resource, and the same for the preview and the apply (which
 * writes `work` only when no row has an error): each row checked by its resource's rules, a key on two rows refused,
 * the records the keys name read at once, then the resource's own refusals; a row without errors makes a new record
 * (no stored record of its key) or a change (`same` when it changes nothing).
 */
export async function planRows<C>(
  target: ImportTarget<C>,
  rows: readonly { line: number; cells: Cells }[],
): Promise<Planned<C>> {
  const firstLine = new Map<string, number>();
  const planned = rows.map((row) => {
    const { values, errors } = target.check(row.cells);
    const key = target.keyOf(row.cells, values);
    const seen = key ? firstLine.get(key) : undefined;
    if (seen !== undefined) errors.push({ field: target.key, message: target.sameKey(seen) });
    else if (key) firstLine.set(key, row.line);
    return { line: row.line, key, values, errors, current: null as C | null };
  });
  const stored = await target.read([...firstLine.keys()]);
  for (const p of planned) p.current = (p.key && stored.get(p.key)) || null;
  const refuse = await target.refusals(planned);
  const out: Planned<C> = {
    result: { rows: [], counts: { create: 0, update: 0, same: 0, error: 0 }, applied: false },
    work: [],
  };
  for (const [i, p] of planned.entries()) {
    refuse(p);
    let action: ImportAction = 'error';
    let changes: string[] = [];
    if (p.errors.length === 0 && p.current) {
      changes = target.changes(p.current, p.values);
      action = changes.length > 0 ? 'update' : 'same';
    } else if (p.errors.length === 0) action = 'create';
    if (action === 'create' || action === 'update') out.work.push({ current: p.current, values: p.values });
    out.result.counts[action] += 1;
    const key = (rows[i]!.cells[target.key] ?? '').trim();
    out.result.rows.push({ line: p.line, key, action, changes, errors: action === 'error' ? p.errors : [] });
  }
  return out;
}

/**
 * A described resource's part in the import: rows name their record by id (empty: a new one); a reference must name a
 * record, an image a finished upload, a unique value no other record's nor an earlier row's; a locked field keeps its
 * value; a new record needs what the add page needs. `image`: the back end's image address rule (fieldSchema).
 */
export function recordTarget(r: ResourceDescription, look: ImportLookup, image?: z.ZodType<string>): ImportTarget<Row> {
  return {
    key: 'id',
    check: (cells) => {
      const checked = checkRecordRow(r, cells, image);
      const values: Row = { ...checked.values };
      if (Object.keys(checked.translations).length > 0) values.translations = checked.translations;
      return { values, errors: checked.errors };
    },
    keyOf: (cells) => (cells.id ?? '').trim(),
    sameKey: (line) => said('records.sameIdInFile', { line }),
    read: async (ids) => {
      const out = new Map<string, Row>();
      for (const id of ids) {
        const found = await look.read(id);
        if (found) out.set(id, found);
      }
      return out;
    },
    refusals: async (rows) => {
      const { refs, held, unfinished } = await lookedUp(
        r,
        rows.map((p) => p.values),
        look,
      );
      const valueLine = new Map<string, number>();
      return (p) => {
        const { errors } = p;
        for (const [k, f] of fieldsOfResource(r)) {
          const v = p.values[k];
          if (v === undefined || v === '' || errors.some((e) => e.field === k)) continue;
          if (isPointer(f) && idsOf(v).some((id) => !refs.get(k)?.has(id)))
            errors.push({ field: k, message: said('records.noSuchReference') });
          if (f.kind === 'images' && Array.isArray(v) && v.some((a) => unfinished.has(String(a))))
            errors.push({ field: k, message: said('uploads.unfinished') });
          if (!f.unique) continue;
          const key = `${k}\u0000${uniqueKey(f, v)}`;
          const other = (held.get(k)?.get(uniqueKey(f, v)) ?? []).some((holder) => holder !== p.key);
          if (valueLine.has(key))
            errors.push({ field: k, message: said('records.sameValueInFile', { line: valueLine.get(key)! }) });
          else if (other) errors.push({ field: k, message: said('records.duplicate') });
          if (!valueLine.has(key)) valueLine.set(key, p.line);
        }
        const current = p.current;
        if (p.key && !errors.some((e) => e.field === 'id')) {
          if (!current) errors.push({ field: 'id', message: said('records.notFound') });
          for (const [k, f] of fieldsOfResource(r))
            if (current && f.locked && p.values[k] !== undefined && valueKey(p.values[k]) !== valueKey(current[k]))
              errors.push({ field: k, message: said('records.locked') });
        }
        if (errors.length === 0 && !p.key) {
          // A new record needs every field the add page needs: a field the file has no column for (one not exported)
          // starts empty, as on the add page, where its kind may be empty; otherwise it is required.
          for (const [k, f] of fieldsOfResource(r)) {
            if (p.values[k] !== undefined) continue;
            if (!exported(f) || mayBeEmpty(f) || f.kind === 'boolean') p.values[k] = emptyValue(f);
            else errors.push({ field: k, message: said('common.required') });
          }
          const made = schemasOf(r, image).create.safeParse(p.values);
          if (made.success) p.values = made.data as Row;
          else if (errors.length === 0)
            for (const issue of made.error.issues)
              errors.push({ field: String(issue.path[0] ?? 'id'), message: issueSaid(issue.message) });
        }
        for (const e of errors) e.message = inFileWords(r, e.field, e.message);
      };
    },
    changes: (current, values) => {
      const after = {
        ...current,
        ...values,
        translations: mergeTexts(
          (current.translations ?? {}) as RecordTranslations,
          values.translations as RecordTranslations | undefined,
        ),
      };
      return Object.keys(diffOf(historyValues(r, current), historyValues(r, after)));
    },
  };
}

/**
 * Each row's outcome and the writes, with every refusal Apply would make (planRows over recordTarget), by row and
 * column; `image`: the back end's image address rule (fieldSchema; our server's unless given).
 */
export async function planImport(
  r: ResourceDescription,
  rows: readonly RecordImportRow[],
  look: ImportLookup,
  image?: z.ZodType<string>,
): Promise<{ result: RecordImportResult; work: ImportWork[] }> {
  const { result, work } = await planRows(recordTarget(r, look, image), rows);
  return {
    result: { ...result, rows: result.rows.map(({ key, ...row }) => ({ ...row, id: key })) },
    work: work.map((w) => ({
      id: w.current ? String(w.current.id) : null,
      version: w.current ? (w.current.version as number) : 0,
      values: w.values,
    })),
  };
}
