// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, getDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { messages } from '../../../domain/messages';
import type { AppDataProvider } from '../../../base/backend';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';

// Bulk edit over Firestore: transactions of at most 500 writes, each product written only when its
// content is still what was selected (the fingerprint the list gave as its version), checked inside the transaction.
let b: Backend;
let dp: AppDataProvider;
const sku = (n: number) => `B-${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  b = await startBackend();
  await clearAccounts();
  window.localStorage.clear();
  await seedStaff(b.other(), { email: 'bulk@example.com', password: 'secret-1', isEditor: true });
  await b.authProvider.login({ email: 'bulk@example.com', password: 'secret-1' });
  dp = b.dataProvider as AppDataProvider;
  // 620 products: more than one transaction's 500.
  const db = b.other();
  for (let from = 0; from < 620; from += 310) {
    const batch = writeBatch(db);
    for (let n = from; n < from + 310; n++) {
      batch.set(doc(collection(db, 'products'), `id-${n}`), {
        sku: sku(n),
        name: `Towel ${n}`,
        details: 'Soft',
        price: '10',
        category: n % 2 ? 'Linen' : 'Cotton',
        mc: 'Linen care',
        active: true,
        images: [],
        primary: null,
      });
    }
    await batch.commit();
  }
}, 120_000);
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

describe('Firebase data provider: bulk edit', () => {
  it('answers the ids and fingerprints of a filtered list, sku descending', async () => {
    const linen = await dp.productIds({ category: 'Linen' });
    expect(linen.items).toHaveLength(310);
    expect(linen.more).toBe(false);
    expect(linen.items[0]!.id).toBe('id-619');
    await expect(dp.productIds({ q: 'towel' })).rejects.toMatchObject({ code: 'not_available' });
  });

  it('changes 620 products in transactions of 500, reporting conflicts, unchanged and missing ones', async () => {
    const all = await dp.productIds({});
    expect(all.items).toHaveLength(620);
    const versions = Object.fromEntries(all.items.map((p) => [p.id, p.version]));
    // Someone else saves one after it was selected.
    await updateDoc(doc(b.other(), 'products', 'id-4'), { price: '11' });
    const res = await dp.bulkProducts({
      ids: [...all.items.map((p) => p.id), 'gone'],
      set: { category: 'Linen' },
      versions: { ...versions, gone: 1 },
    });
    expect(res.counts).toEqual({ changed: 309, unchanged: 310, conflict: 1, refused: 1 });
    // Nothing to undo without a history: no batch, so the dialog offers no Undo.
    expect(res.batch).toBeUndefined();
    expect(res.items.find((i) => i.id === 'id-4')).toMatchObject({
      outcome: 'conflict',
      sku: sku(4),
      reason: messages.bulk.conflict,
    });
    expect(res.items.find((i) => i.id === 'gone')).toMatchObject({
      outcome: 'refused',
      reason: messages.bulk.notFound,
    });
    expect((await getDoc(doc(b.other(), 'products', 'id-0'))).get('category')).toBe('Linen');
    expect((await getDoc(doc(b.other(), 'products', 'id-4'))).get('category')).toBe('Cotton');
    // The version answered is the one the list now gives: a second change from it goes through.
    const changed = res.items.find((i) => i.id === 'id-0')!;
    const again = await dp.bulkProducts({
      ids: ['id-0'],
      set: { active: false },
      versions: { 'id-0': changed.version! },
    });
    expect(again.items[0]).toMatchObject({ outcome: 'changed' });
  });

  it('refuses an empty change, and has no Undo (no history in Firestore)', async () => {
    await expect(dp.bulkProducts({ ids: ['id-1'], set: {}, versions: { 'id-1': 1 } })).rejects.toMatchObject({
      status: 400,
      message: messages.bulk.noChange,
    });
    await expect(dp.undoBulk('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'not_available' });
  });
});
