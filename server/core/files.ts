import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { chunks, now } from '../db/index.js';
import type { FileStore } from '../files/store.js';
import {
  checkImage,
  ImageRefused,
  makeSizes,
  safeName,
  sizeWidthsFor,
  SIZE_WIDTHS,
  thumbnail,
  type CheckedImage,
} from '../files/images.js';
import { limiter } from '../lib/limit.js';
import { DomainError } from './errors.js';
import { said } from '../../domain/translate.js';

/** The answer to a finished upload. */
export interface StoredImage {
  address: string;
  thumbnail: string;
  width: number;
  height: number;
}

/** The thumbnail's key for an image key. */
export const thumbKey = (key: string): string => `${key}.thumb.webp`;

/** The key of an image key's WebP size `width` pixels wide. */
export const sizeKey = (key: string, width: number): string => `${key}.w${width}.webp`;

/** The image key a thumbnail's or size's key belongs to (the key itself for an image), and whether it is WebP. */
export function imageKeyOf(key: string): { key: string; webp: boolean } {
  const m = /^(.+)\.(?:thumb|w\d{1,5})\.webp$/.exec(key);
  return m ? { key: m[1]!, webp: true } : { key, webp: false };
}

/** The widths recorded in a files row's `variants` ('400,800' → [400, 800]). */
export const madeWidths = (variants: string): number[] => (variants === '' ? [] : variants.split(',').map(Number));

/** The store key of an image address (/files/<key>). */
export const keyOf = (address: string): string => address.replace(/^\/files\//, '');

/** The thumbnail's address for an image address (/files/<key>). */
export const thumbnailOf = (address: string): string => `/files/${thumbKey(keyOf(address))}`;

/** The keys of those addresses that are not finished uploads (read 500 at a time, within bound-parameter limits). */
export async function unstoredKeys(db: Kysely<Database>, addresses: readonly string[]): Promise<Set<string>> {
  const missing = new Set(addresses.map(keyOf));
  for (const part of chunks([...missing])) {
    const found = await db.selectFrom('files').select('key').where('key', 'in', part).execute();
    for (const f of found) missing.delete(f.key);
  }
  return missing;
}

/** Image decoding takes memory in proportion to the pixels; two at a time keep the server's memory bounded. */
export const imageWork = limiter(2);

/** Checks a finished upload's bytes, stores the image, its thumbnail and its WebP sizes, and registers them. */
export async function storeUpload(
  db: Kysely<Database>,
  store: FileStore,
  upload: { owner: string; originalName: string; data: Buffer; stagedPath?: string },
  maxPixels: number,
): Promise<StoredImage> {
  let image: CheckedImage;
  let thumb: Buffer;
  let sizes: Array<{ width: number; data: Buffer }>;
  try {
    // The header first (no decoding), then the thumbnail, whose making decodes every pixel and so checks the rest,
    // then the sizes, within the same turn of the limit (each decode is one of the two at a time).
    [image, thumb, sizes] = await imageWork(async () => {
      const checked = await checkImage(upload.data, maxPixels);
      const small = await thumbnail(upload.data, maxPixels);
      return [checked, small, await makeSizes(upload.data, sizeWidthsFor(checked.width), maxPixels)] as const;
    });
  } catch (err) {
    if (err instanceof ImageRefused) throw new DomainError('validation', err.said);
    throw err;
  }
  const unique = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  const key = `Uploads/${upload.owner}_${unique}_${safeName(upload.originalName, image.format)}`;
  await Promise.all([
    store.put(key, upload.data, image.contentType, upload.stagedPath),
    store.put(thumbKey(key), thumb, 'image/webp'),
    ...sizes.map((s) => store.put(sizeKey(key, s.width), s.data, 'image/webp')),
  ]);
  const variants = sizes
    .map((s) => s.width)
    .sort((a, b) => a - b)
    .join(',');
  await db
    .insertInto('files')
    .values({
      key,
      owner: upload.owner,
      content_type: image.contentType,
      size: upload.data.length,
      width: image.width,
      height: image.height,
      variants,
      created: now(),
    })
    .execute();
  return { address: `/files/${key}`, thumbnail: `/files/${thumbKey(key)}`, width: image.width, height: image.height };
}

/** The registered content type of a stored key (thumbnails and sizes are WebP), or null when unknown. */
export async function contentTypeOf(db: Kysely<Database>, key: string): Promise<string | null> {
  const base = imageKeyOf(key);
  const r = await db.selectFrom('files').select('content_type').where('key', '=', base.key).executeTakeFirst();
  if (!r) return null;
  return base.webp ? 'image/webp' : r.content_type;
}

/** Deletes stored images that no product refers to and that are older than the grace period. Returns how many. */
export async function sweepFiles(db: Kysely<Database>, store: FileStore, graceMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - graceMs).toISOString();
  const candidates = await db.selectFrom('files').select('key').where('created', '<', cutoff).execute();
  let removed = 0;
  for (const { key } of candidates) {
    const used = await db
      .selectFrom('products')
      .select('id')
      .where('images', 'like', `%/files/${key}"%`)
      .executeTakeFirst();
    if (used) continue;
    await store.remove(key);
    await store.remove(thumbKey(key));
    // Every width there could be, not only those recorded: a size written before a crash may not be.
    for (const w of SIZE_WIDTHS) await store.remove(sizeKey(key, w));
    await db.deleteFrom('files').where('key', '=', key).execute();
    removed++;
  }
  return removed;
}

