import { doc, runTransaction, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase/firestore';
import type { z } from 'zod';
import { BULK_MAX, type AnyBulkRequest, type BulkItem, type BulkResult } from '../../domain/bulk';
import { currentMessages, spoken } from '../shared/locale';
import { FirebaseBackendError } from './errors';
import { fingerprint } from './documents';

/** What a bulk change over Firestore needs of a collection: how it names a record, and a record's writes. */
export interface FirestoreBulkTarget {
  collection: string;
  /** The set's rule (at least one field, each by its field's rule). */
  set: z.ZodType;
  /** The outcome's key a record is named under ('sku' for a product) and the value. */
  labelKey: 'sku' | 'label';
  labelOf: (data: Record<string, unknown>) => string | undefined;
  /** The most records one transaction changes (Firestore's 500 writes: fewer where each writes a history entry too). */
  perTransaction: number;
  /**
   * The writes of one record's change, in the transaction; answers the version (fingerprint) it has after, where it
   * is known before the commit (not where the server's clock stamps the change).
   */
  write: (tx: Transaction, snap: DocumentSnapshot, values: Record<string, unknown>) => number | undefined;
  /** A record gone: why it is refused. */
  notFound: string;
}

/**
 * The engine's bulk change over Firestore: the values set on each record in transactions of `perTransaction`, each
 * record only when its content is still what was selected (its fingerprint, the version this back end gives), checked
 * inside the transaction; one already so is unchanged. No batch id: without the server's history there is no Undo of
 * the whole change (docs/firebase.md).
 */
export async function bulkOverFirestore(
  db: Firestore,
  t: FirestoreBulkTarget,
  req: AnyBulkRequest,
): Promise<BulkResult> {
  const m = currentMessages();
  const set = t.set.safeParse(req.set);
  if (!set.success)
    throw new FirebaseBackendError(400, 'validation', spoken(set.error.issues[0]?.message ?? m.errors.validation));
  if (req.ids.length === 0 || req.ids.length > BULK_MAX || new Set(req.ids).size !== req.ids.length)
    throw new FirebaseBackendError(400, 'validation', m.bulk.duplicateIds);
  const values = Object.fromEntries(
    Object.entries(set.data as Record<string, unknown>).filter(([, v]) => v !== undefined),
  );
  const fields = Object.keys(values);
  const items: BulkItem[] = [];
  for (let i = 0; i < req.ids.length; i += t.perTransaction) {
    const part = req.ids.slice(i, i + t.perTransaction);
    const done = await runTransaction(db, async (tx) => {
      const snaps = await Promise.all(part.map((id) => tx.get(doc(db, t.collection, id))));
      return snaps.map((snap): BulkItem => {
        if (!snap.exists()) return { id: snap.id, outcome: 'refused', reason: t.notFound };
        const data = snap.data();
        const named = { [t.labelKey]: t.labelOf(data) };
        const version = fingerprint(data);
        if (version !== req.versions[snap.id])
          return { id: snap.id, ...named, outcome: 'conflict', version, reason: m.bulk.conflict };
        if (fields.every((f) => JSON.stringify(data[f]) === JSON.stringify(values[f])))
          return { id: snap.id, ...named, outcome: 'unchanged', version };
        const after = t.write(tx, snap, values);
        return { id: snap.id, ...named, outcome: 'changed', ...(after === undefined ? {} : { version: after }) };
      });
    });
    items.push(...done);
  }
  const counts = { changed: 0, unchanged: 0, conflict: 0, refused: 0 };
  for (const it of items) counts[it.outcome] += 1;
  // No batch: without a history there is nothing to undo, so the dialog offers no Undo (BulkRun needs a batch).
  return { items, counts };
}
