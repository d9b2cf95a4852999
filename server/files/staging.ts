import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../config.js';
import type { S3Settings } from './store.js';
import { BucketStaging } from './bucketStaging.js';
import type { FinishedUpload } from './finished.js';

export type { FinishedUpload };

/** An upload's id: 32 hex digits, made here, matched in upload addresses, and the staged file's name. */
export const UPLOAD_ID = '[0-9a-f]{32}';
const uploadId = new RegExp(`^${UPLOAD_ID}$`);

/**
 * Where tus keeps uploads in progress, plus reading a finished one whole, noting it finished (`settle`: the note, then
 * its bytes removed), and (a folder only) the staged file's path, which a local store links rather than copying.
 */
export type StagingStore = DataStore & {
  readWhole(id: string): Promise<Buffer>;
  settle(id: string, done: FinishedUpload): Promise<void>;
  finished(id: string): Promise<FinishedUpload | null>;
  pathOf?(id: string): string;
};

/** A new upload id. */
export const newUploadId = (): string => randomBytes(16).toString('hex');

/** Unfinished uploads expire after a day; the sweep deletes them. */
export const STAGING_EXPIRY_MS = 24 * 3600_000;

/** tus's file store. A finished upload is read in one call (uploads are capped, so this is bounded): as a stream
 * of 64 KB pieces, 30 MB took about 100 ms, as long as the image checks. PATCHes that overlap (one cut short that
 * stores its bytes late, a re-sent one) write the same bytes at the same places of the one file: nothing to guard. */
class Staging extends FileStore {
  readWhole(id: string): Promise<Buffer> {
    return readFile(this.pathOf(id));
  }

  private donePath(id: string): string {
    return `${this.pathOf(id)}.done`;
  }

  async settle(id: string, done: FinishedUpload): Promise<void> {
    await writeFile(this.donePath(id), JSON.stringify(done));
    await this.remove(id);
  }

  async finished(id: string): Promise<FinishedUpload | null> {
    const raw = await readFile(this.donePath(id), 'utf8').catch(() => null);
    return raw === null ? null : (JSON.parse(raw) as FinishedUpload);
  }

  /** tus's sweep of unfinished uploads, and the notes of finished ones past the expiry. */
  override async deleteExpired(): Promise<number> {
    const removed = await super.deleteExpired();
    const before = Date.now() - STAGING_EXPIRY_MS;
    const names = await readdir(this.directory).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.done'))) {
      const path = join(this.directory, name);
      const at = await stat(path).catch(() => null);
      if (at && at.mtimeMs < before) await rm(path, { force: true });
    }
    return removed;
  }

  /** The staged file of an upload (a local store links it rather than copying it). */
  pathOf(id: string): string {
    // Only ids made by newUploadId ever reach here; anything else is a bug, not a path.
    if (!uploadId.test(id)) throw new Error(`Not an upload id: ${id}`);
    return join(this.directory, id);
  }
}

/**
 * Where tus keeps uploads in progress without S3: a folder under DATA_DIR. With S3 configured they live in the bucket
 * (s3Staging), so any instance continues any upload and nothing is sticky (docs/decisions.md, "Uploads in progress in
 * the bucket").
 */
export function localStaging(config: Config): StagingStore {
  return new Staging({ directory: join(config.dataDir, 'tus'), expirationPeriodInMilliseconds: STAGING_EXPIRY_MS });
}

/** The bucket's staging (S3 configured): see localStaging. */
export function s3Staging(s3: S3Settings): StagingStore {
  return new BucketStaging(s3, STAGING_EXPIRY_MS);
}
