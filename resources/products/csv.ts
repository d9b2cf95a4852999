import { PRODUCT_CSV_COLUMNS, OPTIONAL_CSV_COLUMNS, type ImportRowIn } from '../../domain/productImport';
import {
  PRODUCT_FIELDS,
  productFieldLabel,
  TRANSLATED_FIELDS,
  translatedFieldLabel,
  translatedText,
  type ProductFieldKey,
} from '../../domain/productFields';
import type { Product } from '../../domain/products';
import { format, type Catalogue } from '../../domain/messages';
import { textAllowed } from '../../domain/text';
import type { CsvColumn } from '../shared/csv';

/** A field's cell: image addresses separated by spaces, everything else as it is. */
const cellOf = (key: ProductFieldKey, p: Product): string | boolean => {
  const v = p[key];
  return Array.isArray(v) ? v.join(' ') : v;
};

/** The products file's columns, in the order the import reads them back: the fields, then each translated text. */
export const productCsvColumns: CsvColumn<Product>[] = [
  ...PRODUCT_FIELDS.flatMap((f) =>
    f.csv === null ? [] : [{ header: f.csv, value: (p: Product) => cellOf(f.key, p) }],
  ),
  ...TRANSLATED_FIELDS.map((tf) => ({
    header: tf.key,
    value: (p: Product) => translatedText(p.translations, tf.lang, tf.field.key),
  })),
];

/** A column's label on screen ('Price', 'Swedish name'). */
export const columnLabel = (column: string, m: Catalogue): string => {
  const f = PRODUCT_FIELDS.find((x) => x.csv === column);
  if (f) return productFieldLabel(f, m);
  const tf = TRANSLATED_FIELDS.find((x) => x.key === column);
  return tf ? translatedFieldLabel(tf, m) : column;
};

/**
 * The rows to send from a read file, or the one reason the file as a whole cannot be checked: a column missing or
 * unknown, no rows, or a cell no server takes (a control character: named with its row, before anything is sent).
 */
export function importRows(
  file: { headers: string[]; rows: { row: number; cells: Record<string, string> }[] },
  m: Catalogue,
): { rows: ImportRowIn[] } | { problem: string } {
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const unknown = file.headers.find((h) => !known.has(h));
  if (unknown !== undefined) return { problem: format(m.csv.unknownColumn, { name: unknown || '""' }) };
  const missing = PRODUCT_CSV_COLUMNS.find((c) => !OPTIONAL_CSV_COLUMNS.includes(c) && !file.headers.includes(c));
  if (missing) return { problem: format(m.csv.missingColumn, { name: missing }) };
  if (file.rows.length === 0) return { problem: m.csv.empty };
  const rows: ImportRowIn[] = [];
  const present = PRODUCT_CSV_COLUMNS.filter((c) => file.headers.includes(c));
  for (const { row, cells } of file.rows) {
    const picked: ImportRowIn['cells'] = {};
    for (const c of present) {
      // A row cut short still has the file's columns, empty: an empty translated text clears it, a missing column keeps
      // it.
      const v = cells[c] ?? '';
      if (typeof v !== 'string') continue;
      if (!textAllowed(v, 'any'))
        return { problem: format(m.csv.rowProblem, { line: row, message: m.errors.badText }) };
      picked[c] = v;
    }
    rows.push({ line: row, cells: picked });
  }
  return { rows };
}
