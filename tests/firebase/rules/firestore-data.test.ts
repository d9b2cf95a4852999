import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { imageAddress, rulesEnvironment, seed } from './env';

// firebase/firestore.rules: products, languages, app and everything else, one case per allow and per refusal.
let env: RulesTestEnvironment;
const PROJECT = 'demo-rules-data';
const product = (over: Record<string, unknown> = {}) => ({
  sku: 'S-1',
  category: 'Linen',
  mc: 'Linen care',
  name: 'Towel',
  details: 'Soft',
  price: '10',
  active: true,
  images: [imageAddress(PROJECT)],
  primary: imageAddress(PROJECT),
  ...over,
});

beforeAll(async () => {
  env = await rulesEnvironment(PROJECT);
});
afterAll(async () => env?.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, async (ctx) => {
    const db = ctx.firestore();
    await db.collection('products').doc('p1').set(product());
    await db.collection('languages').doc('en').set({ title: 'Linen', footer: 'Bye' });
    await db.collection('app').doc('status').set({ active: true });
    await db.collection('secrets').doc('s').set({ x: 1 });
  });
});

const db = (uid: string | null) => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).firestore();

describe('products', () => {
  it('active editors read; staff, inactive editors and the signed-out do not', async () => {
    await assertSucceeds(db('editor').collection('products').orderBy('sku', 'desc').limit(10).get());
    await assertSucceeds(db('editor').collection('products').doc('p1').get());
    await assertFails(db('staff').collection('products').doc('p1').get());
    await assertFails(db('retired').collection('products').doc('p1').get());
    await assertFails(db(null).collection('products').doc('p1').get());
  });
  it('editors add a valid product; invalid ones and non-editors are refused', async () => {
    await assertSucceeds(
      db('editor')
        .collection('products')
        .add(product({ sku: 'S-2' })),
    );
    await assertFails(
      db('staff')
        .collection('products')
        .add(product({ sku: 'S-3' })),
    );
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ images: [] })),
    );
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ images: ['a', 'b', 'c', 'd'] })),
    );
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ category: 'Wool' })),
    );
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ mc: 'Dry clean' })),
    );
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ price: 10 })),
    );
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ active: 'yes' })),
    );
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ sku: '' })),
    );
    // From the products' description (domain/productFields.ts): a required text is not empty, and within its bound.
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ name: '' })),
    );
    await assertFails(
      db('editor')
        .collection('products')
        .add(product({ price: 'x'.repeat(51) })),
    );
  });
  it(
    'editors write Swedish texts in translations.se (name up to ' +
      '200, details up to 5000); anything else there is refused',
    async () => {
      const se = (texts: Record<string, unknown>) => product({ sku: 'S-4', translations: { se: texts } });
      await assertSucceeds(
        db('editor')
          .collection('products')
          .add(se({ name: 'Handduk', details: 'Mjuk' })),
      );
      await assertSucceeds(
        db('editor')
          .collection('products')
          .add(se({ name: 'n'.repeat(200), details: 'd'.repeat(5000) })),
      );
      await assertSucceeds(
        db('editor')
          .collection('products')
          .add(product({ translations: {} })),
      );
      await assertSucceeds(db('editor').collection('products').add(se({})));
      await assertFails(
        db('editor')
          .collection('products')
          .add(se({ name: 'n'.repeat(201) })),
      );
      await assertFails(
        db('editor')
          .collection('products')
          .add(se({ details: 'd'.repeat(5001) })),
      );
      await assertFails(
        db('editor')
          .collection('products')
          .add(se({ name: 7 })),
      );
      await assertFails(
        db('editor')
          .collection('products')
          .add(se({ name: 'Handduk', price: '10' })),
      );
      await assertFails(
        db('editor')
          .collection('products')
          .add(se('Handduk' as unknown as Record<string, unknown>)),
      );
      await assertFails(
        db('editor')
          .collection('products')
          .add(product({ translations: { de: { name: 'Handtuch' } } })),
      );
      await assertFails(
        db('editor')
          .collection('products')
          .add(product({ translations: 'Handduk' })),
      );
      await assertSucceeds(db('editor').collection('products').doc('p1').update({ 'translations.se.name': 'Handduk' }));
      await assertFails(db('editor').collection('products').doc('p1').update({ 'translations.en.name': 'Towel' }));
      await assertFails(db('staff').collection('products').doc('p1').update({ 'translations.se.name': 'Handduk' }));
    },
  );
  it('editors edit a product but never its SKU; nobody deletes one', async () => {
    await assertSucceeds(db('editor').collection('products').doc('p1').update({ name: 'Renamed' }));
    await assertFails(db('editor').collection('products').doc('p1').update({ sku: 'S-9' }));
    await assertFails(db('staff').collection('products').doc('p1').update({ name: 'Renamed' }));
    await assertFails(db('admin').collection('products').doc('p1').delete());
  });
});

describe('languages', () => {
  it('editors read en and se only', async () => {
    await assertSucceeds(db('editor').collection('languages').doc('en').get());
    await assertFails(db('editor').collection('languages').doc('fr').get());
    await assertFails(db('staff').collection('languages').doc('en').get());
  });
  it('editors write whole maps keeping every key; only admins leave keys out', async () => {
    await assertSucceeds(
      db('editor').collection('languages').doc('en').set({ title: 'New', footer: 'Bye', extra: 'x' }),
    );
    await assertFails(db('editor').collection('languages').doc('en').set({ title: 'Only' }));
    await assertSucceeds(db('admin').collection('languages').doc('en').set({ title: 'Only' }));
    await assertSucceeds(db('editor').collection('languages').doc('se').set({ title: 'Lin' }));
    await assertFails(db('editor').collection('languages').doc('fr').set({ title: 'Lin' }));
    await assertFails(db('staff').collection('languages').doc('se').set({ title: 'Lin' }));
    await assertFails(db('admin').collection('languages').doc('en').delete());
  });
});

describe('app status and the rest', () => {
  it('anyone signed in reads app/status; the signed-out do not', async () => {
    await assertSucceeds(db('staff').collection('app').doc('status').get());
    await assertSucceeds(db('retired').collection('app').doc('status').get());
    await assertFails(db(null).collection('app').doc('status').get());
  });
  it('admins write a boolean active; editors, other values and deletes are refused', async () => {
    await assertSucceeds(db('admin').collection('app').doc('status').set({ active: false }));
    await assertFails(db('admin').collection('app').doc('status').set({ active: 'no' }));
    await assertFails(db('editor').collection('app').doc('status').set({ active: false }));
    await assertFails(db('retired').collection('app').doc('status').set({ active: false }));
    await assertFails(db('admin').collection('app').doc('status').delete());
  });
  it('nothing else is readable or writable', async () => {
    await assertFails(db('admin').collection('secrets').doc('s').get());
    await assertFails(db('admin').collection('secrets').doc('t').set({ x: 1 }));
  });
});
