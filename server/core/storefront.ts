import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductsTable } from '../db/schema.js';
import { readPage, readRows } from '../db/read.js';
import type { PublicProduct, PublicTexts } from '../../domain/storefront.js';
import type { CatalogueLanguage } from '../../domain/constants.js';
import { fromStored } from '../db/describedTables.js';
import {
  PUBLISHED_FIELDS,
  translatedText,
  type TranslatableKey,
  type Translations,
} from '../../domain/productFields.js';
import { DomainError } from './errors.js';
import { keyOf, sizeKey, thumbnailOf } from './files.js';
import { imageInfoOf, type ImageInfo } from './imageSizes.js';
import { getLanguage } from './languages.js';
import { seal, unseal, type SealKeys } from '../lib/sealed.js';
import { said } from '../../domain/translate.js';

type Row = Selectable<ProductsTable>;

/**
 * The columns the storefront reads: the published fields' (domain/productFields.ts, `publish`) and what the feed makes
 * of the images and texts; nothing of staff (authors, times) and no status (only active rows are read).
 */
const COLUMNS = [
  ...new Set(['id', ...PUBLISHED_FIELDS.map((f) => f.column), 'images', 'translations', 'primary_image', 'version']),
]
  .map((c) => `"${c}"`)
  .join(', ');

/** The published fields the feed answers as stored (texts in a language and images are made apart). */
const AS_STORED = PUBLISHED_FIELDS.filter((f) => !f.translatable && f.kind !== 'images');
/** The published translated fields, each in the language asked for. */
const IN_LANGUAGE = PUBLISHED_FIELDS.filter((f) => f.translatable).map((f) => f.key as TranslatableKey);

/** How the feed writes image addresses: absolute from PUBLIC_URL, and with the stored name sealed. */
export interface PublicAddresses {
  base: string;
  keys: SealKeys;
  /** Addresses already sealed (a list page seals up to seven per product otherwise, each time it is read). */
  sealed: Map<string, string>;
}

/** Past this many remembered addresses the memory starts over: a bound, not a policy. */
const SEALED_MAX = 20_000;

/**
 * A stored image's public address: /api/public/images/<sealed key>.<ext>. A stored name begins with its uploader's
 * uid (spec: Uploads/<uid>_<random>_<name>), and nothing of users may reach the shop's site, so the name is sealed.
 */
export function publicImageUrl(a: PublicAddresses, address: string): string {
  const known = a.sealed.get(address);
  if (known !== undefined) return known;
  if (a.sealed.size >= SEALED_MAX) a.sealed.clear();
  const ext = address.endsWith('.webp') ? '.webp' : (/\.(jpe?g|png)$/i.exec(address)?.[0].toLowerCase() ?? '');
  const url = `${a.base}/api/public/images/${seal(a.keys, keyOf(address))}${ext}`;
  a.sealed.set(address, url);
  return url;
}

/** The stored key behind a public image name, or null when the name is not one the feed handed out. */
export function storedKeyOf(a: PublicAddresses, name: string): string | null {
  const m = /^([A-Za-z0-9_-]{29,1400})\.(jpe?g|png|webp)$/.exec(name);
  const key = m ? unseal(a.keys, m[1]!) : null;
  return key !== null && key.startsWith('Uploads/') ? key : null;
}

type PublicRow = Pick<Row, 'id' | 'translations' | 'images' | 'primary_image' | 'version'> & Record<string, unknown>;

/**
 * A row's published texts in `lang`, each in English where `lang` has none, and the fields that fell back. English
 * reads the row's own fields and never parses the translations.
 */
export function textsIn(
  r: Pick<Row, 'translations'> & Record<string, unknown>,
  lang: CatalogueLanguage,
): Pick<PublicProduct, 'name' | 'details' | 'fallback'> {
  const texts = Object.fromEntries(IN_LANGUAGE.map((key) => [key, String(r[key] ?? '')])) as Record<
    TranslatableKey,
    string
  >;
  if (lang === 'en') return { ...texts, fallback: [] };
  const t = JSON.parse(r.translations) as Translations;
  const fallback: TranslatableKey[] = [];
  for (const key of IN_LANGUAGE) {
    const text = translatedText(t, lang, key);
    if (text === '') fallback.push(key);
    else texts[key] = text;
  }
  return { ...texts, fallback };
}

