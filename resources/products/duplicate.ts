import type { Product } from '../../domain/products';
import { EDITABLE_PRODUCT_FIELDS, TRANSLATED_FIELDS } from '../../domain/productFields';
import { productDefaults } from './ProductInputs';

/**
 * What Edit Product's 'Duplicate' hands Add Product (in the navigation's state): the form's values and the copied
 * images.
 */
export interface DuplicateState {
  /** The SKU it was copied from, for the notice. */
  from: string;
  values: Record<string, unknown>;
  images: string[];
  thumbnails: string[];
}

/** Add Product's address. */
export const CREATE_PATH = '/products/add-product';

/**
 * A product's fields and Swedish texts as Add Product's form starts from them, with the copied images and an empty
 * SKU (a new one is asked for). Scheduled times are not copied: they were that product's plan.
 */
export function duplicateState(p: Product, copies: { images: string[]; thumbnails: string[] }): DuplicateState {
  const values: Record<string, unknown> = { ...productDefaults, sku: '' };
  for (const f of EDITABLE_PRODUCT_FIELDS) if (f.kind !== 'images') values[f.key] = p[f.key];
  const translations: Record<string, Record<string, string>> = {};
  for (const tf of TRANSLATED_FIELDS)
    (translations[tf.lang] ??= {})[tf.field.key] = p.translations?.[tf.lang]?.[tf.field.key] ?? '';
  values.translations = translations;
  values.images = copies.images;
  return { from: p.sku, values, images: copies.images, thumbnails: copies.thumbnails };
}

/** The duplicate state a navigation carries, if any (anything else there is ignored). */
export function duplicateOf(state: unknown): DuplicateState | undefined {
  if (!state || typeof state !== 'object' || !('duplicate' in state)) return undefined;
  const d = state.duplicate as Partial<DuplicateState> | undefined;
  return d && typeof d.from === 'string' && d.values && Array.isArray(d.images) && Array.isArray(d.thumbnails)
    ? (d as DuplicateState)
    : undefined;
}
