import { z } from 'zod';
import { MAX_IMAGES } from './constants.js';
import { said } from './translate.js';
import { ImageAddress, type Product } from './products.js';
import { isPointer, labelColumn } from './resourceDescription.js';
import {
  PRODUCT_FIELDS,
  productRules,
  TRANSLATED_FIELDS,
  translationRules,
  type ProductFieldKey,
  type Translations,
} from './productFields.js';

/** The translated texts' columns ('name_se', 'details_se'), after the fields' own so older files read the same. */
export const TRANSLATED_CSV_COLUMNS: readonly string[] = TRANSLATED_FIELDS.map((tf) => tf.key);

/**
 * A reference's label columns ('fabric_label', as a described resource's file has them): the record's label, written
 * by the export for people to read, ignored by the import.
 */
export const LABEL_CSV_COLUMNS: readonly string[] = PRODUCT_FIELDS.flatMap((f) =>
  f.csv !== null && isPointer(f.description) ? [labelColumn(f.csv)] : [],
);

/** The columns of the products CSV, in file order: what the export writes and the import reads. */
export const PRODUCT_CSV_COLUMNS: readonly string[] = [
  ...PRODUCT_FIELDS.flatMap((f) =>
    f.csv === null ? [] : isPointer(f.description) ? [f.csv, labelColumn(f.csv)] : [f.csv],
  ),
  ...TRANSLATED_CSV_COLUMNS,
];
export type ProductCsvColumn = string;

/**
 * The columns a file may leave out: images are kept as they are for existing SKUs (new ones need them); a translated
 * text left out is kept as it is (none on a new product), where an empty cell clears it.
 */
export const OPTIONAL_CSV_COLUMNS: readonly ProductCsvColumn[] = [
  ...PRODUCT_FIELDS.flatMap((f) => (f.optionalInCsv && f.csv !== null ? [f.csv] : [])),
  ...LABEL_CSV_COLUMNS,
  ...TRANSLATED_CSV_COLUMNS,
];

/** The most rows one import takes. */
export const IMPORT_MAX_ROWS = 10_000;

/** Image addresses in one cell, separated by spaces (addresses never hold one). */
export const splitImages = (cell: string): string[] => cell.split(/\s+/).filter(Boolean);

const cell = z.string().max(20_000, said('errors.tooLong', { max: 20_000 }));

/** One CSV row as the browser sends it: its line in the file and its cells by column. */
export const ImportRowIn = z
  .object({
    line: z.number().int().min(1).max(10_000_000),
    cells: z
      .object(
        Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c) => [c, cell.optional()])) as Record<
          string,
          z.ZodOptional<typeof cell>
        >,
      )
      .strict(),
  })
  .strict();
export type ImportRowIn = z.infer<typeof ImportRowIn>;

/** POST /api/products/import: check the rows (apply false: a preview, nothing written) or apply them at once. */
export const ImportRequest = z
  .object({
    rows: z
      .array(ImportRowIn)
      .min(1, said('csv.empty'))
      .max(IMPORT_MAX_ROWS, said('csv.tooManyRows', { max: IMPORT_MAX_ROWS })),
    apply: z.boolean(),
  })
  .strict();
export type ImportRequest = z.infer<typeof ImportRequest>;

/** A problem with one cell of a row (field is the column). */
export const CellError = z.object({ field: z.string(), message: z.string() });
export type CellError = z.infer<typeof CellError>;

/** What happens to one row: a new product, a change to an existing SKU (which columns), nothing, or refused. */
export const ImportRowResult = z.object({
  line: z.number(),
  sku: z.string(),
  action: z.enum(['create', 'update', 'same', 'error']),
  changes: z.array(z.string()),
  errors: z.array(CellError),
});
export type ImportRowResult = z.infer<typeof ImportRowResult>;

/** The answer: each row's outcome, the counts, and whether it was written. */
export const ImportResult = z.object({
  rows: z.array(ImportRowResult),
  counts: z.object({ create: z.number(), update: z.number(), same: z.number(), error: z.number() }),
  applied: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/**
 * A row's values once every cell passed its rule (images empty when the column is blank or absent), and the
 * translated texts its cells set, as a change (mergeTranslations): a text given replaces, '' clears, absent is kept.
 */
export type ImportValues = Pick<Product, ProductFieldKey> & { translations: Translations };

const rules = {
  ...productRules,
  active: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false'], { error: said('csv.activeBool') }))
    .transform((v) => v === 'true'),
  images: z
    .string()
    .transform(splitImages)
    .pipe(z.array(ImageAddress).max(MAX_IMAGES, said('uploads.tooMany', { max: MAX_IMAGES }))),
};

/**
 * Checks one row's cells by the same rules as add and edit: the values of the cells that passed, and every other
 * cell's problem (all the row's values when there is none). A required cell that is blank says 'Required' whatever
 * its rule's own wording.
 */
export function checkProductRow(cells: ImportRowIn['cells']): { values: Partial<ImportValues>; errors: CellError[] } {
  const errors: CellError[] = [];
  const values: Record<string, unknown> = {};
  for (const f of PRODUCT_FIELDS) {
    if (f.csv === null) continue;
    const raw = cells[f.csv] ?? '';
    if (raw.trim() === '' && !f.optionalInCsv) {
      errors.push({ field: f.csv, message: said('common.required') });
      continue;
    }
    const parsed = rules[f.key].safeParse(raw);
    if (parsed.success) values[f.key] = parsed.data;
    else errors.push({ field: f.csv, message: parsed.error.issues[0]?.message ?? said('errors.validation') });
  }
  const translations: Record<string, Record<string, string>> = {};
  for (const tf of TRANSLATED_FIELDS) {
    const raw = cells[tf.key];
    if (raw === undefined) continue;
    const parsed = translationRules[tf.field.key].safeParse(raw);
    if (parsed.success) (translations[tf.lang] ??= {})[tf.field.key] = parsed.data;
    else errors.push({ field: tf.key, message: parsed.error.issues[0]?.message ?? said('errors.validation') });
  }
  values.translations = translations;
  return { values: values as Partial<ImportValues>, errors };
}
