import type { z } from 'zod';
import { diffOf } from './history.js';
import { historyValues } from './recordHistory.js';
import { checkRecordRow, type RecordImportResult, type RecordImportRow } from './recordCsv.js';
import {
  emptyValue,
  exported,
  fieldsOfRecords,
  kindOf,
  mayBeEmpty,
  mergeTexts,
  type RecordsDescription,
  type RecordTranslations,
} from './records.js';
import { schemasOf } from './recordSchemas.js';
import { issueSaid, said } from './translate.js';

// A described resource's CSV import, planned the same on our server (server/core/recordImport.ts, in one
// transaction) and over Firestore (providers/firebase/simple.ts): each row checked by the add and edit rules and every
// refusal Apply would make, compared with the record it names, and what to write.

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
function inFileWords(r: RecordsDescription, field: string, message: string): string {
  const f = r.fields[field];
  return (f && kindOf(f).inFile?.(f, message)) ?? message;
}

/**
 * What the plan asks of a back end: `read` the record an id names as the screens hold it, or null; `existing` which
 * of these ids a resource has (a reference's); `holders` the ids of the records holding each of these values of a
 * unique field, by valueKey.
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

/** The references and unique values the rows hold, each looked up once per resource or field. */
async function lookedUp(r: RecordsDescription, rows: readonly Row[], look: ImportLookup) {
  const refs = new Map<string, Set<string>>();
  const held = new Map<string, Map<string, string[]>>();
  const addresses = new Set<string>();
  for (const [k, f] of fieldsOfRecords(r)) {
    const values = rows.map((v) => v[k]).filter((v) => v !== undefined && v !== '');
    if (f.kind === 'images') for (const v of values) if (Array.isArray(v)) for (const a of v) addresses.add(String(a));
    if (f.kind === 'reference' && f.to)
      refs.set(k, await look.existing(f.to, [...new Set(values.filter((v): v is string => typeof v === 'string'))]));
    if (f.unique) held.set(k, await look.holders(k, values));
  }
  const unfinished = look.unfinished && addresses.size > 0 ? await look.unfinished([...addresses]) : new Set<string>();
  return { refs, held, unfinished };
}

/**
 * Each row's outcome and the writes, with every refusal Apply would make (the rules, locked fields, references,
 * unique values in the file and in the table, unfinished uploads) by row and column; `image`: the back end's image
 * address rule (fieldSchema; our server's unless given).
 */
export async function planImport(
  r: RecordsDescription,
  rows: readonly RecordImportRow[],
  look: ImportLookup,
  image?: z.ZodType<string>,
): Promise<{ result: RecordImportResult; work: ImportWork[] }> {
  const result: RecordImportResult = { rows: [], counts: { create: 0, update: 0, same: 0, error: 0 }, applied: false };
  const work: ImportWork[] = [];
  const firstLine = new Map<string, number>();
  const checkedRows = rows.map((row) => checkRecordRow(r, row.cells, image));
  const { refs, held, unfinished } = await lookedUp(
    r,
    checkedRows.map((c) => c.values as Row),
    look,
  );
  const valueLine = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    const id = (row.cells.id ?? '').trim();
    const checked = checkedRows[i]!;
    const errors = checked.errors;
    for (const [k, f] of fieldsOfRecords(r)) {
      const v = checked.values[k];
      if (v === undefined || v === '' || errors.some((e) => e.field === k)) continue;
      if (f.kind === 'reference' && !refs.get(k)?.has(String(v)))
        errors.push({ field: k, message: said('records.noSuchReference') });
      if (f.kind === 'images' && Array.isArray(v) && v.some((a) => unfinished.has(String(a))))
        errors.push({ field: k, message: said('uploads.unfinished') });
      if (!f.unique) continue;
      const key = `${k}\u0000${valueKey(v)}`;
      const other = (held.get(k)?.get(valueKey(v)) ?? []).some((holder) => holder !== id);
      if (valueLine.has(key))
        errors.push({ field: k, message: said('records.sameValueInFile', { line: valueLine.get(key)! }) });
      else if (other) errors.push({ field: k, message: said('records.duplicate') });
      if (!valueLine.has(key)) valueLine.set(key, row.line);
    }
    const seen = id ? firstLine.get(id) : undefined;
    if (seen !== undefined) errors.push({ field: 'id', message: said('records.sameIdInFile', { line: seen }) });
    else if (id) firstLine.set(id, row.line);
    let current: Row | null = null;
    if (id && !errors.some((e) => e.field === 'id')) {
      current = await look.read(id);
      if (!current) errors.push({ field: 'id', message: said('records.notFound') });
      for (const [k, f] of fieldsOfRecords(r))
        if (
          current &&
          f.locked &&
          checked.values[k] !== undefined &&
          valueKey(checked.values[k]) !== valueKey(current[k])
        )
          errors.push({ field: k, message: said('records.locked') });
    }
    let values: Row = { ...checked.values };
    if (Object.keys(checked.translations).length > 0) values.translations = checked.translations;
    if (errors.length === 0 && !current) {
      // A new record needs every field the add page needs: a field the file has no column for (one not exported)
      // starts empty, as on the add page, where its kind may be empty; otherwise it is required.
      for (const [k, f] of fieldsOfRecords(r)) {
        if (values[k] !== undefined) continue;
        if (!exported(f) || mayBeEmpty(f) || f.kind === 'boolean') values[k] = emptyValue(f);
        else errors.push({ field: k, message: said('common.required') });
      }
      const made = schemasOf(r, image).create.safeParse(values);
      if (made.success) values = made.data as Row;
      else if (errors.length === 0)
        for (const issue of made.error.issues)
          errors.push({ field: String(issue.path[0] ?? 'id'), message: issueSaid(issue.message) });
    }
    for (const e of errors) e.message = inFileWords(r, e.field, e.message);
    let action: 'create' | 'update' | 'same' | 'error' = 'error';
    let changes: string[] = [];
    if (errors.length === 0 && current) {
      const before = historyValues(r, current);
      const after = historyValues(r, {
        ...current,
        ...values,
        translations: mergeTexts(
          (current.translations ?? {}) as RecordTranslations,
          values.translations as RecordTranslations | undefined,
        ),
      });
      changes = Object.keys(diffOf(before, after));
      action = changes.length > 0 ? 'update' : 'same';
      if (action === 'update') work.push({ id, version: current.version as number, values });
    } else if (errors.length === 0) {
      action = 'create';
      work.push({ id: null, version: 0, values });
    }
    result.counts[action] += 1;
    result.rows.push({ line: row.line, id, action, changes, errors: action === 'error' ? errors : [] });
  }
  return { result, work };
}
