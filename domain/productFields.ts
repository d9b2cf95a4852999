import { z } from 'zod';
import { productDescription } from './productDescription.js';
import { CATALOGUE_LANGUAGES, type CatalogueLanguage } from './constants.js';
import {
  exported,
  fieldsOfResource,
  mayBeEmpty,
  type FieldDescription,
  type FieldKind,
  type RecordValues,
  type ResourceDescription,
} from './resourceDescription.js';
import { fieldSchema, translatedRule } from './recordSchemas.js';
import { format, type Catalogue } from './messages.js';
import { said, type MessageKey } from './translate.js';

/**
 * The one description of a product's fields: `productDescription` (domain/productDescription.ts, plain data), in the
 * resource model's words (domain/resourceDescription.ts), and made from it what each field is to the products' own
 * code: the column it is stored in, its CSV column, the label its screens and history show, its rule, and whether it is
 * written in every catalogue language. The API shape (domain/products.ts), the server's rows and history
 * (server/core/products.ts), the CSV files (domain/productImport.ts, resources/products/csv.ts), the history's labels
 * and the Firebase provider read it, so a field is added there once.
 */
export { productDescription };

/** The products list's columns, by field, in order (the spec's): naming a field here lists it, with its kind's cell. */
export const PRODUCT_COLUMNS: readonly string[] = ['sku', 'name', 'category', 'price', 'active'];

/** A product's field names, in the CSV file's order. */
export type ProductFieldKey = keyof typeof productDescription.fields & string;

export interface ProductField {
  /** The field's name in the API, the forms and the history. */
  readonly key: ProductFieldKey;
  /** Its kind (domain/fieldKinds.ts); a translated field's is the kind of its text in one language (line or text). */
  readonly kind: FieldKind;
  /** Its description (productDescription), for the engine's own functions (rules, storage, cells). */
  readonly description: FieldDescription;
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

/** A described field as the products' code holds it: a translated field is a line or text written in every language. */
function productField(key: ProductFieldKey, f: FieldDescription): ProductField {
  return {
    key,
    kind: f.kind === 'translated' ? (f.as ?? 'line') : f.kind,
    description: f,
    column: key,
    csv: exported(f) ? key : null,
    label: key as keyof Catalogue['products'],
    translatable: f.kind === 'translated',
    fixed: f.locked === true,
    optionalInCsv: f.kind === 'images' || mayBeEmpty(f),
  };
}

/** The fields of a products description as the products' code holds them: any kind the model has. */
export const productFieldsOf = (d: ResourceDescription): ProductField[] =>
  fieldsOfResource(d).map(([key, f]) => productField(key as ProductFieldKey, f));

/** Every field a product holds that staff write, in the CSV file's order (the description's). */
export const PRODUCT_FIELDS: readonly ProductField[] = productFieldsOf(productDescription);

/** The fields the storefront feed shows (`publish`), in the description's order. */
export const PUBLISHED_FIELDS = PRODUCT_FIELDS.filter((f) => f.description.publish === true);
type Described = typeof productDescription.fields;
/** The published fields' names. */
export type PublishedKey = {
  [K in keyof Described]: Described[K] extends { publish: true } ? K : never;
}[keyof Described] &
  string;

/** The fields an edit may change (all but the SKU). */
export const EDITABLE_PRODUCT_FIELDS = PRODUCT_FIELDS.filter((f) => !f.fixed);

/** The specification's own refusal of a bad category or material care (the engine's choice says 'Choose one …'). */
const OWN_REFUSALS: Partial<Record<ProductFieldKey, MessageKey>> = {
  category: 'errors.category',
  mc: 'errors.materialCare',
};

/** A product field's rule: the engine's (domain/recordSchemas.ts), a choice with the specification's refusal. */
function productRule(key: ProductFieldKey, f: FieldDescription): z.ZodType {
  const own = OWN_REFUSALS[key];
  if (own === undefined || f.kind !== 'choice') return fieldSchema(f);
  const options = f.options ?? [];
  return z
    .string({ error: said(own) })
    .refine((s) => (f.optional === true && s === '') || options.includes(s), said(own));
}

/** A field's rule, typed with the value the description says it holds. */
type Rules<T> = { [K in keyof T]-?: z.ZodType<T[K], T[K]> };
/** A product's values by field, as the description types them (a choice one of its options). */
export type ProductValues = RecordValues<typeof productDescription>;

/**
 * The rule each field but images is checked by on add, edit and import (images have their own: at least one), made
 * from the description.
 */
export const productRules = Object.fromEntries(
  PRODUCT_FIELDS.filter((f) => f.kind !== 'images').map((f) => [f.key, productRule(f.key, f.description)]),
) as Rules<Omit<ProductValues, 'images'>>;

/** A field's label in a catalogue. */
export const productFieldLabel = (f: ProductField, m: Catalogue): string => m.products[f.label] as string;

// Translations: a product's translatable fields hold the default language's (English) text; the same fields in every
// other catalogue language live in `translations` ({ se: { name, details } }), each optional: absent or empty is
// missing. Flat, each is '<field>_<language>' (name_se): its CSV column and its field in the history.

/** The catalogue languages a product is translated into (all but the default). */
export const TRANSLATED_LANGUAGES = CATALOGUE_LANGUAGES.slice(1).map((l) => l.id) as Exclude<CatalogueLanguage, 'en'>[];
export type TranslatedLanguage = Exclude<CatalogueLanguage, 'en'>;

export const TRANSLATABLE_FIELDS = PRODUCT_FIELDS.filter((f) => f.translatable);
/**
 * The translatable fields' keys (the fields marked translatable above; tests/unit/domain/productFields.test.ts checks).
 */
export type TranslatableKey = 'name' | 'details';
/** The same keys as a list, typed, in the fields' order. */
export const TRANSLATABLE_KEYS = TRANSLATABLE_FIELDS.map((f) => f.key) as [TranslatableKey, ...TranslatableKey[]];

/** A product's texts in the other languages: only what is written (never an empty text, never an empty language). */
export type Translations = Partial<Record<TranslatedLanguage, Partial<Record<TranslatableKey, string>>>>;

/** One translatable field in one other language, flat. */
export interface TranslatedField {
  /** 'name_se': the CSV column and the history's field. */
  readonly key: string;
  readonly field: ProductField & { key: TranslatableKey };
  readonly lang: TranslatedLanguage;
}

export const TRANSLATED_FIELDS: readonly TranslatedField[] = TRANSLATED_LANGUAGES.flatMap((lang) =>
  TRANSLATABLE_FIELDS.map((field) => ({ key: `${field.key}_${lang}`, field: field as TranslatedField['field'], lang })),
);

/** The rules of a translated text: the English field's, but it may be empty (not translated yet). */
export const translationRules = Object.fromEntries(
  TRANSLATABLE_KEYS.map((key) => [key, translatedRule(productDescription.fields[key], false)]),
) as Record<TranslatableKey, z.ZodType<string, string>>;

const languageTexts = z
  .object(
    Object.fromEntries(TRANSLATABLE_KEYS.map((key) => [key, translationRules[key].optional()])) as Record<
      TranslatableKey,
      z.ZodOptional<z.ZodType<string, string>>
    >,
  )
  .strict();

/** `translations` as add and edit take it: per language, per field; a field left out is kept, an empty one cleared. */
export const TranslationsIn = z
  .object(
    Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l, languageTexts.optional()])) as Record<
      TranslatedLanguage,
      z.ZodOptional<typeof languageTexts>
    >,
  )
  .strict();

