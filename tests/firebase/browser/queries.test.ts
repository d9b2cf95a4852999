import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { doc, writeBatch, type Firestore } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';
import { openBrowserSdk, TRANSPORTS, type BrowserSdk, type Win } from './page';

// Queries of the browser SDK through the front: pages of 10 by SKU descending with startAfter (the products list's
// 'More'), filters, and counts (RunAggregationQuery, a REST call); documented behaviour as in conformance/cursors.
describe.each(TRANSPORTS)('the browser SDK queries through the front (%s)', (transport) => {
  let fs: FirestoreEmulator;
  let node: Firestore;
  let browser: BrowserSdk;
  const skus = Array.from({ length: 25 }, (_, i) => `SKU-${String(i + 1).padStart(3, '0')}`);

  beforeAll(async () => {
    fs = await startFirestoreEmulator();
    node = fs.client();
    const batch = writeBatch(node);
    skus.forEach((sku, i) =>
      batch.set(doc(node, 'products', `p${i + 1}`), { sku, category: i % 2 === 0 ? 'towels' : 'sheets', price: i }),
    );
    await batch.commit();
    browser = await openBrowserSdk(inject('firestoreFrontPort'), fs.projectId, transport);
  });
  afterAll(async () => {
    await browser?.stop();
    await fs?.stop();
  });

  it('pages 10 at a time by SKU descending with startAfter, to the end', async () => {
    const pages = await browser.page.evaluate(async () => {
      const { sdk, db } = window as unknown as Win;
      const out: string[][] = [];
      let after: import('firebase/firestore').QueryDocumentSnapshot | undefined;
      for (;;) {
        const parts = [sdk.orderBy('sku', 'desc'), ...(after ? [sdk.startAfter(after)] : []), sdk.limit(10)];
        const snap = await sdk.getDocs(sdk.query(sdk.collection(db, 'products'), ...parts));
        out.push(snap.docs.map((d) => d.get('sku') as string));
        if (snap.size < 10) break;
        after = snap.docs[snap.docs.length - 1];
      }
      return out;
    });
    const descending = [...skus].reverse();
    expect(pages).toEqual([descending.slice(0, 10), descending.slice(10, 20), descending.slice(20)]);
  });

  it('filters with where, startAt and endBefore on values, and limitToLast', async () => {
    const got = await browser.page.evaluate(async () => {
      const { sdk, db } = window as unknown as Win;
      const col = sdk.collection(db, 'products');
      const ids = (s: import('firebase/firestore').QuerySnapshot) => s.docs.map((d) => d.get('sku') as string);
      const towels = await sdk.getDocs(
        sdk.query(col, sdk.where('category', '==', 'towels'), sdk.orderBy('price'), sdk.limit(3)),
      );
      const range = await sdk.getDocs(
        sdk.query(col, sdk.orderBy('sku'), sdk.startAt('SKU-005'), sdk.endBefore('SKU-008')),
      );
      const last = await sdk.getDocs(sdk.query(col, sdk.orderBy('sku'), sdk.limitToLast(2)));
      const inList = await sdk.getDocs(sdk.query(col, sdk.where('sku', 'in', ['SKU-002', 'SKU-024', 'nope'])));
      return { towels: ids(towels), range: ids(range), last: ids(last), inList: ids(inList).sort() };
    });
    expect(got).toEqual({
      towels: ['SKU-001', 'SKU-003', 'SKU-005'],
      range: ['SKU-005', 'SKU-006', 'SKU-007'],
      last: ['SKU-024', 'SKU-025'],
      inList: ['SKU-002', 'SKU-024'],
    });
  });

  it('counts on the server (RunAggregationQuery over REST)', async () => {
    const counts = await browser.page.evaluate(async () => {
      const { sdk, db } = window as unknown as Win;
      const col = sdk.collection(db, 'products');
      const all = await sdk.getCountFromServer(col);
      const sheets = await sdk.getCountFromServer(sdk.query(col, sdk.where('category', '==', 'sheets')));
      return [all.data().count, sheets.data().count];
    });
    expect(counts).toEqual([25, 12]);
  });
});
