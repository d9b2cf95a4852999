/** Business constants: page sizes, upload thresholds and chunk sizes, retry limits, and the like. */
export const PAGE_SIZE = 10;
export const USERS_STORE_DEFAULT_LIMIT = 2;
export const SEARCH_LIMIT = 1;
export const MAX_IMAGES = 3;
export const CATEGORIES = ['Cotton', 'Linen'] as const;
export const MATERIAL_CARE = ['Cotton care', 'Linen care'] as const;
export const LANGUAGE_IDS = ['en', 'se'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];
/**
 * The catalogue's languages, the default (English, the product's own fields) first: each by the id its language
 * record has and the language tag a shopper's browser sends. A product's texts in the others are its translations.
 */
export const CATALOGUE_LANGUAGES = [
  { id: 'en', tag: 'en' },
  { id: 'se', tag: 'sv' },
] as const satisfies readonly { id: LanguageId; tag: string }[];
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number]['id'];
export const UPLOAD_RESUMABLE_THRESHOLD = 262144;
export const UPLOAD_CHUNK_MAX = 33554432;
export const RETRY_OPERATION_MS = 120000;
export const RETRY_UPLOAD_MS = 600000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The pages shown without sign-in (sign-in, forgot, version, and the reset page). */
export const PUBLIC_PATHS: readonly string[] = ['/signin', '/forgot', '/reset-password', '/version'];

/** One page of a list and the cursor of the next, or null on the last page. */
export interface Page<T> {
  items: T[];
  next: string | null;
}
