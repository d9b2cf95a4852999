import type { Metadata } from 'sharp';

type Sharp = typeof import('sharp');
let loading: Promise<Sharp> | null = null;
/** sharp, with libvips (about 20 MB of memory), loads with the first image rather than at start. */
export const loadSharp = (): Promise<Sharp> => (loading ??= import('sharp').then((m) => m.default));

/** What the server decided an upload is, from its decoded content (never the client's claim). */
export interface CheckedImage {
  format: 'jpeg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export class ImageRefused extends Error {}

/** Decodes the whole file: only complete, real JPEG and PNG images pass. */
export async function checkImage(data: Buffer): Promise<CheckedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(data, { failOn: 'truncated' }).metadata();
  } catch {
    throw new ImageRefused('This file is not a JPEG or PNG image.');
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw new ImageRefused('Only JPEG and PNG images can be uploaded.');
  try {
    // Decoding every pixel catches truncated and corrupt files that have a valid header.
    await sharp(data, { failOn: 'truncated' }).raw().toBuffer();
  } catch {
    throw new ImageRefused('This image is damaged or incomplete. Please choose the file again.');
  }
  return {
    format: meta.format,
    contentType: meta.format === 'jpeg' ? 'image/jpeg' : 'image/png',
    width: meta.width ?? 0,
    height: meta.height ?? 0,
  };
}

/** A small WebP for lists. */
export async function thumbnail(data: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(data).rotate().resize(160, 160, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
}

/** A file name safe to store: no path, no control characters, only [A-Za-z0-9._-], at most 100 characters, the decoded type's extension. */
export function safeName(original: string, format: 'jpeg' | 'png'): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 96);
  return `${stem || 'image'}.${format === 'jpeg' ? 'jpg' : 'png'}`;
}
