import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CatalogueLanguage } from '../../domain/constants.js';
import {
  publishedOf,
  type RecordOf,
  type RecordTranslations,
  type ResourceDescription,
} from '../../domain/resourceDescription.js';
import { getRecord, listRecords, sortKeyOf } from './described.js';
import { imageInfoOf, type ImageInfo } from './imageSizes.js';
import { imageSet, publicImageUrl, type PublicAddresses } from './storefront.js';

// A described resource's storefront feed: what a field's `publish` shows the shop's site (/api/public/<name>), made
// the way the products' feed is (core/storefront.ts): texts in one language with the fields that fell back to English,
// images as absolute addresses under sealed names with their sizes. Every record is public (products have their
// status; a described resource that needs one keeps such records out of the feed by not publishing it).

export type PublicRecord = Record<string, unknown> & { id: string; version: number };

const imagesOf = (r: ResourceDescription, rec: Record<string, unknown>): string[] =>
  publishedOf(r)
    .filter(([, f]) => f.kind === 'images')
    .flatMap(([k]) => (rec[k] as string[] | undefined) ?? []);

/** The feed parts whose answers list images (what a change of images' sizes makes stale). */
export const feedPartsWithImages = (all: readonly ResourceDescription[]): `record:${string}`[] =>
  all.filter((r) => publishedOf(r).some(([, f]) => f.kind === 'images')).map((r) => `record:${r.name}` as const);

/** A record as the shop's site sees it, its texts in `lang`; `files` gives its images' sizes (imageInfoOf). */
export function toPublicRecord(
  r: ResourceDescription,
  rec: RecordOf<ResourceDescription>,
  a: PublicAddresses,
  lang: CatalogueLanguage,
  files: ReadonlyMap<string, ImageInfo>,
): PublicRecord {
  const url = (address: string): string => publicImageUrl(a, address);
  const texts = (rec.translations as RecordTranslations | undefined)?.[lang];
  const out: Record<string, unknown> = { id: rec.id };
  const fallback: string[] = [];
  const imageSets: Record<string, unknown> = {};
  for (const [k, f] of publishedOf(r)) {
    const v = (rec as Record<string, unknown>)[k];
    if (f.kind === 'translated') {
      const there = lang === 'en' ? undefined : texts?.[k];
      if (lang !== 'en' && !there) fallback.push(k);
      out[k] = there || v;
    } else if (f.kind === 'images') {
      const images = v as string[];
      out[k] = images.map(url);
      imageSets[k] = images.map((i) => imageSet(i, files.get(i), url));
    } else out[k] = v;
  }
  return { ...out, id: rec.id, version: rec.version, lang, fallback, imageSets };
}

/** One page of a resource's records in its list's order (then id), after an optional cursor, in `lang`. */
export async function listPublicRecords(
  db: Kysely<Database>,
  r: ResourceDescription,
  a: PublicAddresses,
  opts: { limit: number; after: { key: string; id: string } | null; lang: CatalogueLanguage },
): Promise<{ items: PublicRecord[]; next: { key: string; id: string } | null }> {
  const { items, more } = await listRecords(db, r, { limit: opts.limit, after: opts.after });
  const files = await imageInfoOf(
    db,
    items.flatMap((rec) => imagesOf(r, rec)),
  );
  const tail = items.at(-1);
  return {
    items: items.map((rec) => toPublicRecord(r, rec, a, opts.lang, files)),
    next: more && tail ? { key: sortKeyOf(r, tail), id: tail.id } : null,
  };
}

/** One record by id, in `lang` (a record that is not there is 'not found'). */
export async function getPublicRecord(
  db: Kysely<Database>,
  r: ResourceDescription,
  a: PublicAddresses,
  id: string,
  lang: CatalogueLanguage,
): Promise<PublicRecord> {
  const rec = await getRecord(db, r, id);
  return toPublicRecord(r, rec, a, lang, await imageInfoOf(db, imagesOf(r, rec)));
}
