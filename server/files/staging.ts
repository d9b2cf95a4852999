import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Config } from '../config.js';
import type { StagingStore } from '../routes/uploads.js';

/** Unfinished uploads expire after a day; the sweep deletes them. */
export const STAGING_EXPIRY_MS = 24 * 3600_000;

/** Where tus keeps uploads in progress: a folder under DATA_DIR, whatever the final store (see docs/decisions.md). */
export function stagingStore(config: Config): StagingStore {
  return new FileStore({ directory: join(config.dataDir, 'tus'), expirationPeriodInMilliseconds: STAGING_EXPIRY_MS });
}
