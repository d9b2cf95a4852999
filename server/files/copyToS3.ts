import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { s3Client, type S3Settings } from './store.js';

/** What a stored file's name says it holds (the database's files table is what the server goes by when serving it). */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

export interface FileCopyProgress {
  done: number;
  total: number;
  bytes: number;
  finished: boolean;
}

/**
 * Every file under root, as store keys (Uploads/<name>, Uploads/<name>.thumb.webp, any other size made beside them).
 */
export async function localKeys(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

async function streamSha256(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every file of a local store (DATA_DIR/files) to the bucket under the same key, four at a time, then reads
 * each back and compares its SHA-256 with the local file's; throws naming the first that differs. Copying again
 * overwrites, so a re-run after a failure is safe. Returns the number of files and bytes.
 */
export async function copyFilesToS3(
  root: string,
  s3: S3Settings,
  progress?: (p: FileCopyProgress) => void,
): Promise<{ files: number; bytes: number }> {
  const { PutObjectCommand, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const client = await s3Client(s3);
  try {
    const keys = await localKeys(root);
    let done = 0;
    let bytes = 0;
    let shown = 0;
    const one = async (key: string): Promise<void> => {
      const data = await readFile(join(root, ...key.split('/')));
      const want = sha256(data);
      const type = TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: data, ContentType: type }));
      const back = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      const got = await streamSha256(back.Body as Readable);
      if (got !== want)
        throw new Error(
          `${key} differs in the bucket after upload ` +
            `(SHA-256 ${got.slice(0, 12)}…, the local file's ${want.slice(0, 12)}…)`,
        );
      done += 1;
      bytes += data.length;
      if (performance.now() - shown >= 1000) {
        shown = performance.now();
        progress?.({ done, total: keys.length, bytes, finished: false });
      }
    };
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < keys.length) await one(keys[next++]!);
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    progress?.({ done, total: keys.length, bytes, finished: true });
    return { files: done, bytes };
  } finally {
    client.destroy();
  }
}
