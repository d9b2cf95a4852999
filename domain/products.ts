import { z } from 'zod';
import { CATEGORIES, MATERIAL_CARE, MAX_IMAGES } from './constants.js';
import { said } from './translate.js';
import { productRules, TranslationsIn, TranslationsOut } from './productFields.js';
import { scheduleFields } from './schedule.js';

/** An image address as the server hands it out: /files/Uploads/<name>. */
export const ImageAddress = z.string().regex(/^\/files\/Uploads\/[A-Za-z0-9._-]{1,255}$/, said('uploads.notUploaded'));

/** A product as the API and the browser see it. */
export const Product = z.object({
  id: z.string(),
  sku: z.string(),
  category: z.enum(CATEGORIES),
  mc: z.enum(MATERIAL_CARE),
  name: z.string(),
  details: z.string(),
  /** The name and details in the other catalogue languages ({ se: { name, details } }): only what is written. */
  translations: TranslationsOut,
  price: z.string(),
  active: z.boolean(),
  images: z.array(z.string()).max(MAX_IMAGES),
  /** The server's small WebP of each image, in the same order (the browser never derives these addresses). */
  thumbnails: z.array(z.string()).max(MAX_IMAGES),
  primary: z.string().nullable(),
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

/** Add product: SKU, price, name, details required; at least the first image. */
export const ProductCreate = z
  .object({
    sku: skuRule,
    ...productFields,
    images: z
      .array(ImageAddress)
      .min(1, said('products.mustAddImage'))
      .max(MAX_IMAGES, said('uploads.tooMany', { max: MAX_IMAGES })),
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
    images: z
      .array(ImageAddress)
      .min(1, said('products.mustAddImage'))
      .max(MAX_IMAGES, said('uploads.tooMany', { max: MAX_IMAGES })),
    translations: TranslationsIn,
    ...scheduleFields,
  })
  .partial()
  .strict();
export type ProductUpdate = z.infer<typeof ProductUpdate>;

/** What POST /api/products/:id/duplicate answers: copies of the product's images, for Add Product to start from. */
export const DuplicateImages = z.object({ images: z.array(z.string()), thumbnails: z.array(z.string()) });
export type DuplicateImages = z.infer<typeof DuplicateImages>;
