// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, getFirestore, setDoc, type Firestore } from 'firebase/firestore';
import { format, messages } from '../../../domain/messages';
import { productDescription } from '../../../domain/productFields';
import type { ResourceDescription } from '../../../domain/resourceDescription';
import { createPager } from '../../../providers/firebase/pages';
import { productCalls } from '../../../providers/firebase/products';
import { productRulesOf } from '../../../scripts/firestoreRules';
import { startBackend, type Backend } from '../helpers/backend';

// Products over Firestore from their description alone: the product calls given a description with two fields more
// than today's (an optional choice and an optional reference to care guides), through the real SDK on the Firestore
// emulator. A document written before the fields were added reads them as empty and can still be edited; the new
// fields are written, read back and refused by their kinds' rules without a line of providers/firebase for them.
const grown = {
  ...productDescription,
  fields: {
    ...productDescription.fields,
    colour: { kind: 'choice', options: ['Red', 'Blue'], optional: true },
    guide: { kind: 'reference', to: 'careguides', optional: true },
  },
} as unknown as ResourceDescription;

let b: Backend;
let db: Firestore;
let calls: ReturnType<typeof productCalls>;
const image = 'https://example.test/a.jpg';
const older = {
  sku: 'OLD-1',
  name: 'Towel',
  details: 'Soft',
  price: '10',
  category: 'Linen',
  mc: 'Linen care',
  active: true,
  images: [image],
  primary: image,
};
const stored = async (id: string) => (await getDoc(doc(db, 'products', id))).data();

beforeAll(async () => {
  b = await startBackend();
  db = getFirestore(b.app);
  calls = productCalls(db, createPager(db), grown);
  await setDoc(doc(b.other(), 'products', 'old-1'), older);
  await setDoc(doc(b.other(), 'products', 'old-2'), { ...older, sku: 'OLD-2' });
  // Another client's keys beside the described ones: Firestore's rules (hasOnly) would refuse any save of it.
  await setDoc(doc(b.other(), 'products', 'odd-1'), { ...older, sku: 'ODD-1', created: 'yesterday', shelf: 'B4' });
  await setDoc(doc(b.other(), 'careguides', 'guide-1'), { title: 'Wash cold' });
});
afterAll(async () => {
  await b.stop();
});

describe('Firebase products from their description: a field added later', () => {
  it('a document written before the fields were added reads them as their empty values', async () => {
    const p = (await calls.one('old-1')) as unknown as Record<string, unknown>;
    expect(p).toMatchObject({ sku: 'OLD-1', category: 'Linen', mc: 'Linen care', colour: '', guide: '' });
    const listed = (await calls.list({}, 10, undefined)).data as unknown as Record<string, unknown>[];
    expect(listed.find((x) => x.id === 'old-1')).toMatchObject({ colour: '', guide: '' });
  });

  it('such a product is edited: leaving the new fields out keeps them out, giving them writes them', async () => {
    const loaded = await calls.one('old-1');
    await calls.update('old-1', { price: '12' }, loaded);
    expect(await stored('old-1')).toEqual({ ...older, price: '12' });
    const again = await calls.one('old-1');
    const p = await calls.update('old-1', { ...again, colour: 'Blue', guide: 'guide-1' }, again);
    expect(p).toMatchObject({ price: '12', colour: 'Blue', guide: 'guide-1' });
    expect(await stored('old-1')).toMatchObject({ colour: 'Blue', guide: 'guide-1' });
  });

  it('such a product saved as it was read (the new fields empty) is left as it was, version and all', async () => {
    const loaded = await calls.one('old-2');
    const saved = await calls.update('old-2', { ...loaded }, loaded);
    expect(await stored('old-2')).toEqual({ ...older, sku: 'OLD-2' });
    expect(saved.version).toBe(loaded.version);
  });

  it('a document holding keys no description names is not saved: the keys are named, the document kept', async () => {
    const loaded = await calls.one('odd-1');
    await expect(calls.update('odd-1', { ...loaded, price: '11' }, loaded)).rejects.toMatchObject({
      status: 400,
      message: format(messages.firebase.unknownFields, { fields: 'created, shelf' }),
    });
    expect(await stored('odd-1')).toEqual({ ...older, sku: 'ODD-1', created: 'yesterday', shelf: 'B4' });
  });

  it('a new field round-trips: added, stored under its name and read back; its keys fit the rules', async () => {
    const p = await calls.create({ ...older, sku: 'NEW-2', colour: 'Red', guide: 'guide-1', images: [image] });
    const data = await stored(String(p.id));
    expect(data).toMatchObject({ sku: 'NEW-2', colour: 'Red', guide: 'guide-1' });
    expect(await calls.one(String(p.id))).toMatchObject({ colour: 'Red', guide: 'guide-1' });
    const keys = /d\.keys\(\)\.hasOnly\(\[([^\]]*)\]\)/.exec(productRulesOf(grown))![1]!;
    const allowed = [...keys.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(Object.keys(data!).every((k) => allowed.includes(k))).toBe(true);
  });

  it('a bad value of a new field is refused by its kind’s rule, and nothing is written', async () => {
    const before = await stored('old-1');
    const loaded = await calls.one('old-1');
    await expect(calls.update('old-1', { ...loaded, colour: 'Green' }, loaded)).rejects.toMatchObject({
      status: 400,
      message: messages.records.badChoice,
    });
    expect(await stored('old-1')).toEqual(before);
  });

  it('an edit keeps the texts of a translated field added later and drops what the description lacks', async () => {
    const withSubtitle = {
      ...grown,
      fields: { ...grown.fields, subtitle: { kind: 'translated', as: 'line', max: 80, optional: true } },
    } as unknown as ResourceDescription;
    const subtitled = productCalls(db, createPager(db), withSubtitle);
    await setDoc(doc(b.other(), 'products', 'tr-1'), {
      ...older,
      sku: 'TR-1',
      translations: { se: { name: 'Handduk', subtitle: 'Mjuk', colour: 'Röd', '0': 'x' }, de: { name: 'Handtuch' } },
    });
    const loaded = await subtitled.one('tr-1');
    expect(loaded.translations).toEqual({ se: { name: 'Handduk', subtitle: 'Mjuk' } });
    await subtitled.update('tr-1', { translations: { se: { name: 'Badlakan' } } }, loaded);
    expect((await stored('tr-1'))!.translations).toEqual({ se: { name: 'Badlakan', subtitle: 'Mjuk' } });
  });

  it('an odd value another client wrote reads as the empty value, not as an option picked for it', async () => {
    await setDoc(doc(b.other(), 'products', 'odd-1'), { ...older, sku: 'ODD-1', category: 'Wool', colour: 7 });
    expect(await calls.one('odd-1')).toMatchObject({ category: '', colour: '', mc: 'Linen care' });
  });
});
