import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema.js';
import { ProductUpdate, type Product } from '../../domain/products.js';
import { productDescription } from '../../domain/productFields.js';
import type { ResourceDescription } from '../../domain/resourceDescription.js';
import { mayUndo, undoChange, type HistoryOwner } from '../../domain/recordHistory.js';
import { DomainError } from './errors.js';
import { getEntry } from './history.js';
import { getProduct, updateProduct } from './products.js';
import { issueSaid, said, type Said } from '../../domain/translate.js';

/**
 * What undoing one of a resource's history entries needs: its description (which fields an undo may set back, and
 * how a recorded change becomes a change of the record), whose entries are its own, how a record is read, the rule an
 * edit's body meets, the resource's own edit, and its refusal of a stale version.
 */
export interface UndoTarget<T extends { version: number }> {
  description: ResourceDescription;
  owner: HistoryOwner;
  read: (db: Kysely<Database>, id: string) => Promise<T>;
  update: z.ZodType;
  save: (db: Kysely<Database>, actor: { uid: string }, id: string, version: number, change: never) => Promise<T>;
  stale: Said;
}

/** Products' undo: 'product' entries, set back through Edit product (its schedule check, its SKU lock). */
export const productUndo: UndoTarget<Product> = {
  description: productDescription,
  owner: { kind: 'product', resource: null },
  read: getProduct,
  update: ProductUpdate,
  save: updateProduct,
  stale: said('products.stale'),
};

/**
 * Sets the fields of one recorded change back to their old values, as an edit from `version` (the If-Match the
 * editor sends): the same rules and the same 409 as an edit, recorded in the history like any edit. Refused for
 * anything but a change of this resource's record (accounts, passwords, language texts, app status, a locked field),
 * and when a field has changed again since, so an undo never silently overwrites a newer change. Translated texts
 * ('name_se') go back as a `translations` change: one that was missing before is cleared. The one undo of products
 * and every described resource.
 */
export async function undoEntry<T extends { version: number }>(
  db: Kysely<Database>,
  target: UndoTarget<T>,
  actor: { uid: string },
  entryId: number,
  version: number,
): Promise<T> {
  const entry = await getEntry(db, entryId);
  if (!mayUndo(target.description, entry, target.owner))
    throw new DomainError(
      'validation',
      target.owner.kind === 'record'
        ? said('history.notUndoableRecord', { resource: target.description.name })
        : said('history.notUndoable'),
    );
  const current = await target.read(db, entry.recordId);
  // Checked against the version the edit will be made from, so the check and the write see the same record.
  if (current.version !== version) throw new DomainError('conflict', target.stale, { current: current.version });
  const change = undoChange(target.description, entry, current as unknown as Record<string, unknown>);
  if (!change) throw new DomainError('conflict', said('history.changedSince'));
  const parsed = target.update.safeParse(change);
  if (!parsed.success)
    throw new DomainError('validation', issueSaid(parsed.error.issues[0]?.message ?? said('history.notUndoable')));
  return target.save(db, actor, entry.recordId, version, parsed.data as never);
}
