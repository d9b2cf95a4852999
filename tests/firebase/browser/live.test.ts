import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { deleteDoc, doc, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';
import { openBrowserSdk, TRANSPORTS, type BrowserSdk, type Win } from './page';

// onSnapshot in the browser through the front's Listen stream while another client (Node, gRPC) writes: the gate's
// app/status document, and a query whose results come and go.
type Live = Win & { seen: unknown[]; stops: (() => void)[] };

describe.each(TRANSPORTS)('the browser SDK listens through the front (%s)', (transport) => {
  let fs: FirestoreEmulator;
  let node: Firestore;
  let browser: BrowserSdk;
  const seen = () => browser.page.evaluate(() => (window as unknown as Live).seen);
  // Listeners end with their test: the SDK reports one still open at terminate() as an error.
  afterEach(async () =>
    browser.page.evaluate(() => {
      for (const stop of (window as unknown as Live).stops.splice(0)) stop();
    }),
  );

  beforeAll(async () => {
    fs = await startFirestoreEmulator();
    node = fs.client();
    browser = await openBrowserSdk(inject('firestoreFrontPort'), fs.projectId, transport);
  });
  afterAll(async () => {
    await browser?.stop();
    await fs?.stop();
  });

  it('follows app/status as another client turns it off and on (the gate)', async () => {
    await setDoc(doc(node, 'app', 'status'), { active: true });
    await browser.page.evaluate(() => {
      const w = window as unknown as Live;
      w.seen = [];
      w.stops = [w.sdk.onSnapshot(w.sdk.doc(w.db, 'app', 'status'), (snap) => w.seen.push(snap.get('active')))];
    });
    await expect.poll(seen).toEqual([true]);
    await updateDoc(doc(node, 'app', 'status'), { active: false });
    await expect.poll(seen).toEqual([true, false]);
    await updateDoc(doc(node, 'app', 'status'), { active: true });
    await expect.poll(seen).toEqual([true, false, true]);
    await deleteDoc(doc(node, 'app', 'status'));
    await expect.poll(seen).toEqual([true, false, true, undefined]);
  });

  it("hears a query's documents added, modified and removed, from the server (not the cache)", async () => {
    await setDoc(doc(node, 'products', 'a'), { category: 'towels', name: 'A' });
    await browser.page.evaluate(() => {
      const w = window as unknown as Live;
      w.seen = [];
      const q = w.sdk.query(w.sdk.collection(w.db, 'products'), w.sdk.where('category', '==', 'towels'));
      w.stops = [
        w.sdk.onSnapshot(q, (snap) => {
          if (snap.metadata.fromCache) return;
          for (const c of snap.docChanges()) w.seen.push(`${c.type} ${c.doc.id} ${String(c.doc.get('name'))}`);
        }),
      ];
    });
    await expect.poll(seen).toEqual(['added a A']);
    await setDoc(doc(node, 'products', 'b'), { category: 'towels', name: 'B' });
    await setDoc(doc(node, 'products', 'c'), { category: 'sheets', name: 'C' });
    await updateDoc(doc(node, 'products', 'a'), { name: 'A2' });
    await updateDoc(doc(node, 'products', 'b'), { category: 'sheets' });
    await expect.poll(seen).toEqual(['added a A', 'added b B', 'modified a A2', 'removed b B']);
  });
});
