// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, onSnapshot, type DocumentData } from 'firebase/firestore';
import type { Product } from '../../../domain/products';
import { fieldsOfResource, type ResourceDescription } from '../../../domain/resourceDescription';
import { servedResources } from '../../../server/resources';
import type { DescribedRecord } from '../../../providers/firebase/described';
import { clearAccounts } from '../helpers/auth';
import { imageAddress, seedStaff, startBackend, type Backend } from '../helpers/backend';
import { bodyOf, everyKind, valueOf, type Context } from '../../server/helpers/recordValues';

// A save that changes nothing, over Firestore as on our server (tests/server/routes/noopSave.test.ts): the document is
// not written, so its version (the content's fingerprint) stays, no history entry is made and another client's
// listener hears nothing until a real change.
const RESOURCES: ResourceDescription[] = [...servedResources, everyKind];
let b: Backend;
// Its image: an address of the test bucket's Uploads/ folder (imageAddress), set once the backend is up.
const ctx: Context = { image: '', ids: new Map() };

beforeAll(async () => {
  b = await startBackend(RESOURCES);
  ctx.image = imageAddress(b);
  await clearAccounts();
  window.localStorage.clear();
  await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true, isAdmin: true });
  await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
});
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

/**
 * Runs `saves` (the saves that change nothing, then one real change) while another client listens to the document:
 * the first thing it hears after the document as it was is the real change.
 */
async function heardAfter(path: string, saves: () => Promise<void>): Promise<DocumentData> {
  const heard: DocumentData[] = [];
  let wake = () => {};
  const stop = onSnapshot(doc(b.other(), path), (snap) => {
    heard.push(snap.data()!);
    wake();
  });
  const until = (n: number) =>
    new Promise<void>((ok) => {
      wake = () => heard.length >= n && ok();
      wake();
    });
  try {
    await until(1);
    await saves();
    await until(2);
    return heard[1]!;
  } finally {
    stop();
  }
}

describe.each(RESOURCES.map((d) => [d.name, d] as const))('Firebase: a save of %s that changes nothing', (name, d) => {
  it('keeps the version, writes no entry, and is not heard', async () => {
    for (const [, f] of fieldsOfResource(d)) {
      if (f.kind !== 'reference' || ctx.ids.has(f.to!)) continue;
      const target = RESOURCES.find((x) => x.name === f.to)!;
      ctx.ids.set(target.name, (await b.dataProvider.create(target.name, { data: bodyOf(target, 9000, ctx) })).data.id);
    }
    const { data: rec } = await b.dataProvider.create<DescribedRecord>(name, { data: bodyOf(d, 2, ctx) });
    const stored = (await getDoc(doc(b.other(), name, rec.id))).data();
    const [k, spec] = fieldsOfResource(d).find(
      ([, f]) => !f.locked && !f.unique && ['line', 'text', 'translated', 'integer', 'choice'].includes(f.kind),
    )!;
    const changed = valueOf(spec, 3, ctx);
    const next = await heardAfter(`${name}/${rec.id}`, async () => {
      for (const data of [{ ...rec }, bodyOf(d, 2, ctx), { [k]: rec[k] }]) {
        const { data: same } = await b.dataProvider.update<DescribedRecord>(name, {
          id: rec.id,
          data,
          previousData: rec,
        });
        expect(same).toEqual(rec);
      }
      expect((await getDoc(doc(b.other(), name, rec.id))).data()).toEqual(stored);
      await b.dataProvider.update(name, { id: rec.id, data: { [k]: changed }, previousData: rec });
    });
    expect(next[k]).toEqual(changed);
    const { items } = await b.dataProvider.getHistory({ kind: 'record', resource: name, id: rec.id });
    expect(items.map((e) => e.action)).toEqual(['changed', 'created']);
  });
});

describe('Firebase: a save of a product that changes nothing', () => {
  it('keeps the version and is not heard', async () => {
    const body = {
      sku: 'NOOP-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '249 kr',
      details: 'Washed',
      active: true,
      images: [ctx.image],
      translations: { se: { name: 'Handduk' } },
    };
    const { data: made } = await b.dataProvider.create<Product>('products', { data: body });
    const next = await heardAfter(`products/${made.id}`, async () => {
      for (const data of [{ ...made }, body, {}]) {
        const { data: same } = await b.dataProvider.update<Product>('products', {
          id: made.id,
          data,
          previousData: made,
        });
        expect(same).toEqual(made);
      }
      await b.dataProvider.update('products', { id: made.id, data: { price: '199 kr' }, previousData: made });
    });
    expect(next.price).toBe('199 kr');
  });
});