/** An image's set for srcset: the original with its size, and its WebP sizes (none known: none listed). */
export function imageSet(
  address: string,
  info: ImageInfo | undefined,
  url: (address: string) => string,
): PublicProduct['imageSets'][number] {
  const widths = info?.widths ?? [];
  return {
    url: url(address),
    width: info?.width ?? 0,
    height: info?.height ?? 0,
    variants: widths.map((width) => ({
      url: url(`/files/${sizeKey(keyOf(address), width)}`),
      width,
      type: 'image/webp' as const,
    })),
  };
}

/** The stored images' sizes of some rows (one read for a page). */
const imagesOfRows = (db: Kysely<Database>, rows: readonly Pick<Row, 'images'>[]): Promise<Map<string, ImageInfo>> =>
  imageInfoOf(
    db,
    rows.flatMap((r) => JSON.parse(r.images) as string[]),
  );

/** A products row as the shop's site sees it, its texts in `lang`; `files` gives its images' sizes (imageInfoOf). */
export function toPublicProduct(
  r: PublicRow,
  a: PublicAddresses,
  lang: CatalogueLanguage,
  files: ReadonlyMap<string, ImageInfo> = new Map(),
): PublicProduct {
  const images = JSON.parse(r.images) as string[];
  const url = (address: string): string => publicImageUrl(a, address);
  const { name, details, fallback } = textsIn(r, lang);
  const values = Object.fromEntries(AS_STORED.map((f) => [f.key, fromStored(f.description, r[f.column])]));
  return {
    id: r.id,
    ...(values as Omit<PublicProduct, 'id' | 'name' | 'details' | 'images'>),
    name,
    details,
    images: images.map(url),
    thumbnails: images.map((i) => url(thumbnailOf(i))),
    primary: r.primary_image === null ? null : url(r.primary_image),
    version: r.version,
    lang,
    fallback,
    imageSets: images.map((i) => imageSet(i, files.get(i), url)),
  };
}

/**
 * One page of active products, in the console's order (SKU descending, then id), after an optional cursor, in `lang`.
 */
export async function listPublicProducts(
  db: Kysely<Database>,
  a: PublicAddresses,
  opts: { limit: number; after: { key: string; id: string } | null; lang: CatalogueLanguage },
): Promise<{ items: PublicProduct[]; more: boolean }> {
  const rows = await readPage<Row>(db, { table: 'products', key: 'sku', order: 'desc' }, opts.after, opts.limit, {
    where: ['active = ?'],
    params: [1],
  });
  const page = rows.slice(0, opts.limit);
  const files = await imagesOfRows(db, page);
  return { items: page.map((r) => toPublicProduct(r, a, opts.lang, files)), more: rows.length > opts.limit };
}

/** The active product with exactly this SKU, in `lang`; a disabled or unknown one is the same 'not found'. */
export async function getPublicProduct(
  db: Kysely<Database>,
  a: PublicAddresses,
  sku: string,
  lang: CatalogueLanguage,
): Promise<PublicProduct> {
  const [r] = await readRows<Row>(db, `select ${COLUMNS} from products where sku = ? and active = ?`, [sku, 1]);
  if (!r) throw new DomainError('not_found', said('products.notFound'));
  return toPublicProduct(r, a, lang, await imagesOfRows(db, [r]));
}

/** A language's texts for the shop's site ('en' or 'se'; anything else is not found). */
export async function getPublicTexts(db: Kysely<Database>, id: string): Promise<PublicTexts> {
  const { id: lang, texts, version } = await getLanguage(db, id);
  return { id: lang, texts, version };
}
