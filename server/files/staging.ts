import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../config.js';
import type { S3Settings } from './store.js';
import { BucketStaging } from './bucketStaging.js';

/** An upload's id: 32 hex digits, made here, matched in upload addresses, and the staged file's name. */
export const UPLOAD_ID = '[0-9a-f]{32}';
const uploadId = new RegExp(`^${UPLOAD_ID}$`);

/**
 * Where tus keeps uploads in progress, plus reading a finished one whole, and (a folder only) the staged file's path,
 * which a local store links rather than copying.
 */
export type StagingStore = DataStore & { readWhole(id: string): Promise<Buffer>; pathOf?(id: string): string };

/** A new upload id. */
export const newUploadId = (): string => randomBytes(16).toString('hex');

/** Unfinished uploads expire after a day; the sweep deletes them. */
export const STAGING_EXPIRY_MS = 24 * 3600_000;

/** tus's file store. A finished upload is read in one call (uploads are capped, so this is bounded): as a stream
 * of 64 KB pieces, 30 MB took about 100 ms, as long as the image checks. */
class Staging extends FileStore {
  readWhole(id: string): Promise<Buffer> {
    return readFile(this.pathOf(id));
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
