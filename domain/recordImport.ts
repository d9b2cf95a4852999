import type { z } from 'zod';
import { diffOf } from './history.js';
import { historyValues } from './recordHistory.js';
import { checkRecordRow, type RecordImportResult, type RecordImportRow } from './recordCsv.js';
import {
  emptyValue,
  exported,
  fieldsOfRecords,
  mayBeEmpty,
  mergeTexts,
  type RecordsDescription,
  type RecordTranslations,
} from './records.js';
import { schemasOf } from './recordSchemas.js';
import { issueSaid, said } from './translate.js';

// A described resource's CSV import, planned the same on our server (server/core/records.ts, in one transaction) and
// over Firestore (providers/firebase/simple.ts): each row checked by the add and edit rules, compared with the record
// it names, and what to write.

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
  if (f?.kind === 'choice' && message === said('records.badChoice'))
    return said('records.fileChoice', { options: (f.options ?? []).join(', ') });
  if (f?.kind === 'country' && message === said('records.badCountry')) return said('records.fileCountry');
  return message;
}

/**
 * Each row's outcome and the writes; `read` answers the record an id names as the screens hold it, or null; `image`:
 * the back end's image address rule (fieldSchema; our server's unless given).
 */
export async function planImport(
  r: RecordsDescription,
  rows: readonly RecordImportRow[],
  read: (id: string) => Promise<Row | null>,
  image?: z.ZodType<string>,
): Promise<{ result: RecordImportResult; work: ImportWork[] }> {
  const result: RecordImportResult = { rows: [], counts: { create: 0, update: 0, same: 0, error: 0 }, applied: false };
  const work: ImportWork[] = [];
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const id = (row.cells.id ?? '').trim();
    const checked = checkRecordRow(r, row.cells, image);
    const errors = checked.errors;
    const seen = id ? firstLine.get(id) : undefined;
    if (seen !== undefined) errors.push({ field: 'id', message: said('records.sameIdInFile', { line: seen }) });
    else if (id) firstLine.set(id, row.line);
    let current: Row | null = null;
    if (id && errors.length === 0) {
      current = await read(id);
      if (!current) errors.push({ field: 'id', message: said('records.notFound') });
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
