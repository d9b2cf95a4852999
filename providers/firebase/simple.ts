import {
  addDoc,
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  where,
  type Firestore,
} from 'firebase/firestore';
import type { GetListResult } from 'react-admin';
import type { z } from 'zod';
import { COLUMN_OF, type FieldDescription, type RecordsDescription } from '../../domain/records';
import { schemasOf } from '../../domain/recordSchemas';
import { currentMessages, spoken } from '../shared/locale';
import { conflict, FirebaseBackendError, notAvailable, notFound } from './errors';
import type { Pager } from './pages';
import { fingerprint, isoOf } from './records';

// Every simple resource (resources/<name>/description.ts) over Firestore, from its description alone: the collection
// of its name, its list in the description's order with 'More', the exact search, add and edit with the conflict check.
// Its rules block in firebase/firestore.rules is generated from the same description (npm run resources).

type Data = Record<string, unknown>;
export type SimpleRecord = Data & { id: string; version: number; created: string; updated: string | null };

/** A document as the screens' record: each field by its kind (a missing or odd value as its kind's empty one). */
export function toSimpleRecord(d: RecordsDescription, id: string, data: Data): SimpleRecord {
  const out: SimpleRecord = {
    id,
    version: fingerprint(data),
    created: isoOf(data.created) ?? '',
    updated: isoOf(data.updated),
  };
  for (const [k, f] of Object.entries(d.fields) as [string, FieldDescription][]) {
    const v = data[k];
    const column = COLUMN_OF[f.kind];
    out[k] =
      column === 'boolean'
        ? v === true
        : column === 'integer'
          ? typeof v === 'number'
            ? v
            : 0
          : typeof v === 'string'
            ? v
            : '';
  }
  return out;
}

/** The values as the server's own rule takes them (domain/recordSchemas.ts), else a 400 naming the first bad field. */
function checked(schema: z.ZodType, data: Data): Data {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data as Data;
  const issue = parsed.error.issues[0];
  throw new FirebaseBackendError(
    400,
    'validation',
    issue ? spoken(issue.message) : currentMessages().errors.validation,
  );
}

/** The calls of one simple resource. */
export function simpleCalls(db: Firestore, page: Pager, d: RecordsDescription) {
  const schemas = schemasOf(d);
  const fields = Object.entries(d.fields) as [string, FieldDescription][];
  const toRecord = (id: string, data: Data) => toSimpleRecord(d, id, data);
  /** Only the described fields (a form's record also holds id, version and times). */
  const described = (data: Data): Data =>
    Object.fromEntries(fields.filter(([k]) => data[k] !== undefined).map(([k]) => [k, data[k]]));

  const one = async (id: string): Promise<SimpleRecord> => {
    const snap = await getDoc(doc(db, d.name, id));
    if (!snap.exists()) throw notFound();
    return toRecord(snap.id, snap.data());
  };

  /**
   * Firestore has no unique index: this check narrows the window for a second record with one value, it cannot close
   * it.
   */
  const assertUnique = async (values: Data, except?: string): Promise<void> => {
    for (const [k, f] of fields) {
      if (!f.unique || values[k] === undefined) continue;
      const hits = await getDocs(query(collection(db, d.name), where(k, '==', values[k]), limit(2)));
      if (hits.docs.some((h) => h.id !== except))
        throw new FirebaseBackendError(409, 'conflict', currentMessages().records.duplicate);
    }
  };

  return {
    one,

    /** The list in the description's order (then the document id), 10 a page; the exact search is `field == term`. */
    list: async (filter: Data, perPage: number, after: unknown): Promise<GetListResult<SimpleRecord>> => {
      const { [d.search]: term, ...rest } = filter;
      if (Object.values(rest).some((v) => v !== undefined && v !== '')) throw notAvailable();
      if (typeof term === 'string')
        return page(d.name, [where(d.search, '==', term.trim()), limit(1)], perPage, undefined, toRecord);
      return page(d.name, [orderBy(d.sort.field, d.sort.order)], perPage, after, toRecord);
    },

    create: async (data: Data): Promise<SimpleRecord> => {
      const values = checked(schemas.create, described(data));
      await assertUnique(values);
      const ref = await addDoc(collection(db, d.name), { ...values, created: serverTimestamp() });
      return one(ref.id);
    },

    /**
     * Edit: in one transaction, read the document, refuse with the stale message (409) unless its content is still
     * what the form was loaded from (previousData.version), refuse a locked field's change, then write the fields.
     */
    update: async (id: string, data: Data, previous: unknown): Promise<SimpleRecord> => {
      const version = previous && typeof previous === 'object' && 'version' in previous ? previous.version : undefined;
      const values = checked(schemas.update, described(data));
      await assertUnique(values, id);
      await runTransaction(db, async (tx) => {
        const snap = await tx.get(doc(db, d.name, id));
        if (!snap.exists()) throw notFound();
        const m = currentMessages();
        if (typeof version === 'number' && fingerprint(snap.data()) !== version) throw conflict(m.records.stale);
        const current = toRecord(id, snap.data());
        for (const [k, f] of fields) {
          if (f.locked && values[k] !== undefined && values[k] !== current[k])
            throw new FirebaseBackendError(400, 'validation', m.records.locked);
        }
        tx.update(snap.ref, { ...values, updated: serverTimestamp() });
      });
      return one(id);
    },
  };
}
