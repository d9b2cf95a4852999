import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { productDescription } from '../../../domain/productFields';
import type { ResourceDescription } from '../../../domain/resourceDescription';
import { PRODUCTS_BEGIN, PRODUCTS_END, productRulesOf } from '../../../scripts/firestoreRules';
import { firestoreRulesText, imageAddress, rulesEnvironment, seed } from './env';

// firebase/firestore.rules with the products' block generated from a description with two optional fields more than
// today's (a choice and a reference to care guides), as `npm run resources` would write it: a product written before
// the fields were added (every product there is) is still edited, one by one and in bulk; a new field's value is
// checked by its kind.
const grown = {
  ...productDescription,
  fields: {
    ...productDescription.fields,
    colour: { kind: 'choice', options: ['Red', 'Blue'], optional: true },
    guide: { kind: 'reference', to: 'careguides', optional: true },
  },
} as unknown as ResourceDescription;

function grownRules(): string {
  const rules = firestoreRulesText();
  const start = rules.indexOf(PRODUCTS_BEGIN) + PRODUCTS_BEGIN.length;
  return `${rules.slice(0, start)}\n${productRulesOf(grown)}\n${rules.slice(rules.indexOf(PRODUCTS_END))}`;
}

let env: RulesTestEnvironment;
const PROJECT = 'demo-rules-product-fields';
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
  env = await rulesEnvironment(PROJECT, grownRules());
});
afterAll(async () => env?.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, async (ctx) => {
    const db = ctx.firestore();
    // Written before colour and guide were added.
    await db.collection('products').doc('old').set(product());
    await db.collection('careguides').doc('g1').set({ title: 'Wash cold' });
  });
});

const products = () => env.authenticatedContext('editor').firestore().collection('products');

describe('products: a field added to the description later', () => {
  it('a product without the new fields is still edited, as bulk edit writes it (status, category, care)', async () => {
    await assertSucceeds(products().doc('old').update({ active: false, category: 'Cotton', mc: 'Cotton care' }));
    await assertSucceeds(products().doc('old').update({ name: 'Renamed' }));
  });

  it('a new field is written with a value its kind takes, and refused with one it does not', async () => {
    await assertSucceeds(products().doc('old').update({ colour: 'Red', guide: 'g1' }));
    await assertSucceeds(products().doc('old').update({ colour: '', guide: '' }));
    await assertFails(products().doc('old').update({ colour: 'Green' }));
    await assertFails(products().doc('old').update({ colour: 7 }));
    await assertFails(products().doc('old').update({ guide: 'no-such-guide' }));
    await assertSucceeds(products().add(product({ sku: 'S-2', colour: 'Blue', guide: 'g1' })));
    await assertSucceeds(products().add(product({ sku: 'S-3' })));
    await assertFails(products().add(product({ sku: 'S-4', colour: 'Green' })));
  });

  it('today’s fields stay required: a product missing one is refused', async () => {
    const { price: _price, ...noPrice } = product({ sku: 'S-5' });
    await assertFails(products().add(noPrice));
  });
});
