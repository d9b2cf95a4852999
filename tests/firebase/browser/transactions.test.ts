import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { doc, getCountFromServer, collection, getDoc, setDoc, type Firestore } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';
import { openBrowserSdk, TRANSPORTS, type BrowserSdk, type Win } from './page';

// Transactions (BatchGetDocuments and Commit over REST, the SDK's optimistic form) and batches (the Write stream)
// of the browser SDK through the front, as the console's product edit and bulk edit use them.
type WithHooks = Win & { interfere: () => Promise<void> };

describe.each(TRANSPORTS)('browser transactions and batches through the front (%s)', (transport) => {
  let fs: FirestoreEmulator;
  let node: Firestore;
  let browser: BrowserSdk;

  beforeAll(async () => {
    fs = await startFirestoreEmulator();
    node = fs.client();
    browser = await openBrowserSdk(inject('firestoreFrontPort'), fs.projectId, transport);
    // Called from inside the page's transaction: another client changes the document the transaction read.
    let round = 0;
    await browser.page.exposeFunction('interfere', async () => {
      round += 1;
      if (round === 1) await setDoc(doc(node, 'products', 'p1'), { stock: 100, by: 'other' });
    });
  });
  afterAll(async () => {
    await browser?.stop();
    await fs?.stop();
  });

  it('retries when another client changed what it read (the conflict check), then commits anew', async () => {
    await setDoc(doc(node, 'products', 'p1'), { stock: 10 });
    // The first commit is refused (400, FAILED_PRECONDITION): the browser and the SDK log it, as they would in use.
    browser.allow(/the server responded with a status of 400/);
    browser.allow(/RestConnection RPC 'Commit' .* failed with error: {2}\{"code":"failed-precondition"/);
    const attempts = await browser.page.evaluate(async () => {
      const w = window as unknown as WithHooks;
      let tries = 0;
      await w.sdk.runTransaction(w.db, async (tx) => {
        tries += 1;
        const ref = w.sdk.doc(w.db, 'products', 'p1');
        const snap = await tx.get(ref);
        await w.interfere();
        tx.update(ref, { stock: (snap.get('stock') as number) - 1, by: 'browser' });
      });
      return tries;
    });
    expect(attempts).toBe(2);
    expect((await getDoc(doc(fs.client(), 'products', 'p1'))).data()).toEqual({ stock: 99, by: 'browser' });
  });

  it('refuses with the SDK code when the transaction function says no, writing nothing', async () => {
    await setDoc(doc(node, 'products', 'p2'), { stock: 1 });
    const code = await browser.page.evaluate(async () => {
      const w = window as unknown as WithHooks;
      try {
        await w.sdk.runTransaction(w.db, async (tx) => {
          const snap = await tx.get(w.sdk.doc(w.db, 'products', 'p2'));
          tx.set(w.sdk.doc(w.db, 'products', 'p2'), { stock: 0 });
          if (snap.get('stock') === 1) throw new Error('no');
        });
        return 'committed';
      } catch (err) {
        return (err as Error).message;
      }
    });
    expect(code).toBe('no');
    expect((await getDoc(doc(fs.client(), 'products', 'p2'))).data()).toEqual({ stock: 1 });
  });

  it('commits a batch of 500 writes at once (bulk edit)', async () => {
    await browser.page.evaluate(async () => {
      const w = window as unknown as WithHooks;
      const batch = w.sdk.writeBatch(w.db);
      for (let i = 0; i < 500; i++)
        batch.set(w.sdk.doc(w.db, 'bulk', `b${i}`), { n: i, name: `Produkt nr ${i} – ö`, at: w.sdk.serverTimestamp() });
      await batch.commit();
    });
    expect((await getCountFromServer(collection(fs.client(), 'bulk'))).data().count).toBe(500);
    expect((await getDoc(doc(fs.client(), 'bulk', 'b499'))).get('name')).toBe('Produkt nr 499 – ö');
  });
});
