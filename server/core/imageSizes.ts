import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { chunks } from '../db/index.js';
import type { FileStore } from '../files/store.js';
import { checkImage, makeSizes, sizeWidthsFor } from '../files/images.js';
import { imageWork, keyOf, madeWidths, sizeKey } from './files.js';

/** What the feed needs of a stored image: its size as shown and the widths of its WebP sizes. */
export interface ImageInfo {
  width: number;
  height: number;
  widths: number[];
}

/** The stored images behind some addresses (/files/<key>), by address; addresses with no stored image are left out. */
export async function imageInfoOf(db: Kysely<Database>, addresses: readonly string[]): Promise<Map<string, ImageInfo>> {
  const out = new Map<string, ImageInfo>();
  const byKey = new Map(addresses.map((a) => [keyOf(a), a]));
  for (const part of chunks([...byKey.keys()])) {
    const rows = await db
      .selectFrom('files')
      .select(['key', 'width', 'height', 'variants'])
      .where('key', 'in', part)
      .execute();
    for (const r of rows)
      out.set(byKey.get(r.key)!, { width: r.width, height: r.height, widths: madeWidths(r.variants) });
  }
  return out;
}

/** The widths an image should have and has not: none when all its sizes are made. */
export const missingWidths = (r: { width: number; variants: string }): number[] => {
  const made = new Set(madeWidths(r.variants));
  return sizeWidthsFor(r.width).filter((w) => !made.has(w));
};

/** A backfill's progress: images done (made or failed) of those that needed sizes when it began. */
export interface BackfillProgress {
  done: number;
  total: number;
  made: number;
  failed: string[];
}

async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Makes the missing WebP sizes of every stored image, two at a time (the decoding limit), recording each image's
 * sizes as soon as they are stored: stopped halfway, a second run carries on, and a run with nothing missing does
 * nothing. An image that cannot be read or decoded is named in `failed` and left as it is. Also records the size as
 * shown (EXIF orientation applied) of images stored before uploads recorded it so.
 */
export async function backfillSizes(
  db: Kysely<Database>,
  store: FileStore,
  maxPixels: number,
  onProgress: (p: BackfillProgress) => void = () => undefined,
): Promise<BackfillProgress> {
  const rows = await db.selectFrom('files').select(['key', 'width', 'height', 'variants']).orderBy('key').execute();
  const todo = rows.filter((r) => missingWidths(r).length > 0);
  const progress: BackfillProgress = { done: 0, total: todo.length, made: 0, failed: [] };
  onProgress(progress);
  await Promise.all(
    todo.map((r) =>
      imageWork(async () => {
        try {
          const file = await store.get(r.key);
          if (!file) throw new Error('missing from the store');
          const data = await readAll(file.body);
          const shown = await checkImage(data, maxPixels);
          const widths = sizeWidthsFor(shown.width);
          const made = new Set(madeWidths(r.variants).filter((w) => widths.includes(w)));
          const sizes = await makeSizes(
            data,
            widths.filter((w) => !made.has(w)),
            maxPixels,
          );
          for (const s of sizes) await store.put(sizeKey(r.key, s.width), s.data, 'image/webp');
          for (const s of sizes) made.add(s.width);
          const variants = [...made].sort((a, b) => a - b).join(',');
          await db
            .updateTable('files')
            .set({ variants, width: shown.width, height: shown.height })
            .where('key', '=', r.key)
            .execute();
          progress.made += sizes.length;
        } catch (err) {
          progress.failed.push(`${r.key}: ${err instanceof Error ? err.message : String(err)}`);
        }
        progress.done++;
        onProgress(progress);
      }),
    ),
  );
  return progress;
}
