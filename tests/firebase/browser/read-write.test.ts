import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { doc, getDoc, setDoc, Timestamp, type Firestore } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';
import { openBrowserSdk, TRANSPORTS, type BrowserSdk, type Win } from './page';

// The browser SDK in Chromium against the front (tests/firebase/front): writes go over the Write stream, reads over
// the Listen stream, both WebChannel; the Node SDK reads and writes the same documents over gRPC.
describe.each(TRANSPORTS)('the browser SDK reads and writes through the front (%s)', (transport) => {
  let fs: FirestoreEmulator;
  let node: Firestore;
  let browser: BrowserSdk;

  beforeAll(async () => {
    fs = await startFirestoreEmulator();
    node = fs.client();
    browser = await openBrowserSdk(inject('firestoreFrontPort'), fs.projectId, transport);
  });
  afterAll(async () => {
    await browser?.stop();
    await fs?.stop();
  });

  it('writes every value type; gRPC reads them back as written, Swedish text included', async () => {
    await browser.page.evaluate(async () => {
      const { sdk, db } = window as unknown as Win;
      await sdk.setDoc(sdk.doc(db, 'products', 'p1'), {
        name: 'Linnehandduk, blå – ränder',
        price: 129.5,
        stock: 12,
        big: 9007199254740991,
        active: true,
        none: null,
        at: sdk.Timestamp.fromMillis(1_700_000_000_123),
        bytes: sdk.Bytes.fromUint8Array(new Uint8Array([0, 1, 254, 255])),
        where: new sdk.GeoPoint(59.33, 18.06),
        tags: ['linne', 2, { deep: ['x'] }],
        nested: { 'a.b': 'dotted key', list: [] },
        ref: sdk.doc(db, 'categories', 'towels'),
        created: sdk.serverTimestamp(),
      });
    });
    const snap = await getDoc(doc(node, 'products', 'p1'));
    const data = snap.data()!;
    expect(data).toMatchObject({
      name: 'Linnehandduk, blå – ränder',
      price: 129.5,
      stock: 12,
      big: 9007199254740991,
      active: true,
      none: null,
      tags: ['linne', 2, { deep: ['x'] }],
      nested: { 'a.b': 'dotted key', list: [] },
    });
    expect((data.at as Timestamp).toMillis()).toBe(1_700_000_000_123);
    expect(data.bytes.toUint8Array()).toEqual(new Uint8Array([0, 1, 254, 255]));
    expect([data.where.latitude, data.where.longitude]).toEqual([59.33, 18.06]);
    expect(data.ref.path).toBe('categories/towels');
    expect(data.created).toBeInstanceOf(Timestamp);
  });

  it('reads what gRPC wrote (getDoc, getDocFromServer, a missing document)', async () => {
    await setDoc(doc(node, 'products', 'p2'), { name: 'Örngott', sizes: ['50x60'], at: Timestamp.fromMillis(5) });
    const read = await browser.page.evaluate(async () => {
      const { sdk, db } = window as unknown as Win;
      const a = await sdk.getDoc(sdk.doc(db, 'products', 'p2'));
      const b = await sdk.getDocFromServer(sdk.doc(db, 'products', 'p2'));
      const missing = await sdk.getDoc(sdk.doc(db, 'products', 'nope'));
      return {
        a: a.data(),
        at: (a.get('at') as import('firebase/firestore').Timestamp).toMillis(),
        b: b.get('name') as unknown,
        missing: missing.exists(),
      };
    });
    expect(read.a).toMatchObject({ name: 'Örngott', sizes: ['50x60'] });
    expect(read.at).toBe(5);
    expect(read.b).toBe('Örngott');
    expect(read.missing).toBe(false);
  });

  it('updates with a field mask (deleteField, increment, dotted paths) and deletes', async () => {
    await setDoc(doc(node, 'products', 'p3'), { a: 1, b: { c: 2, d: 3 }, n: 10 });
    await browser.page.evaluate(async () => {
      const { sdk, db } = window as unknown as Win;
      const ref = sdk.doc(db, 'products', 'p3');
      await sdk.updateDoc(ref, { a: sdk.deleteField(), 'b.c': 20, n: sdk.increment(5) });
    });
    expect((await getDoc(doc(node, 'products', 'p3'))).data()).toEqual({ b: { c: 20, d: 3 }, n: 15 });
    await browser.page.evaluate(async () => {
      const { sdk, db } = window as unknown as Win;
      await sdk.deleteDoc(sdk.doc(db, 'products', 'p3'));
    });
    // A fresh client: the emulator's Listen does not tell a client that re-listens that a document it had is gone.
    expect((await getDoc(doc(fs.client(), 'products', 'p3'))).exists()).toBe(false);
  });

  it(`listened and wrote over WebChannel's ${transport} form only`, () => {
    const { streaming, longPolling } = browser.backChannels;
    if (transport === 'streaming') expect([streaming > 0, longPolling]).toEqual([true, 0]);
    else expect([streaming, longPolling > 0]).toEqual([0, true]);
  });

  it('refuses an update of a missing document with not-found', async () => {
    const code = await browser.page.evaluate(async () => {
      const { sdk, db } = window as unknown as Win;
      try {
        await sdk.updateDoc(sdk.doc(db, 'products', 'missing'), { a: 1 });
        return 'written';
      } catch (err) {
        return (err as { code: string }).code;
      }
    });
    expect(code).toBe('not-found');
  });
});
