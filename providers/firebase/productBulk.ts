import {
  collection,
  doc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  where,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import {
  BULK_BATCH,
  BULK_MAX,
  BulkSet,
  type BulkItem,
  type BulkRequest,
  type BulkResult,
  type ProductIds,
} from '../../domain/productBulk';
import { currentMessages, spoken } from '../shared/locale';
import { FirebaseBackendError, notAvailable } from './errors';
import { fingerprint } from './documents';

const PRODUCTS = 'products';
/** The fields a bulk edit sets (domain/productBulk.ts: the specification's status, category and care). */
const FIELDS = Object.keys(BulkSet.shape) as (keyof BulkSet)[];

/** The bulk edit of the products list over Firestore: no history is kept there, so a batch has no Undo (README). */
export function bulkCalls(db: Firestore) {
  return {
    /** 'Select all N matching': the list's category and status filters, sku descending, up to BULK_MAX documents. */
    productIds: async (filter: Record<string, unknown>): Promise<ProductIds> => {
      const { category, active, ...rest } = filter;
      // As the list: no partial-name search, no 'missing' filter in Firestore (products.ts).
      if (Object.values(rest).some((v) => v !== undefined && v !== '')) throw notAvailable();
      const narrow: QueryConstraint[] = [];
      if (typeof category === 'string' && category) narrow.push(where('category', '==', category));
      if (typeof active === 'boolean') narrow.push(where('active', '==', active));
      const snap = await getDocs(
        query(collection(db, PRODUCTS), ...narrow, orderBy('sku', 'desc'), limit(BULK_MAX + 1)),
      );
      const items = snap.docs.slice(0, BULK_MAX).map((d) => ({ id: d.id, version: fingerprint(d.data()) }));
      return { items, more: snap.size > BULK_MAX };
    },

    /**
     * Sets the values on each product in transactions of at most BULK_BATCH writes, each product only when its content
     * is still what was selected (its fingerprint, the version this back end gives), checked inside the transaction.
     * The answer has no batch id (none to continue or undo).
     */
    bulkProducts: async (req: BulkRequest): Promise<BulkResult> => {
      const m = currentMessages();
      const set = BulkSet.safeParse(req.set);
      if (!set.success)
        throw new FirebaseBackendError(400, 'validation', spoken(set.error.issues[0]?.message ?? m.errors.validation));
      if (req.ids.length === 0 || req.ids.length > BULK_MAX || new Set(req.ids).size !== req.ids.length) {
        throw new FirebaseBackendError(400, 'validation', m.bulk.duplicateIds);
      }
      const fields = FIELDS.filter((f) => set.data[f] !== undefined);
      const values = Object.fromEntries(fields.map((f) => [f, set.data[f]]));
      const items: BulkItem[] = [];
      for (let i = 0; i < req.ids.length; i += BULK_BATCH) {
        const part = req.ids.slice(i, i + BULK_BATCH);
        const done = await runTransaction(db, async (tx) => {
          const snaps = await Promise.all(part.map((id) => tx.get(doc(db, PRODUCTS, id))));
          return snaps.map((snap): BulkItem => {
            if (!snap.exists()) return { id: snap.id, outcome: 'refused', reason: m.bulk.notFound };
            const data = snap.data();
            const sku = typeof data.sku === 'string' ? data.sku : undefined;
            const version = fingerprint(data);
            if (version !== req.versions[snap.id])
              return { id: snap.id, sku, outcome: 'conflict', version, reason: m.bulk.conflict };
            if (fields.every((f) => data[f] === values[f])) return { id: snap.id, sku, outcome: 'unchanged', version };
            tx.update(snap.ref, values);
            return { id: snap.id, sku, outcome: 'changed', version: fingerprint({ ...data, ...values }) };
          });
        });
        items.push(...done);
      }
      const counts = { changed: 0, unchanged: 0, conflict: 0, refused: 0 };
      for (const it of items) counts[it.outcome] += 1;
      // No batch: without a history there is nothing to undo, so the dialog offers no Undo (BulkRun needs a batch).
      return { items, counts };
    },
  };
}
