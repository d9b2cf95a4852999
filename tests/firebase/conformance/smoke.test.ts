import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, getDoc, getDocs, limit, orderBy, query, setDoc, startAfter } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';

let emu: FirestoreEmulator;
beforeAll(async () => {
  emu = await startFirestoreEmulator();
});
afterAll(async () => emu.stop());

describe('smoke', () => {
  it('writes and reads', async () => {
    const db = emu.client();
    await setDoc(doc(db, 'products', 'a'), { sku: 'A1', n: 1 });
    await setDoc(doc(db, 'products', 'b'), { sku: 'B1', n: 2 });
    const snap = await getDoc(doc(db, 'products', 'a'));
    expect(snap.data()).toEqual({ sku: 'A1', n: 1 });
    const first = await getDocs(query(collection(db, 'products'), orderBy('sku', 'desc'), limit(1)));
    expect(first.docs.map((d) => d.id)).toEqual(['b']);
    const next = await getDocs(query(collection(db, 'products'), orderBy('sku', 'desc'), startAfter(first.docs[0]), limit(1)));
    expect(next.docs.map((d) => d.id)).toEqual(['a']);
  });
});
