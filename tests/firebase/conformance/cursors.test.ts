import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collection,
  doc,
  endAt,
  endBefore,
  getDoc,
  getDocs,
  limit,
  limitToLast,
  orderBy,
  query,
  setDoc,
  startAfter,
  startAt,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';

// Conformance of query cursors, ordering and limits in the patched emulator, from Firestore's documented
// behaviour: cursors are positions in the query's order (ties broken by document id), documents lacking an
// ordered field are not in the result, limitToLast counts from the end.
let emu: FirestoreEmulator;
let db: Firestore;
const ids = (q: Query) => getDocs(q).then((s) => s.docs.map((d) => d.id));

beforeAll(async () => {
  emu = await startFirestoreEmulator();
  const writer = emu.client();
  // ids and skus in different orders, two equal prices (ties) and one document without a price.
  const rows: [string, string, number | null][] = [
    ['d1', 'S-03', 10],
    ['d2', 'S-01', 20],
    ['d3', 'S-05', 10],
    ['d4', 'S-02', 30],
    ['d5', 'S-04', 40],
    ['d6', 'S-06', null],
  ];
  for (const [id, sku, price] of rows) {
    await setDoc(doc(writer, 'c', id), price === null ? { sku } : { sku, price });
  }
  db = emu.client();
});
afterAll(async () => emu.stop());

describe('query cursors and ordering (patched @firestore-emulator/server)', () => {
  const c = () => collection(db, 'c');

  it('orders by a field descending and pages with startAfter(last snapshot)', async () => {
    const first = await getDocs(query(c(), orderBy('sku', 'desc'), limit(4)));
    expect(first.docs.map((d) => d.id)).toEqual(['d6', 'd3', 'd5', 'd1']);
    const last = first.docs[first.docs.length - 1];
    expect(await ids(query(c(), orderBy('sku', 'desc'), startAfter(last), limit(4)))).toEqual(['d4', 'd2']);
  });

  it('startAt includes the cursor position, startAfter leaves it out (field values)', async () => {
    expect(await ids(query(c(), orderBy('sku'), startAt('S-03')))).toEqual(['d1', 'd5', 'd3', 'd6']);
    expect(await ids(query(c(), orderBy('sku'), startAfter('S-03')))).toEqual(['d5', 'd3', 'd6']);
  });

  it('endBefore leaves the cursor position out, endAt includes it', async () => {
    expect(await ids(query(c(), orderBy('sku'), endBefore('S-03')))).toEqual(['d2', 'd4']);
    expect(await ids(query(c(), orderBy('sku'), endAt('S-03')))).toEqual(['d2', 'd4', 'd1']);
  });

  it('breaks ties by document id and a snapshot cursor continues inside a tie', async () => {
    expect(await ids(query(c(), orderBy('price')))).toEqual(['d1', 'd3', 'd2', 'd4', 'd5']);
    const d1 = await getDoc(doc(db, 'c', 'd1'));
    expect(await ids(query(c(), orderBy('price'), startAfter(d1), limit(2)))).toEqual(['d3', 'd2']);
  });

  it('leaves out documents that lack the ordered field', async () => {
    expect(await ids(query(c(), orderBy('price', 'desc')))).toEqual(['d5', 'd4', 'd2', 'd3', 'd1']);
  });

  it('a cursor with fewer values than orderings compares only those', async () => {
    expect(await ids(query(c(), orderBy('price'), orderBy('sku'), startAfter(10)))).toEqual(['d2', 'd4', 'd5']);
  });

  it('limitToLast takes the last documents in query order', async () => {
    expect(await ids(query(c(), orderBy('sku'), limitToLast(2)))).toEqual(['d3', 'd6']);
  });
});
