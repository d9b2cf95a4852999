import { z } from 'zod';
import { CATEGORIES, MATERIAL_CARE } from './constants.js';
import { messages, type Catalogue } from './messages.js';
import { freeText, lineText } from './text.js';

/**
 * The one description of a product's fields (spec §3): what each is, the column it is stored in, its CSV column, the
 * label its screens and history show, its rule, and whether it is written in every catalogue language. The API shape
 * (domain/products.ts), the server's rows and history (server/core/products.ts), the CSV files (domain/productImport.ts,
 * resources/products/csv.ts), the history's labels and the Firebase provider read it, so a field is added here once.
 */

/** How a field is held: one line of text, free text, one of a list, true/false, or a list of image addresses. */
export type ProductFieldKind = 'line' | 'text' | 'choice' | 'flag' | 'images';

export interface ProductField {
  /** The field's name in the API, the forms and the history. */
  readonly key: string;
  readonly kind: ProductFieldKind;
  /** Its column in the products table (SQL) and its field in the Firestore document. */
  readonly column: string;
  /** Its column in the products CSV, or null when the file has none. */
  readonly csv: string | null;
  /** Its label in the catalogue's `products` section: the screens' label, the CSV preview's, the history's. */
  readonly label: keyof Catalogue['products'];
  /** Written in every catalogue language (English in the field itself, the others beside it). */
  readonly translatable: boolean;
  /** Set when the product is added and never changed after (the SKU). */
  readonly fixed: boolean;
  /** A CSV file may leave this column out (images: kept as they are for existing SKUs). */
  readonly optionalInCsv: boolean;
}

const field = <const K extends string, const Kind extends ProductFieldKind>(
  f: { key: K; kind: Kind } & Pick<ProductField, 'label'> & Partial<ProductField>,
): ProductField & { key: K; kind: Kind } => ({
  column: f.key,
  csv: f.key,
  translatable: false,
  fixed: false,
  optionalInCsv: false,
  ...f,
});

/** Every field a product holds that staff write, in the CSV file's order. */
export const PRODUCT_FIELDS = [
  field({ key: 'sku', kind: 'line', label: 'sku', fixed: true }),
  field({ key: 'name', kind: 'line', label: 'name', translatable: true }),
  field({ key: 'category', kind: 'choice', label: 'category' }),
  field({ key: 'mc', kind: 'choice', label: 'mc' }),
  field({ key: 'price', kind: 'line', label: 'price' }),
  field({ key: 'active', kind: 'flag', label: 'active' }),
  field({ key: 'details', kind: 'text', label: 'details', translatable: true }),
  field({ key: 'images', kind: 'images', label: 'images', optionalInCsv: true }),
] as const satisfies readonly ProductField[];

export type ProductFieldKey = (typeof PRODUCT_FIELDS)[number]['key'];

/** The fields an edit may change (all but the SKU). */
export const EDITABLE_PRODUCT_FIELDS = PRODUCT_FIELDS.filter((f) => !f.fixed);

/** The rule each text, choice and flag field is checked by on add, edit and import (images have their own). */
export const productRules = {
  sku: lineText(64),
  name: lineText(200),
  category: z.enum(CATEGORIES, { error: messages.errors.category }),
  mc: z.enum(MATERIAL_CARE, { error: messages.errors.materialCare }),
  price: lineText(50),
  active: z.boolean(),
  details: freeText(5000).trim().min(1, messages.common.required),
} satisfies Record<Exclude<ProductFieldKey, 'images'>, z.ZodType>;

/** A field's label in a catalogue. */
export const productFieldLabel = (f: ProductField, m: Catalogue): string => m.products[f.label] as string;
