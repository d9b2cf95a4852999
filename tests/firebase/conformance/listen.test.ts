import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collection,
  deleteDoc,
  doc,
  onSnapshot,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
  type DocumentSnapshot,
  type QuerySnapshot,
} from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';

// Conformance of the patched emulator's Listen RPC: one client's listeners share one stream, so several
// targets must be served on it, added and removed independently, each told only about its own documents.
let emu: FirestoreEmulator;
beforeAll(async () => {
  emu = await startFirestoreEmulator();
});
afterAll(async () => emu.stop());

/** Collects snapshots and waits for one that passes a check. */
function recorder<T>() {
  const seen: T[] = [];
  const waiters: { check: (s: T) => boolean; resolve: (s: T) => void }[] = [];
  const push = (s: T) => {
    seen.push(s);
    for (const w of waiters.splice(0)) {
      if (w.check(s)) w.resolve(s);
      else waiters.push(w);
    }
  };
  const until = (check: (s: T) => boolean) =>
    new Promise<T>((resolve, reject) => {
      const hit = seen.find(check);
      if (hit) return resolve(hit);
      waiters.push({ check, resolve });
      setTimeout(() => reject(new Error(`no snapshot matched; last: ${JSON.stringify(seen.length)}`)), 10_000);
    });
  return { push, until, seen };
}

const fromServer = (s: { metadata: { fromCache: boolean; hasPendingWrites: boolean } }) =>
  !s.metadata.fromCache && !s.metadata.hasPendingWrites;

describe('Listen with several targets (patched @firestore-emulator/server)', () => {
  it("a document listener and two query listeners on one client all follow another client's writes", async () => {
    const [listener, writer] = [emu.client(), emu.client()];
    await setDoc(doc(writer, 'app', 'status'), { active: false });
    const status = recorder<DocumentSnapshot>();
    const linen = recorder<QuerySnapshot>();
    const all = recorder<QuerySnapshot>();
    const stops = [
      onSnapshot(doc(listener, 'app', 'status'), status.push),
      onSnapshot(query(collection(listener, 'items'), where('category', '==', 'Linen')), linen.push),
      onSnapshot(query(collection(listener, 'items'), orderBy('sku')), all.push),
    ];
    await status.until((s) => fromServer(s) && s.get('active') === false);
    await linen.until((s) => fromServer(s) && s.size === 0);
    await setDoc(doc(writer, 'items', 'i1'), { sku: 'B', category: 'Linen' });
    await setDoc(doc(writer, 'items', 'i2'), { sku: 'A', category: 'Cotton' });
    await updateDoc(doc(writer, 'app', 'status'), { active: true });
    await status.until((s) => fromServer(s) && s.get('active') === true);
    await linen.until((s) => fromServer(s) && s.docs.map((d) => d.id).join() === 'i1');
    await all.until((s) => fromServer(s) && s.docs.map((d) => d.id).join() === 'i2,i1');
    stops.forEach((stop) => stop());
  });

  it('a document that stops matching leaves the query; a deleted document is reported missing', async () => {
    const [listener, writer] = [emu.client(), emu.client()];
    await setDoc(doc(writer, 'moving', 'm1'), { category: 'Linen' });
    const linen = recorder<QuerySnapshot>();
    const one = recorder<DocumentSnapshot>();
    const stops = [
      onSnapshot(query(collection(listener, 'moving'), where('category', '==', 'Linen')), linen.push),
      onSnapshot(doc(listener, 'moving', 'm1'), one.push),
    ];
    await linen.until((s) => fromServer(s) && s.size === 1);
    await updateDoc(doc(writer, 'moving', 'm1'), { category: 'Cotton' });
    await linen.until((s) => fromServer(s) && s.size === 0);
    await one.until((s) => fromServer(s) && s.get('category') === 'Cotton');
    await deleteDoc(doc(writer, 'moving', 'm1'));
    await one.until((s) => fromServer(s) && !s.exists());
    stops.forEach((stop) => stop());
  });

  it('removing one target leaves the others on the stream working', async () => {
    const [listener, writer] = [emu.client(), emu.client()];
    const first = recorder<DocumentSnapshot>();
    const second = recorder<DocumentSnapshot>();
    const stopFirst = onSnapshot(doc(listener, 'pair', 'p1'), first.push);
    const stopSecond = onSnapshot(doc(listener, 'pair', 'p2'), second.push);
    await first.until((s) => fromServer(s) && !s.exists());
    await second.until((s) => fromServer(s) && !s.exists());
    stopFirst();
    await setDoc(doc(writer, 'pair', 'p1'), { v: 1 });
    await setDoc(doc(writer, 'pair', 'p2'), { v: 2 });
    await second.until((s) => fromServer(s) && s.get('v') === 2);
    expect(first.seen.some((s) => s.exists())).toBe(false);
    stopSecond();
  });
});
