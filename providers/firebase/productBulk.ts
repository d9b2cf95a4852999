import {
  collection,
  getDocs,
  limit,
  orderBy,
  query,
  where,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import {
  BULK_BATCH,
  BULK_MAX,
  BulkSet,
  type BulkRequest,
  type BulkResult,
  type ProductIds,
} from '../../domain/productBulk';
import { currentMessages } from '../shared/locale';
import { notAvailable } from './errors';
import { fingerprint } from './documents';
import { bulkOverFirestore } from './bulk';

const PRODUCTS = 'products';

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

    /** Sets the values on each product (the engine's, bulk.ts): one write each, so BULK_BATCH a transaction. */
    bulkProducts: (req: BulkRequest): Promise<BulkResult> =>
      bulkOverFirestore(
        db,
        {
          collection: PRODUCTS,
          set: BulkSet,
          labelKey: 'sku',
          labelOf: (data) => (typeof data.sku === 'string' ? data.sku : undefined),
          perTransaction: BULK_BATCH,
          write: (tx, snap, values) => {
            tx.update(snap.ref, values);
            return fingerprint({ ...snap.data(), ...values });
          },
          notFound: currentMessages().bulk.notFound,
        },
        req,
      ),
  };
}
