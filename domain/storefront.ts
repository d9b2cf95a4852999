import { z } from 'zod';
import { Product } from './products.js';
import { LanguageId } from './languages.js';

/**
 * A product as the shop's site sees it (/api/public/products): what a shop page shows, with absolute image and
 * thumbnail addresses. Never its status (only active products are served), authors or times of staff.
 */
export const PublicProduct = Product.pick({
  // The same id webhook events carry as recordId.
  id: true,
  sku: true,
  category: true,
  mc: true,
  name: true,
  details: true,
  price: true,
  images: true,
  thumbnails: true,
  primary: true,
  version: true,
});
export type PublicProduct = z.infer<typeof PublicProduct>;

/** A page of the public list: the items and the opaque cursor of the next page (null on the last). */
export const PublicProductPage = z.object({ items: z.array(PublicProduct), next: z.string().nullable() });

/** A language's storefront texts. */
export const PublicTexts = z.object({
  id: LanguageId,
  texts: z.record(z.string(), z.union([z.string(), z.boolean()])),
  version: z.number().int(),
});
export type PublicTexts = z.infer<typeof PublicTexts>;
