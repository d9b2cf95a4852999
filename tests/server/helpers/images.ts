import sharp from 'sharp';
import { storeUpload } from '../../../server/core/files.js';
import type { TestApp } from './app.js';

/** A real image of about `bytes` bytes (noise compresses badly, so size follows pixel count). */
export async function makeImage(format: 'jpeg' | 'png', bytes = 20_000): Promise<Buffer> {
  const side = Math.max(8, Math.round(Math.sqrt(bytes / (format === 'png' ? 3 : 1.2))));
  const px = Buffer.alloc(side * side * 3);
  let seed = bytes;
  for (let i = 0; i < px.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    px[i] = seed >> 16;
  }
  const img = sharp(px, { raw: { width: side, height: side, channels: 3 } });
  return format === 'png' ? img.png({ compressionLevel: 0 }).toBuffer() : img.jpeg({ quality: 100 }).toBuffer();
}

/** Stores an image as a finished upload of `owner` and returns its address. */
export async function storedImage(t: TestApp, owner: string, name = 'photo.jpg'): Promise<string> {
  const stored = await storeUpload(
    t.db,
    t.services.store,
    { owner, originalName: name, data: await makeImage('jpeg', 4000) },
    t.config.imageMaxPixels,
  );
  return stored.address;
}

/**
 * A photo-like JPEG or PNG of exactly `width` × `height` pixels (grey noise); `orientation` sets its EXIF orientation.
 */
export async function makePhoto(
  width: number,
  height: number,
  opts: { format?: 'jpeg' | 'png'; orientation?: number } = {},
): Promise<Buffer> {
  let img = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return opts.format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

/** Width, height and format of an image as decoded (sharp). */
export async function decoded(data: Buffer): Promise<{ width: number; height: number; format: string }> {
  const m = await sharp(data).metadata();
  return { width: m.width ?? 0, height: m.height ?? 0, format: m.format ?? '' };
}

/** A stored file's bytes, or null where the store has none under that key. */
export async function storedBytes(t: TestApp, key: string): Promise<Buffer | null> {
  const found = await t.services.store.get(key);
  if (!found) return null;
  const parts: Buffer[] = [];
  for await (const c of found.body) parts.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(parts);
}
