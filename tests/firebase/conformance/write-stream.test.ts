import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  doc,
  getDoc,
  increment,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';

// Conformance of the patched emulator's streaming Write RPC (the one setDoc/addDoc/updateDoc/deleteDoc and
// batches use), checked against Firestore's documented behaviour through the real SDK and a second client.
let emu: FirestoreEmulator;
beforeAll(async () => {
  emu = await startFirestoreEmulator();
});
afterAll(async () => emu.stop());

describe('Write stream (patched @firestore-emulator/server)', () => {
  it('setDoc creates, and a second setDoc replaces the whole document as another client sees it', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'w', 'set'), { x: 1, y: 'keep?' });
    await setDoc(doc(a, 'w', 'set'), { x: 2 });
    expect((await getDoc(doc(b, 'w', 'set'))).data()).toEqual({ x: 2 });
  });

  it('setDoc with merge keeps the fields it does not name', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'w', 'merge'), { x: 1, nested: { p: 1, q: 2 } });
    await setDoc(doc(a, 'w', 'merge'), { y: 2, nested: { q: 3 } }, { merge: true });
    expect((await getDoc(doc(b, 'w', 'merge'))).data()).toEqual({ x: 1, y: 2, nested: { p: 1, q: 3 } });
  });

  it('addDoc gives a new id and stores the data', async () => {
    const [a, b] = [emu.client(), emu.client()];
    const ref = await addDoc(collection(a, 'w'), { added: true });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await getDoc(doc(b, 'w', ref.id))).data()).toEqual({ added: true });
  });

  it('updateDoc changes only the named fields', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'w', 'upd'), { x: 1, y: 1 });
    await updateDoc(doc(a, 'w', 'upd'), { y: 2 });
    expect((await getDoc(doc(b, 'w', 'upd'))).data()).toEqual({ x: 1, y: 2 });
  });

  it('updateDoc of a missing document fails with not-found and creates nothing', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await expect(updateDoc(doc(a, 'w', 'missing'), { y: 2 })).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(doc(b, 'w', 'missing'))).exists()).toBe(false);
  });

  it('deleteDoc removes the document', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'w', 'del'), { x: 1 });
    await deleteDoc(doc(a, 'w', 'del'));
    expect((await getDoc(doc(b, 'w', 'del'))).exists()).toBe(false);
  });

  it('serverTimestamp is the commit time, and the writer sees the server value too', async () => {
    const [a, b] = [emu.client(), emu.client()];
    const before = Date.now();
    await setDoc(doc(a, 'w', 'ts'), { updated: serverTimestamp() });
    const after = Date.now();
    const seen = (await getDoc(doc(b, 'w', 'ts'))).get('updated') as Timestamp;
    expect(seen).toBeInstanceOf(Timestamp);
    expect(seen.toMillis()).toBeGreaterThanOrEqual(before);
    expect(seen.toMillis()).toBeLessThanOrEqual(after);
    const own = (await getDoc(doc(a, 'w', 'ts'))).get('updated') as Timestamp;
    expect(own.toMillis()).toBe(seen.toMillis());
  });

  it('increment, arrayUnion and arrayRemove apply on the server', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'w', 'tr'), { n: 1, tags: ['a', 'b'] });
    await updateDoc(doc(a, 'w', 'tr'), { n: increment(2), tags: arrayUnion('b', 'c') });
    await updateDoc(doc(a, 'w', 'tr'), { tags: arrayRemove('a') });
    expect((await getDoc(doc(b, 'w', 'tr'))).data()).toEqual({ n: 3, tags: ['b', 'c'] });
  });

  it('a batch lands whole', async () => {
    const [a, b] = [emu.client(), emu.client()];
    const batch = writeBatch(a);
    batch.set(doc(a, 'w', 'b1'), { v: 1 });
    batch.set(doc(a, 'w', 'b2'), { v: 2 });
    await batch.commit();
    expect((await getDoc(doc(b, 'w', 'b1'))).data()).toEqual({ v: 1 });
    expect((await getDoc(doc(b, 'w', 'b2'))).data()).toEqual({ v: 2 });
  });

  it('a batch with one failing write lands not at all', async () => {
    const [a, b] = [emu.client(), emu.client()];
    const batch = writeBatch(a);
    batch.set(doc(a, 'w', 'atomic1'), { v: 1 });
    batch.update(doc(a, 'w', 'atomic-missing'), { v: 2 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(doc(b, 'w', 'atomic1'))).exists()).toBe(false);
  });
});
