import { z } from 'zod';
import { MAX_IMAGES } from './constants.js';
import { said } from './translate.js';
import {
  productDescription,
  productRules,
  TranslationsIn,
  TranslationsOut,
  type ProductValues,
  type Translations,
} from './productFields.js';
import { fieldsOfResource } from './resourceDescription.js';
import { answerSchema, fieldSchema, ImageAddress } from './recordSchemas.js';
import { scheduleFields } from './schedule.js';

export { ImageAddress };

// The API's product, made from the products' description (domain/productFields.ts) by the engine's schema builder
// (domain/recordSchemas.ts), with what only products have: at least one image, thumbnails and a primary image, the
// schedule.

/** Each described field's answer, typed with the value the description says it holds. */
const answers = Object.fromEntries(fieldsOfResource(productDescription).map(([k, f]) => [k, answerSchema(f)])) as {
  [K in keyof ProductValues]-?: z.ZodType<ProductValues[K], ProductValues[K]>;
};

/** A product as the API and the browser see it. */
export const Product = z.object({
  id: z.string(),
  ...answers,
  /** The name and details in the other catalogue languages ({ se: { name, details } }): only what is written. */
  translations: TranslationsOut as z.ZodType<Translations, Translations>,
  images: z.array(z.string()).max(MAX_IMAGES),
  /** The server's small WebP of each image, in the same order (the browser never derives these addresses). */
  thumbnails: z.array(z.string()).max(MAX_IMAGES),
  primary: z.string().nullable(),
  /** Each reference's label, by field, as a described record's answer carries them (none while no field points). */
  labels: z.record(z.string(), z.string()).optional(),
  /**
   * When the scheduler makes it active, and inactive (ISO-8601, UTC); null when not scheduled or already applied.
   * Absent with the Firebase back end, which has no scheduler.
   */
  activeFrom: z.string().nullable().optional(),
  activeUntil: z.string().nullable().optional(),
  version: z.number().int(),
  created: z.string(),
  updated: z.string().nullable(),
});
export type Product = z.infer<typeof Product>;

/** The fields add and edit share, each with its rule (the import checks rows with the same ones). */
const { sku: skuRule, ...productFields } = productRules;
export { productFields };

/** A product's images: the engine's images rule (addresses, at most its max), and at least the first. */
const images = (fieldSchema(productDescription.fields.images) as z.ZodArray<typeof ImageAddress>).min(
  1,
  said('images.mustAdd'),
);

type Described = typeof productDescription.fields;
/** The fields marked optional: an add may leave them out (each then holds its kind's empty value). */
type OptionalKey = { [K in keyof Described]: Described[K] extends { optional: true } ? K : never }[keyof Described];
const omittable = Object.fromEntries(
  fieldsOfResource(productDescription)
    .filter(([k, f]) => f.optional === true && k in productFields)
    .map(([k]) => [k, productFields[k as keyof typeof productFields].optional()]),
) as { [K in OptionalKey & keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]> };

/** Add product: SKU, price, name, details required; at least the first image; an optional field may be left out. */
export const ProductCreate = z
  .object({
    sku: skuRule,
    ...productFields,
    ...omittable,
    images,
    translations: TranslationsIn.optional(),
    activeFrom: scheduleFields.activeFrom.optional(),
    activeUntil: scheduleFields.activeUntil.optional(),
  })
  .strict();
export type ProductCreate = z.infer<typeof ProductCreate>;

/** Edit product: the SKU cannot change; price, name, details required. */
export const ProductUpdate = z
  .object({
    ...productFields,
    images,
    translations: TranslationsIn,
    ...scheduleFields,
  })
  .partial()
  .strict();
export type ProductUpdate = z.infer<typeof ProductUpdate>;

/** What POST /api/products/:id/duplicate answers: copies of the product's images, for Add Product to start from. */
export const DuplicateImages = z.object({ images: z.array(z.string()), thumbnails: z.array(z.string()) });
export type DuplicateImages = z.infer<typeof DuplicateImages>;
/** Duplicate's copies of a record's images, by field (a product's under `images`). */
export const DuplicateCopies = z.record(z.string(), DuplicateImages);
export type DuplicateCopies = z.infer<typeof DuplicateCopies>;
