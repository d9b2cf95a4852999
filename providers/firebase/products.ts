import {
  addDoc,
  collection,
  deleteField,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  where,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { GetListResult } from 'react-admin';
import type { Product } from '../../domain/products';
import {
  productDescription,
  TRANSLATED_FIELDS,
  translatedFieldLabel,
  TranslationsIn,
  type Translations,
} from '../../domain/productFields';
import { fieldsOfResource, mergeTexts, type ResourceDescription } from '../../domain/resourceDescription';
import { productDocumentKeys, readTranslations } from '../../domain/resourceDocument';
import { schemasOf } from '../../domain/recordSchemas';
import { currentMessages, spoken } from '../shared/locale';
import { format } from '../../domain/messages';
import { conflict, FirebaseBackendError, notAvailable, notFound } from './errors';
import type { Pager } from './pages';
import { withoutAddedEmpties, writtenValues } from './described';
import { fingerprint, toProduct } from './documents';

type Data = Record<string, unknown>;
const PRODUCTS = 'products';

/**
 * The products a list narrowed by category and status holds, as Firestore selects them: the list and the dashboard's
 * counts (dashboard.ts) read the same selection, so a figure is the rows its link opens.
 */
export function productsNarrowed(filter: { category?: unknown; active?: unknown }): QueryConstraint[] {
  const narrow: QueryConstraint[] = [];
  if (typeof filter.category === 'string' && filter.category) narrow.push(where('category', '==', filter.category));
  if (typeof filter.active === 'boolean') narrow.push(where('active', '==', filter.active));
  return narrow;
}

/**
 * The described fields a form may write (`d`, the products' description), each checked and normalised by its kind's
 * rule (domain/fieldKinds.ts) as the server's are, else a 400 with the rule's words, by the writer every described
 * resource's fields go through (writtenValues); on an edit (`editing`) a locked field is left out (the SKU never
 * changes). The images as given, with the primary image (the first one); the translations are merged below.
 */
function fieldsOf(d: ResourceDescription, data: Data, editing = false): Data {
  const locked = editing ? fieldsOfResource(d).flatMap(([k, f]) => (f.locked ? [k] : [])) : [];
  const out = writtenValues(d, schemasOf(d).update, data, ['images', 'translations', ...locked]);
  if (Array.isArray(data.images)) {
    out.images = data.images;
    out.primary = typeof data.images[0] === 'string' ? data.images[0] : null;
  }
  return out;
}

/**
 * `translations` as add and edit take it ({ se: { name, details } }, each optional), checked by the server's own rule
 * (TranslationsIn: only the catalogue's other languages and the translatable fields, the text rule, a one-line name of
 * at most 200 characters, details of at most 5000; trimmed and NFC), else a 400 naming the field. Undefined when the
 * data has none (an edit then keeps them all).
 */
function translationsIn(data: Data): Translations | undefined {
  if (data.translations === undefined) return undefined;
  const parsed = TranslationsIn.safeParse(data.translations);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const at = TRANSLATED_FIELDS.find((tf) => issue?.path[0] === tf.lang && issue.path[1] === tf.field.key);
  const m = currentMessages();
  throw new FirebaseBackendError(
    400,
    'validation',
    at && issue ? `${translatedFieldLabel(at, m)}: ${spoken(issue.message)}` : m.errors.validation,
  );
}

/**
 * The products calls (list by SKU, exact SKU search, get, add, update) over Firestore, each field read and written as
 * the products' description (`d`) says.
 */
export function productCalls(db: Firestore, page: Pager, d: ResourceDescription = productDescription) {
  // The keys a product document may hold (the rules' hasOnly).
  const kept = new Set(productDocumentKeys(d));
  const toRecord = (id: string, data: Data): Product => toProduct(id, data, d);
  const one = async (id: string): Promise<Product> => {
    const snap = await getDoc(doc(db, PRODUCTS, id));
    if (!snap.exists()) throw notFound();
    return toRecord(snap.id, snap.data());
  };

  return {
    one,

    /** The list by sku descending, 10 a page; the exact SKU search is where sku == text, limit 1. */
    list: async (filter: Data, perPage: number, after: unknown): Promise<GetListResult<Product>> => {
      const { sku, category, active, missing, ...rest } = filter;
      // 'Swedish missing' would have to find documents with no translations field at all, and a Firestore query never
      // matches a field that is absent (docs/firebase.md: what is not available).
      if (missing !== undefined && missing !== '') throw notAvailable();
      // Partial-name search needs a text index Firestore does not have (same place).
      if (Object.keys(rest).some((k) => rest[k] !== undefined && rest[k] !== '')) throw notAvailable();
      if (typeof sku === 'string') return page(PRODUCTS, [where('sku', '==', sku)], perPage, undefined, toRecord);
      return page(
        PRODUCTS,
        [...productsNarrowed({ category, active }), orderBy('sku', 'desc')],
        perPage,
        after,
        toRecord,
      );
    },

    /**
     * Add product: the form fields plus images and primary, and the translations written (none: no field);
     * the caller then opens the new id's edit page.
     */
    create: async (data: Data): Promise<Product> => {
      const translations = mergeTexts({}, translationsIn(data));
      const fields = Object.keys(translations).length > 0 ? { ...fieldsOf(d, data), translations } : fieldsOf(d, data);
      const sku = typeof fields.sku === 'string' ? fields.sku : '';
      // Firestore has no unique index: this check narrows the window for a second product with one SKU, it cannot close
      // it.
      const taken = await getDocs(query(collection(db, PRODUCTS), where('sku', '==', sku), limit(1)));
      if (!taken.empty) throw new FirebaseBackendError(409, 'conflict', currentMessages().products.duplicateSku);
      const ref = await addDoc(collection(db, PRODUCTS), fields);
      return one(ref.id);
    },

    /**
     * Edit product: in one transaction, read products/{id}, refuse with the stale message (409) unless its content is
     * still what the form was loaded from (previousData.version), then update the fields; then read it again.
     * Translations given are laid over the ones read in the same transaction as our server does (a text given
     * replaces, '' clears, one left out stays) and the whole map is written back, or the field deleted when nothing is
     * left. Field paths (translations.se.name, deleteField for '') would leave empty maps behind and keep whatever odd
     * entries another client wrote, which the rules then refuse; the document is read here anyway.
     */
    update: async (id: string, data: Data, previous: unknown): Promise<Product> => {
      const version = previous && typeof previous === 'object' && 'version' in previous ? previous.version : undefined;
      const fields = fieldsOf(d, data, true);
      const changes = translationsIn(data);
      await runTransaction(db, async (tx) => {
        const snap = await tx.get(doc(db, PRODUCTS, id));
        if (!snap.exists()) throw notFound();
        if (typeof version === 'number' && fingerprint(snap.data()) !== version)
          throw conflict(currentMessages().products.stale);
        // The rules take only the described keys (firebase/firestore.rules): one another client added is named here,
        // not refused there with a bare 'permission denied', and not deleted with its data.
        const foreign = Object.keys(snap.data())
          .filter((key) => !kept.has(key))
          .sort();
        if (foreign.length > 0)
          throw new FirebaseBackendError(
            400,
            'unknown_fields',
            format(currentMessages().firebase.unknownFields, { fields: foreign.join(', ') }),
          );
        if (changes) {
          const merged = mergeTexts(readTranslations(d, snap.get('translations')), changes);
          fields.translations = Object.keys(merged).length > 0 ? merged : deleteField();
        }
        tx.update(snap.ref, withoutAddedEmpties(d, fields, snap.data()));
      });
      return one(id);
    },
  };
}
