import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collection,
  deleteField,
  doc,
  FieldPath,
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';

// Conformance of dotted field paths and field-mask deletes in the patched emulator (Firestore: a dot in
// updateDoc/where/orderBy names a nested field; FieldPath('a.b') names a key that contains a dot; a field
// in the update mask that the write leaves out is deleted, which is how deleteField() travels).
let emu: FirestoreEmulator;
beforeAll(async () => {
  emu = await startFirestoreEmulator();
});
afterAll(async () => emu.stop());

describe('dotted field paths and field-mask deletes (patched @firestore-emulator/server)', () => {
  it('where and orderBy on a nested field', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'fp', 'x'), { entries: { b: 'two', n: 2 } });
    await setDoc(doc(a, 'fp', 'y'), { entries: { b: 'one', n: 1 } });
    await setDoc(doc(a, 'fp', 'z'), { entries: { c: 'other' } });
    const found = await getDocs(query(collection(b, 'fp'), where('entries.b', '==', 'one')));
    expect(found.docs.map((d) => d.id)).toEqual(['y']);
    const ordered = await getDocs(query(collection(b, 'fp'), orderBy('entries.n', 'desc')));
    expect(ordered.docs.map((d) => d.id)).toEqual(['x', 'y']);
  });

  it('updateDoc with a dotted path changes one nested key and keeps its siblings', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'fp', 'nested'), { entries: { p: 1, q: 2 }, top: true });
    await updateDoc(doc(a, 'fp', 'nested'), 'entries.q', 3, 'entries.r', 4);
    expect((await getDoc(doc(b, 'fp', 'nested'))).data()).toEqual({ entries: { p: 1, q: 3, r: 4 }, top: true });
  });

  it('a key that contains a dot is one field when named with FieldPath', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'fp', 'dotkey'), { 'home.title': 'Hello', home: { title: 'nested' } });
    await updateDoc(doc(a, 'fp', 'dotkey'), new FieldPath('home.title'), 'Hej');
    expect((await getDoc(doc(b, 'fp', 'dotkey'))).data()).toEqual({ 'home.title': 'Hej', home: { title: 'nested' } });
    const found = await getDocs(query(collection(b, 'fp'), where(new FieldPath('home.title'), '==', 'Hej')));
    expect(found.docs.map((d) => d.id)).toEqual(['dotkey']);
  });

  it('deleteField removes a top-level field', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'fp', 'del'), { keep: 1, drop: 2 });
    await updateDoc(doc(a, 'fp', 'del'), { drop: deleteField() });
    expect((await getDoc(doc(b, 'fp', 'del'))).data()).toEqual({ keep: 1 });
  });

  it('deleteField removes a nested field, and works in a merge set', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'fp', 'del2'), { m: { keep: 1, drop: 2 }, other: 3 });
    await updateDoc(doc(a, 'fp', 'del2'), { 'm.drop': deleteField() });
    await setDoc(doc(a, 'fp', 'del2'), { other: deleteField() }, { merge: true });
    expect((await getDoc(doc(b, 'fp', 'del2'))).data()).toEqual({ m: { keep: 1 } });
  });
});
