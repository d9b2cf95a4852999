import { addDoc, collection, doc, getDoc, getDocs, limit, orderBy, query, runTransaction, where, type Firestore, type QueryConstraint } from 'firebase/firestore';
import type { GetListResult } from 'react-admin';
import type { Product } from '../../domain/products';
import { PRODUCT_FIELDS } from '../../domain/productFields';
import { currentMessages } from '../../src/locale';
import { conflict, FirebaseBackendError, notAvailable, notFound } from './errors';
import type { Pager } from './pages';
import { fingerprint, toProduct } from './records';

type Data = Record<string, unknown>;
const PRODUCTS = 'products';

/** The product fields a form may write (spec §3); anything else the screens send (id, version, thumbnails) is left out. */
function fieldsOf(data: Data): Data {
  const out: Data = {};
  for (const f of PRODUCT_FIELDS) if (f.kind !== 'images' && f.key in data) out[f.column] = data[f.key];
  if (Array.isArray(data.images)) {
    out.images = data.images;
    // The primary image is the first one (spec §3: the address of the first image).
    out.primary = typeof data.images[0] === 'string' ? data.images[0] : null;
  }
  return out;
}

/** The products calls of spec §7 over Firestore. */
export function productCalls(db: Firestore, page: Pager) {
  const one = async (id: string): Promise<Product> => {
    const snap = await getDoc(doc(db, PRODUCTS, id));
    if (!snap.exists()) throw notFound();
    return toProduct(snap.id, snap.data());
  };

  return {
    one,

    /** The list by sku descending, 10 a page (spec §7); the exact SKU search is where sku == text, limit 1. */
    list: async (filter: Data, perPage: number, after: unknown): Promise<GetListResult<Product>> => {
      const { sku, category, active, ...rest } = filter;
      // Partial-name search needs a text index Firestore does not have (README, Firebase: what is not available).
      if (Object.keys(rest).some((k) => rest[k] !== undefined && rest[k] !== '')) throw notAvailable();
      if (typeof sku === 'string') return page(PRODUCTS, [where('sku', '==', sku)], perPage, undefined, toProduct);
      const narrow: QueryConstraint[] = [];
      if (typeof category === 'string' && category) narrow.push(where('category', '==', category));
      if (typeof active === 'boolean') narrow.push(where('active', '==', active));
      return page(PRODUCTS, [...narrow, orderBy('sku', 'desc')], perPage, after, toProduct);
    },

    /** Add product: the form fields plus images and primary (spec §7); the caller then opens the new id's edit page. */
    create: async (data: Data): Promise<Product> => {
      const fields = fieldsOf(data);
      const sku = typeof fields.sku === 'string' ? fields.sku : '';
      // Firestore has no unique index: this check narrows the window for a second product with one SKU, it cannot close it.
      const taken = await getDocs(query(collection(db, PRODUCTS), where('sku', '==', sku), limit(1)));
      if (!taken.empty) throw new FirebaseBackendError(409, 'conflict', currentMessages().products.duplicateSku);
      const ref = await addDoc(collection(db, PRODUCTS), fields);
      return one(ref.id);
    },

    /**
     * Edit product: in one transaction, read products/{id}, refuse with the stale message (409) unless its content is
     * still what the form was loaded from (previousData.version), then update the fields; then read it again (spec §7).
     */
    update: async (id: string, data: Data, previous: unknown): Promise<Product> => {
      const version = previous && typeof previous === 'object' && 'version' in previous ? previous.version : undefined;
      const { sku: _locked, ...fields } = fieldsOf(data);
      await runTransaction(db, async (tx) => {
        const snap = await tx.get(doc(db, PRODUCTS, id));
        if (!snap.exists()) throw notFound();
        if (typeof version === 'number' && fingerprint(snap.data()) !== version) throw conflict(currentMessages().products.stale);
        tx.update(snap.ref, fields);
      });
      return one(id);
    },
  };
}
