import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ResourceDescription } from '../../domain/resourceDescription.js';
import { productEdit } from './products.js';
import { versionedDelete } from './versionedUpdate.js';

/**
 * Deletes a product by the engine's one delete (versionedDelete, as a described resource's record): only if nobody
 * saved since `version`, only when no record of a described resource points to it, its history entry keeping every
 * value it had (Activity names it by its SKU), announced as an update is (webhooks, the live lists, the storefront's
 * caches); its images are left to the sweep. Only reached when the products' description has `access.delete`
 * (routes/products.ts).
 */
export const deleteProduct = (
  db: Kysely<Database>,
  all: readonly ResourceDescription[],
  actor: { uid: string },
  id: string,
  version: number,
): Promise<void> => versionedDelete(db, productEdit, all, actor, id, version);