/** `translations` as the API answers it. */
export const TranslationsOut = z.object(
  Object.fromEntries(
    TRANSLATED_LANGUAGES.map((l) => [
      l,
      z.object(Object.fromEntries(TRANSLATABLE_KEYS.map((key) => [key, z.string().optional()]))).optional(),
    ]),
  ) as Record<TranslatedLanguage, z.ZodOptional<z.ZodObject<Record<TranslatableKey, z.ZodOptional<z.ZodString>>>>>,
);

/** A translated text, '' when missing. */
export const translatedText = (t: Translations | undefined, lang: TranslatedLanguage, key: TranslatableKey): string =>
  t?.[lang]?.[key] ?? '';

/**
 * `changes` laid over `current`: a field given replaces (empty clears it), a field left out stays; empty texts and
 * languages with nothing left are dropped, so a product's translations have one form.
 */
export function mergeTranslations(current: Translations | undefined, changes: Translations | undefined): Translations {
  const out: Translations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const texts: Partial<Record<TranslatableKey, string>> = {};
    for (const key of TRANSLATABLE_KEYS) {
      const given = changes?.[lang]?.[key];
      const v = given !== undefined ? given : (current?.[lang]?.[key] ?? '');
      if (v !== '') texts[key] = v;
    }
    if (Object.keys(texts).length > 0) out[lang] = texts;
  }
  return out;
}

/** The languages a product still misses some translated text in. */
export const missingLanguages = (t: Translations): TranslatedLanguage[] =>
  TRANSLATED_LANGUAGES.filter((lang) => TRANSLATABLE_KEYS.some((key) => translatedText(t, lang, key) === ''));

/** The translated texts flat, by TranslatedField key ('name_se': 'Handduk'), '' where missing. */
export const flatTranslations = (t: Translations): Record<string, string> =>
  Object.fromEntries(TRANSLATED_FIELDS.map((tf) => [tf.key, translatedText(t, tf.lang, tf.field.key)]));

/** Flat translated texts back as `translations` changes (only the keys given). */
export function translationsOfFlat(flat: Readonly<Record<string, unknown>>): Translations {
  const out: Record<string, Record<string, string>> = {};
  for (const tf of TRANSLATED_FIELDS) {
    const v = flat[tf.key];
    if (typeof v === 'string') (out[tf.lang] ??= {})[tf.field.key] = v;
  }
  return out as Translations;
}

/** A translated field's label: 'Swedish name' / 'Namn på svenska'. */
export const translatedFieldLabel = (tf: TranslatedField, m: Catalogue): string =>
  format(m.products.inLanguage[tf.field.key as TranslatableKey], { language: m.products.languageNames[tf.lang] });
