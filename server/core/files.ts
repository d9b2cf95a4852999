import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { chunks, now } from '../db/index.js';
import type { FileStore } from '../files/store.js';
import { checkImage, ImageRefused, safeName, thumbnail, type CheckedImage } from '../files/images.js';
import { limiter } from '../lib/limit.js';
import { DomainError } from './errors.js';

/** The answer to a finished upload. */
export interface StoredImage {
  address: string;
  thumbnail: string;
  width: number;
  height: number;
}

/** The thumbnail's key for an image key. */
export const thumbKey = (key: string): string => `${key}.thumb.webp`;

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
const imageWork = limiter(2);

/** Checks a finished upload's bytes, stores the image and its thumbnail, and registers them. */
export async function storeUpload(
  db: Kysely<Database>,
  store: FileStore,
  upload: { owner: string; originalName: string; data: Buffer; stagedPath?: string },
  maxPixels: number,
): Promise<StoredImage> {
  let image: CheckedImage;
  let thumb: Buffer;
  try {
    // The header first (no decoding), then the thumbnail, whose making decodes every pixel and so checks the rest.
    [image, thumb] = await imageWork(async () => {
      const checked = await checkImage(upload.data, maxPixels);
      return [checked, await thumbnail(upload.data, maxPixels)] as const;
    });
  } catch (err) {
    if (err instanceof ImageRefused) throw new DomainError('validation', err.message);
    throw err;
  }
  const key = `Uploads/${upload.owner}_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}_${safeName(upload.originalName, image.format)}`;
  await Promise.all([store.put(key, upload.data, image.contentType, upload.stagedPath), store.put(thumbKey(key), thumb, 'image/webp')]);
  await db
    .insertInto('files')
    .values({ key, owner: upload.owner, content_type: image.contentType, size: upload.data.length, width: image.width, height: image.height, created: now() })
    .execute();
  return { address: `/files/${key}`, thumbnail: `/files/${thumbKey(key)}`, width: image.width, height: image.height };
}

/** The registered content type of a stored key (thumbnails are WebP), or null when unknown. */
export async function contentTypeOf(db: Kysely<Database>, key: string): Promise<string | null> {
  const base = key.endsWith('.thumb.webp') ? key.slice(0, -'.thumb.webp'.length) : key;
  const r = await db.selectFrom('files').select('content_type').where('key', '=', base).executeTakeFirst();
  if (!r) return null;
  return base === key ? r.content_type : 'image/webp';
}

/** Deletes stored images that no product refers to and that are older than the grace period. Returns how many. */
export async function sweepFiles(db: Kysely<Database>, store: FileStore, graceMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - graceMs).toISOString();
  const candidates = await db.selectFrom('files').select('key').where('created', '<', cutoff).execute();
  let removed = 0;
  for (const { key } of candidates) {
    const used = await db.selectFrom('products').select('id').where('images', 'like', `%/files/${key}"%`).executeTakeFirst();
    if (used) continue;
    await store.remove(key);
    await store.remove(thumbKey(key));
    await db.deleteFrom('files').where('key', '=', key).execute();
    removed++;
  }
  return removed;
}
