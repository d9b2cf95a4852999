import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  startAfter,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { GetListResult, RaRecord } from 'react-admin';
import { guarded } from './errors';

type Data = Record<string, unknown>;

/**
 * Cursor pages over a Firestore query: each page starts after the last document of the one before
 * (startAfter with that document). The cursor the screens carry (meta.after, answered as meta.next) is that document's
 * id; the snapshot is kept here, so 'More' costs no extra read unless the page was loaded before a reload.
 */
export function createPager(db: Firestore) {
  const seen = new Map<string, DocumentSnapshot<DocumentData>>();

  const lastOf = async (path: string, after: string): Promise<DocumentSnapshot<DocumentData>> => {
    const key = `${path}/${after}`;
    const known = seen.get(key);
    if (known) return known;
    return guarded(() => getDoc(doc(db, path, after)));
  };

  /**
   * One page of `path` under `constraints` (filters and order); one document more is read to know if a next page
   * exists.
   */
  return async function page<R extends RaRecord>(
    path: string,
    constraints: QueryConstraint[],
    perPage: number,
    after: unknown,
    toRecord: (id: string, d: Data) => R,
  ): Promise<GetListResult<R>> {
    const from = typeof after === 'string' && after !== '' ? [startAfter(await lastOf(path, after))] : [];
    const snap = await guarded(() => getDocs(query(collection(db, path), ...constraints, ...from, limit(perPage + 1))));
    const docs = snap.docs.slice(0, perPage);
    const last = docs.at(-1);
    const next = snap.docs.length > perPage && last ? last.id : null;
    if (last && next) seen.set(`${path}/${last.id}`, last);
    return {
      data: docs.map((d) => toRecord(d.id, d.data())),
      pageInfo: { hasNextPage: next !== null, hasPreviousPage: from.length > 0 },
      meta: { next },
    };
  };
}

export type Pager = ReturnType<typeof createPager>;