/** A stored file's bytes, or null when the store has none under that key. */
async function bytesOf(store: FileStore, key: string): Promise<Buffer | null> {
  const found = await store.get(key);
  if (!found) return null;
  const parts: Buffer[] = [];
  for await (const chunk of found.body) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/**
 * Copies stored images to new keys owned by `owner`: each original, its thumbnail and its WebP sizes, registered as
 * new files (so the copy and the original are deleted, replaced and swept independently). Answers the copies'
 * addresses in the same order. A copy no product comes to use is swept after the grace, as any upload. Refused
 * (conflict, nothing registered) when an image is not a stored file.
 */
export async function copyImages(
  db: Kysely<Database>,
  store: FileStore,
  owner: string,
  addresses: readonly string[],
): Promise<StoredImage[]> {
  const out: StoredImage[] = [];
  for (const address of addresses) {
    const key = keyOf(address);
    const row = await db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirst();
    const original = row ? await bytesOf(store, key) : null;
    const thumb = row ? await bytesOf(store, thumbKey(key)) : null;
    if (!row || !original || !thumb) throw new DomainError('conflict', said('duplicate.failed'));
    // The name the first upload was given (Uploads/<owner>_<random>_<name>), kept for the copy.
    const name = /^Uploads\/[^/]+?_[A-Za-z0-9]{12}_([A-Za-z0-9._-]+)$/.exec(key)?.[1] ?? key.replace(/^.*\//, '');
    const copy = `Uploads/${owner}_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}_${name}`;
    const widths = madeWidths(row.variants);
    const sizes: Array<{ width: number; data: Buffer }> = [];
    for (const width of widths) {
      const data = await bytesOf(store, sizeKey(key, width));
      // A size recorded but missing from the store is not copied (the copy's own record leaves it out).
      if (data) sizes.push({ width, data });
    }
    await Promise.all([
      store.put(copy, original, row.content_type),
      store.put(thumbKey(copy), thumb, 'image/webp'),
      ...sizes.map((s) => store.put(sizeKey(copy, s.width), s.data, 'image/webp')),
    ]);
    await db
      .insertInto('files')
      .values({
        key: copy,
        owner,
        content_type: row.content_type,
        size: original.length,
        width: row.width,
        height: row.height,
        variants: sizes.map((s) => s.width).join(','),
        created: now(),
      })
      .execute();
    out.push({
      address: `/files/${copy}`,
      thumbnail: `/files/${thumbKey(copy)}`,
      width: row.width,
      height: row.height,
    });
  }
  return out;
}
