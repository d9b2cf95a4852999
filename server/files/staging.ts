import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { Config } from '../config.js';
import type { StagingStore } from '../routes/uploads.js';

/** Unfinished uploads expire after a day; the sweep deletes them. */
export const STAGING_EXPIRY_MS = 24 * 3600_000;

/** Where tus keeps uploads in progress: a folder, or the S3 bucket (so any instance can resume any upload). */
export function stagingStore(config: Config): StagingStore {
  if (config.s3) {
    const s3 = config.s3;
    return new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: STAGING_EXPIRY_MS,
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint ?? undefined,
        forcePathStyle: Boolean(s3.endpoint),
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      },
    });
  }
  return new FileStore({ directory: join(config.dataDir, 'tus'), expirationPeriodInMilliseconds: STAGING_EXPIRY_MS });
}
