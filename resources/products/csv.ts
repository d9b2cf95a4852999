import {
  LABEL_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  OPTIONAL_CSV_COLUMNS,
  type ImportRowIn,
} from '../../domain/productImport';
import { labelColumn } from '../../domain/resourceDescription';
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
import { importRows, type CsvColumn } from '../shared/csv';

/** A field's cell: image addresses separated by spaces, everything else as it is. */
const cellOf = (key: ProductFieldKey, p: Product): string | boolean => {
  const v = p[key];
  return Array.isArray(v) ? v.join(' ') : v;
};

/** A column's cell: a field's, a reference's record's label ('<field>_label', which the import ignores), a text. */
function cellsOf(header: string): (p: Product) => string | boolean {
  const f = PRODUCT_FIELDS.find((x) => x.csv === header);
  if (f) return (p) => cellOf(f.key, p);
  const pointing = PRODUCT_FIELDS.find((x) => x.csv !== null && labelColumn(x.csv) === header);
  if (pointing) return (p) => p.labels?.[pointing.key] ?? '';
  const tf = TRANSLATED_FIELDS.find((x) => x.key === header)!;
  return (p) => translatedText(p.translations, tf.lang, tf.field.key);
}

/** The products file's columns: those the import reads, in its order (PRODUCT_CSV_COLUMNS), each with its cell. */
export const productCsvColumns: CsvColumn<Product>[] = PRODUCT_CSV_COLUMNS.map((header) => ({
  header,
  value: cellsOf(header),
}));

/** A column's label on screen ('Price', 'Swedish name'). */
export const columnLabel = (column: string, m: Catalogue): string => {
  const f = PRODUCT_FIELDS.find((x) => x.csv === column);
  if (f) return productFieldLabel(f, m);
  const tf = TRANSLATED_FIELDS.find((x) => x.key === column);
  return tf ? translatedFieldLabel(tf, m) : column;
};

/** The products file's rows to send (resources/shared/csv.ts): its columns, the optional ones may be left out. */
export const importProductRows = (file: Parameters<typeof importRows>[0], m: Catalogue) =>
  importRows(
    file,
    {
      known: PRODUCT_CSV_COLUMNS,
      required: PRODUCT_CSV_COLUMNS.filter((c) => !OPTIONAL_CSV_COLUMNS.includes(c)),
    },
    m,
  ) as { rows: ImportRowIn[] } | { problem: string };

/**
 * The import page's help text, naming the columns the import reads: those a file must have ('sku, …, active and
 * details'), then those it may leave out (each language's texts aside).
 */
export function importIntro(m: Catalogue): string {
  const translated = new Set(TRANSLATED_FIELDS.map((tf) => tf.key));
  const required = PRODUCT_CSV_COLUMNS.filter((c) => !OPTIONAL_CSV_COLUMNS.includes(c));
  const optional = OPTIONAL_CSV_COLUMNS.filter((c) => !translated.has(c) && !LABEL_CSV_COLUMNS.includes(c));
  return format(m.csv.importIntro, {
    columns: required.slice(0, -1).join(', '),
    last: required.at(-1) ?? '',
    optional: optional.join(', '),
  });
}
