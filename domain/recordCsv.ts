import { z } from 'zod';
import { fieldSchema, translatedRule } from './recordSchemas.js';
import {
  exported,
  fieldsOfResource,
  isPointer,
  kindOf,
  labelColumn,
  mayBeEmpty,
  optionText,
  referencesOf,
  type OptionLabels,
  translatedKeys,
  type ReferenceLabels,
  type ResourceDescription,
  type RecordTranslations,
} from './resourceDescription.js';
import { IMPORT_MAX_ROWS } from './productImport.js';
import { said } from './translate.js';

// The CSV file of a described resource, with the products' conventions (domain/productImport.ts): the browser writes
// the file from these columns and sends its rows back as { line, cells }; the server checks each cell by the same
// rule as add and edit, and applies the whole file or nothing. `id` says which record a row changes (empty: a new
// one); images are addresses separated by spaces; booleans 'true' or 'false'; a translated field's other languages
// are columns of their own ('body_se'), left out: kept, empty: cleared.

/**
 * The file's columns, in order: id, every exported field (a reference's id, then its record's label as
 * '<field>_label': written for people to read, ignored by the import; a references field's ids and labels each
 * separated by ';'; a choice's or choices' stored value, then its options' labels in the exporter's language as
 * '<field>_label', the import taking the stored value), then each exported translated field's other languages.
 */
export function recordCsvColumns(d: ResourceDescription): string[] {
  const fields = fieldsOfResource(d).filter(([, f]) => exported(f));
  const translated = new Set(fields.filter(([, f]) => f.kind === 'translated').map(([k]) => k));
  return [
    'id',
    ...fields.flatMap(([k, f]) => (isPointer(f) || kindOf(f).optionsOf ? [k, labelColumn(k)] : [k])),
    ...translatedKeys(d)
      .filter((t) => translated.has(t.field))
      .map((t) => t.key),
  ];
}

export { labelColumn };

/**
 * A record's cells by column (images joined by spaces, booleans and numbers as text, a reference's label from the
 * record's `labels`, a choice's from `options`, the resource's texts in the exporter's language: its value without).
 */
export function recordCells(
  d: ResourceDescription,
  rec: Record<string, unknown>,
  options?: OptionLabels,
): Record<string, string> {
  const t = (rec.translations ?? {}) as RecordTranslations;
  const labels = (rec.labels ?? {}) as ReferenceLabels;
  const named = new Map(referencesOf(d).map(({ field }) => [labelColumn(field), field]));
  const chosen = new Map(
    fieldsOfResource(d)
      .filter(([, f]) => kindOf(f).optionsOf)
      .map(([field]) => [labelColumn(field), field]),
  );
  const out: Record<string, string> = {};
  for (const c of recordCsvColumns(d)) {
    const tk = translatedKeys(d).find((x) => x.key === c);
    const f = d.fields[c];
    const ref = named.get(c);
    const choice = chosen.get(c);
    out[c] = tk
      ? (t[tk.lang]?.[tk.field] ?? '')
      : ref !== undefined
        ? (labels[ref] ?? '')
        : choice !== undefined
          ? (optionText(d.fields[choice], choice, rec[choice], options, '; ') ?? '')
          : f
            ? kindOf(f).toCell(rec[c])
            : String(rec[c] ?? '');
  }
  return out;
}

const cell = z.string().max(20_000, said('errors.tooLong', { max: 20_000 }));

/** POST /api/<name>/import: the rows (apply false: a preview, nothing written) or all of them at once. */
export const recordImportRequest = (d: ResourceDescription) =>
  z
    .object({
      rows: z
        .array(
          z
            .object({
              line: z.number().int().min(1).max(10_000_000),
              cells: z.object(Object.fromEntries(recordCsvColumns(d).map((c) => [c, cell.optional()]))).strict(),
            })
            .strict(),
        )
        .min(1, said('csv.empty'))
        .max(IMPORT_MAX_ROWS, said('csv.tooManyRows', { max: IMPORT_MAX_ROWS })),
      apply: z.boolean(),
    })
    .strict();
export interface RecordImportRow {
  line: number;
  cells: Record<string, string | undefined>;
}

/** One row's outcome: a new record, a change to one (which columns), nothing, or refused (each cell's problem). */
export const RecordImportResult = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      id: z.string(),
      action: z.enum(['create', 'update', 'same', 'error']),
      changes: z.array(z.string()),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
  counts: z.object({ create: z.number(), update: z.number(), same: z.number(), error: z.number() }),
  applied: z.boolean(),
});
export type RecordImportResult = z.infer<typeof RecordImportResult>;

/**
 * One row's values once every cell passed its field's rule, the translated texts it sets (a change: given replaces,
 * '' clears, a column left out keeps), and each other cell's problem; `image`: the back end's image address rule
 * (fieldSchema).
 */
export function checkRecordRow(
  d: ResourceDescription,
  cells: Record<string, string | undefined>,
  image?: z.ZodType<string>,
): { values: Record<string, unknown>; translations: RecordTranslations; errors: { field: string; message: string }[] } {
  const errors: { field: string; message: string }[] = [];
  const values: Record<string, unknown> = {};
  for (const [k, f] of fieldsOfResource(d).filter(([, x]) => exported(x))) {
    const raw = cells[k];
    if (raw === undefined) continue;
    const kind = kindOf(f);
    if (raw.trim() === '' && !mayBeEmpty(f) && !kind.cellRefusal) {
      errors.push({ field: k, message: said('common.required') });
      continue;
    }
    const parsed = fieldSchema(f, image).safeParse(kind.fromCell(f, raw));
    if (parsed.success) values[k] = parsed.data;
    else errors.push({ field: k, message: kind.cellRefusal?.() ?? parsed.error.issues[0]?.message ?? '' });
  }
  const translations: RecordTranslations = {};
  for (const tk of translatedKeys(d)) {
    const raw = cells[tk.key];
    if (raw === undefined) continue;
    const parsed = translatedRule(d.fields[tk.field]!, false).safeParse(raw);
    if (parsed.success) (translations[tk.lang] ??= {})[tk.field] = parsed.data;
    else errors.push({ field: tk.key, message: parsed.error.issues[0]?.message ?? '' });
  }
  return { values, translations, errors };
}
