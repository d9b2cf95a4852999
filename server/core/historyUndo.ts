import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ProductUpdate, type Product } from '../../domain/products.js';
import { UNDOABLE_PRODUCT_FIELDS } from '../../domain/history.js';
import { messages } from '../../domain/messages.js';
import { DomainError } from './errors.js';
import { getEntry } from './history.js';
import { getProduct, updateProduct } from './products.js';

const undoable = new Set<string>(UNDOABLE_PRODUCT_FIELDS);

/**
 * Sets the fields of one product change back to their old values, as an edit from `version` (the If-Match the
 * editor sends): the same rules and the same 409 as an edit, recorded in the history like any edit. Refused for
 * anything but a product's field change (accounts, passwords, language texts, app status), and when a field has
 * changed again since, so an undo never silently overwrites a newer change.
 */
export async function undoEntry(db: Kysely<Database>, actor: { uid: string }, entryId: number, version: number): Promise<Product> {
  const entry = await getEntry(db, entryId);
  const fields = Object.keys(entry.diff);
  if (entry.kind !== 'product' || entry.action !== 'changed' || fields.length === 0 || !fields.every((f) => undoable.has(f))) {
    throw new DomainError('validation', messages.history.notUndoable);
  }
  const product = await getProduct(db, entry.recordId);
  // Checked against the version the edit will be made from, so the check and the write see the same product.
  if (product.version !== version) throw new DomainError('conflict', messages.products.stale, { current: product.version });
  const current = product as unknown as Record<string, unknown>;
  const changedSince = fields.some((f) => JSON.stringify(current[f]) !== JSON.stringify(entry.diff[f]![1]));
  if (changedSince) throw new DomainError('conflict', messages.history.changedSince);
  const parsed = ProductUpdate.safeParse(Object.fromEntries(fields.map((f) => [f, entry.diff[f]![0]])));
  if (!parsed.success) throw new DomainError('validation', parsed.error.issues[0]?.message ?? messages.history.notUndoable);
  return updateProduct(db, actor, entry.recordId, version, parsed.data);
}
