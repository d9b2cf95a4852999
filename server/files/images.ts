import type { Metadata } from 'sharp';
import { said, textOf, type Said } from '../../domain/translate.js';

type Sharp = typeof import('sharp');
let loading: Promise<Sharp> | null = null;
/** sharp, with libvips (about 20 MB of memory), loads with the first image rather than at start. */
export const loadSharp = (): Promise<Sharp> =>
  (loading ??= import('sharp').then((m) => {
    // No cache of decoded images between uploads: each is decoded once, and memory goes back after it.
    m.default.cache(false);
    return m.default;
  }));

/** What the server decided an upload is, from its decoded content (never the client's claim). */
export interface CheckedImage {
  format: 'jpeg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export class ImageRefused extends Error {
  constructor(public readonly said: Said) {
    super(textOf(said, 'en'));
  }
}

/** Reads only the header: a JPEG or PNG of at most maxPixels pixels passes; nothing is decoded yet. */
export async function checkImage(data: Buffer, maxPixels: number): Promise<CheckedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(data).metadata();
  } catch {
    throw new ImageRefused(said('uploads.notImage'));
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw new ImageRefused(said('uploads.onlyJpegPng'));
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  // A small file can declare gigapixels (a decompression bomb): refused before a single pixel is decoded.
  if (width * height > maxPixels) throw new ImageRefused(said('uploads.tooManyPixels', { max: maxPixels / 1_000_000 }));
  // The size as shown (EXIF orientation applied: a phone's portrait photo is often stored on its side), which is
  // what a shop page's srcset and the sizes' widths go by.
  const shown = meta.autoOrient ?? { width, height };
  return {
    format: meta.format,
    contentType: meta.format === 'jpeg' ? 'image/jpeg' : 'image/png',
    width: shown.width,
    height: shown.height,
  };
}

/**
 * A small WebP for lists. Making it decodes every pixel, top to bottom in strips rather than the whole image at
 * once, so it is also the check that catches truncated files behind a valid header.
 */
export async function thumbnail(data: Buffer, maxPixels: number): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(data, { failOn: 'truncated', limitInputPixels: maxPixels, sequentialRead: true })
      .rotate()
      .resize(160, 160, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    throw new ImageRefused(said('uploads.damaged'));
  }
}

/** The widths of the WebP sizes a storefront serves (docs/decisions.md, 'Image sizes'). */
export const SIZE_WIDTHS = [400, 800, 1600] as const;

/**
 * WebP quality and effort of the sizes (docs/decisions.md, 'Image sizes'): effort 2 encodes 2–3× faster than 4 for 4 %
 * more bytes.
 */
const SIZE_WEBP = { quality: 80, effort: 2 } as const;

/** The sizes an image `width` pixels wide (as shown) gets: each width strictly below its own, never an enlargement. */
export const sizeWidthsFor = (width: number): number[] => SIZE_WIDTHS.filter((w) => w < width);

/**
 * WebP copies of an image at each of `widths` (as shown, EXIF orientation applied). The image is decoded once, to the
 * largest width (a JPEG shrinks while it decodes), and the smaller ones are made from those pixels.
 */
export async function makeSizes(
  data: Buffer,
  widths: readonly number[],
  maxPixels: number,
): Promise<Array<{ width: number; data: Buffer }>> {
  if (widths.length === 0) return [];
  const sharp = await loadSharp();
  const largest = Math.max(...widths);
  try {
    const { data: px, info } = await sharp(data, {
      failOn: 'truncated',
      limitInputPixels: maxPixels,
      sequentialRead: true,
    })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const out: Array<{ width: number; data: Buffer }> = [];
    for (const width of [...widths].sort((a, b) => b - a)) {
      out.push({ width, data: await sharp(px, { raw }).resize({ width }).webp(SIZE_WEBP).toBuffer() });
    }
    return out;
  } catch {
    throw new ImageRefused(said('uploads.damaged'));
  }
}

/** Longest stem kept of an uploaded file's name, so every stored name (and its thumbnail's) stays addressable. */
export const STEM_MAX = 60;

/**
 * A file name safe to store: no path, no control characters, only [A-Za-z0-9._-], a stem of at most STEM_MAX
 * characters, the decoded type's extension.
 */
export function safeName(original: string, format: 'jpeg' | 'png'): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, STEM_MAX)
    .replace(/[._]+$/, '');
  return `${stem || 'image'}.${format === 'jpeg' ? 'jpg' : 'png'}`;
}
