import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { imageAddress, rulesEnvironment, seed } from './env';

// firebase/firestore.rules: what a product, a language record and a document of `app` may hold: the storefront reads
// products as they are, so only their keys, images of this project's bucket and a primary among them; a language
// record within the server's size; of `app`, only the status document for everyone signed in.
let env: RulesTestEnvironment;
const PROJECT = 'demo-rules-shapes';
const A = imageAddress(PROJECT, 'editor_1_a.jpg');
const B = imageAddress(PROJECT, 'editor_2_b.png');
const product = (over: Record<string, unknown> = {}) => ({
  sku: 'S-1',
  category: 'Linen',
  mc: 'Linen care',
  name: 'Towel',
  details: 'Soft',
  price: '10',
  active: true,
  images: [A, B],
  primary: A,
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
    await db.collection('app').doc('keys').set({ apiKey: 'secret' });
  });
});

const db = (uid: string | null) => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).firestore();
const add = (over: Record<string, unknown>) =>
  db('editor')
    .collection('products')
    .add(product({ sku: 'S-2', ...over }));

describe('a product holds only its fields', () => {
  it('the console’s own product: its fields, images of this project’s bucket, the first image as primary', async () => {
    await assertSucceeds(add({}));
    await assertSucceeds(add({ primary: B }));
    await assertSucceeds(add({ primary: null }));
    await assertSucceeds(add({ images: [A], primary: A, translations: { se: { name: 'Handduk' } } }));
  });
  it('refuses made-up times and any other field', async () => {
    await assertFails(add({ created: new Date() }));
    await assertFails(add({ updated: new Date() }));
    await assertFails(add({ badge: 'SALE' }));
    await assertFails(db('editor').collection('products').doc('p1').update({ badge: 'SALE' }));
    await assertFails(db('editor').collection('products').doc('p1').update({ updated: new Date() }));
  });
  it('refuses images of another host, another bucket, another folder, or not addresses at all', async () => {
    await assertFails(add({ images: ['https://evil.example/a.jpg'], primary: 'https://evil.example/a.jpg' }));
    const other = imageAddress(PROJECT, 'editor_1_a.jpg', 'someone-else.appspot.com');
    await assertFails(add({ images: [other], primary: other }));
    const elsewhere = A.replace('Uploads%2F', 'Private%2F');
    await assertFails(add({ images: [elsewhere], primary: elsewhere }));
    await assertFails(add({ images: [A, 7], primary: A }));
    await assertFails(add({ images: [A, { url: A }], primary: A }));
    const long = `${A}&x=${'y'.repeat(2048)}`;
    await assertFails(add({ images: [long], primary: long }));
    await assertFails(
      db('editor')
        .collection('products')
        .doc('p1')
        .update({ images: [A, 'javascript:alert(1)'] }),
    );
  });
  it('refuses a primary that is not one of its images', async () => {
    await assertFails(add({ primary: imageAddress(PROJECT, 'editor_3_c.jpg') }));
    await assertFails(add({ primary: 'x'.repeat(100_000) }));
    await assertFails(add({ primary: 7 }));
    await assertFails(
      db('editor')
        .collection('products')
        .doc('p1')
        .update({ images: [B], primary: A }),
    );
    await assertSucceeds(
      db('editor')
        .collection('products')
        .doc('p1')
        .update({ images: [B], primary: B }),
    );
  });
});

describe('a language record within the server’s size', () => {
  it('texts and booleans up to 256 KiB of keys and texts', async () => {
    await assertSucceeds(
      db('editor').collection('languages').doc('en').set({ title: 'Linen', footer: 'Bye', banner: true }),
    );
    await assertSucceeds(
      db('editor')
        .collection('languages')
        .doc('en')
        .set({ title: 'x'.repeat(200_000), footer: 'Bye' }),
    );
  });
  it('refuses a record larger than that, on create and on update', async () => {
    const big = 'x'.repeat(262_144);
    await assertFails(db('editor').collection('languages').doc('en').set({ title: big, footer: 'Bye' }));
    await assertFails(db('editor').collection('languages').doc('se').set({ title: big }));
    await assertFails(
      db('admin')
        .collection('languages')
        .doc('se')
        .set({ title: 'x'.repeat(131_072), footer: big }),
    );
  });
});

describe('app: only the status document for everyone signed in', () => {
  it('anyone signed in reads the status document (active, and an optional version), present or not', async () => {
    await assertSucceeds(db('staff').collection('app').doc('status').get());
    await assertSucceeds(db('nobody').collection('app').doc('status').get());
    await assertSucceeds(db('staff').collection('app').doc('missing').get());
  });
  it('any other document of app is the admins’: not for staff, editors or self-made accounts', async () => {
    await assertFails(db('nobody').collection('app').doc('keys').get());
    await assertFails(db('staff').collection('app').doc('keys').get());
    await assertFails(db('editor').collection('app').doc('keys').get());
    await assertFails(db('nobody').collection('app').get());
    await assertSucceeds(db('admin').collection('app').doc('keys').get());
  });
  it('admins write only a status: a boolean active and a short text version', async () => {
    await assertSucceeds(db('admin').collection('app').doc('status').set({ active: false, version: '2.4.0' }));
    await assertFails(db('admin').collection('app').doc('status').set({ active: true, version: 7 }));
    await assertFails(db('admin').collection('app').doc('status').set({ active: true, note: 'x' }));
    await assertFails(db('admin').collection('app').doc('other').set({ apiKey: 'x' }));
  });
});
