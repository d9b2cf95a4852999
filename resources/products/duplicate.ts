import type { Product } from '../../domain/products';
import { TRANSLATED_LANGUAGES } from '../../domain/productFields';
import { editableFields, productDefaults } from './ProductInputs';

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
  const values: Record<string, unknown> = { ...productDefaults(), sku: '' };
  const held = p as unknown as Readonly<Record<string, unknown>>;
  const translated = editableFields().filter(([, f]) => f.kind === 'translated');
  for (const [key, f] of editableFields()) if (f.kind !== 'images') values[key] = held[key];
  const given = (p.translations ?? {}) as Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;
  values.translations = Object.fromEntries(
    TRANSLATED_LANGUAGES.map((lang) => [
      lang,
      Object.fromEntries(translated.map(([key]) => [key, given[lang]?.[key] ?? ''])),
    ]),
  );
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
