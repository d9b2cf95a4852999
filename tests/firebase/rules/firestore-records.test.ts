import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { at, imageAddress, rulesEnvironment, seed, serverTime } from './env';

// firebase/firestore.rules, the described resources' generated blocks: a record and its
// history entry as providers/firebase/described.ts writes them (one batch), the entry in the writer's own name (their
// users/{uid} first and last name) with a diff of the record's fields only, a delete tied to its 'deleted' entry; a
// care guide's Swedish texts by size.
let env: RulesTestEnvironment;
const PROJECT = 'demo-rules-records';
const PICTURE = imageAddress(PROJECT);
const supplier = (over: Record<string, unknown> = {}) => ({
  name: 'Weaver AB',
  contactPerson: '',
  email: '',
  country: 'SE',
  notes: '',
  ...over,
});
const guide = (over: Record<string, unknown> = {}) => ({
  title: 'Linen',
  body: 'Wash at 40',
  fabric: 'linen',
  picture: [PICTURE],
  translations: { se: { body: 'Tvätta i 40' } },
  ...over,
});
/** A history entry as providers/firebase/recordHistory.ts entryData writes it, by `uid` (seeded 'Test <uid>'). */
const entry = (uid: string, over: Record<string, unknown> = {}) => ({
  at: serverTime(),
  actor: uid,
  actorName: `Test ${uid}`,
  action: 'changed',
  diff: { name: { from: 'Weaver AB', to: 'Weavers AB' } },
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
    await db
      .collection('suppliers')
      .doc('s1')
      .set({ ...supplier(), created: at(Date.UTC(2025, 0, 1)) });
    await db
      .collection('careguides')
      .doc('g1')
      .set({ ...guide(), created: at(Date.UTC(2025, 0, 1)) });
  });
});

const db = (uid: string) => env.authenticatedContext(uid).firestore();
/** Add: the record and its 'created' entry in one batch (simple.ts create). */
const create = (uid: string, collection: string, record: Record<string, unknown>, e: Record<string, unknown>) => {
  const d = db(uid);
  const ref = d.collection(collection).doc();
  const batch = d.batch();
  batch.set(ref, { ...record, created: serverTime() });
  batch.set(ref.collection('history').doc(), e);
  return batch.commit();
};
/** Edit: the change and its 'changed' entry in one batch (simple.ts writeChange). */
const change = (uid: string, path: string, values: Record<string, unknown>, e: Record<string, unknown>) => {
  const d = db(uid);
  const ref = d.doc(path);
  const batch = d.batch();
  batch.update(ref, { ...values, updated: serverTime() });
  batch.set(ref.collection('history').doc(), e);
  return batch.commit();
};
const created = (uid: string, diff: Record<string, unknown>) => entry(uid, { action: 'created', diff });

describe('a history entry is in the writer’s own name', () => {
  it('the console’s writes: add, edit and delete, each with its entry, in the users/{uid} name', async () => {
    await assertSucceeds(
      create(
        'editor',
        'suppliers',
        supplier({ name: 'Mill AB' }),
        created('editor', { name: { from: null, to: 'Mill AB' } }),
      ),
    );
    await assertSucceeds(change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor')));
    const d = db('admin');
    const batch = d.batch();
    batch.delete(d.doc('careguides/g1'));
    batch.set(
      d.doc('careguides/g1/history/deleted'),
      entry('admin', { action: 'deleted', diff: { title: { from: 'Linen', to: null } } }),
    );
    await assertSucceeds(batch.commit());
  });
  it('refuses another name, another actor, another time, another action or another key', async () => {
    await assertFails(
      change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor', { actorName: 'Eva Berg' })),
    );
    await assertFails(change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor', { actorName: '' })));
    await assertFails(change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor', { actor: 'other' })));
    await assertFails(
      change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor', { at: at(Date.UTC(2020, 0, 1)) })),
    );
    await assertFails(change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor', { action: 'undone' })));
    await assertFails(change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor', { note: 'x' })));
  });
  it('refuses a diff of other fields, sides other than from and to, values out of kind or bounds', async () => {
    const bad = (diff: unknown) => change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor', { diff }));
    await assertFails(bad({ password: { from: null, to: 'x' } }));
    await assertFails(bad({ name: { from: 'a', to: 'b', by: 'c' } }));
    await assertFails(bad({ name: ['a', 'b'] }));
    await assertFails(bad({ name: { from: 'a', to: 'n'.repeat(101) } }));
    await assertFails(bad({ name: { from: 'a', to: { nested: 'x' } } }));
    await assertFails(bad({ country: { from: 'SE', to: 'SWE' } }));
    await assertFails(bad('changed everything'));
  });
  it('a care guide’s entry takes its translated texts by their flat keys, within their size', async () => {
    const e = (diff: unknown) => entry('editor', { diff });
    await assertSucceeds(
      change(
        'editor',
        'careguides/g1',
        { translations: { se: { body: 'Tvätta' } } },
        e({ body_se: { from: 'Tvätta i 40', to: 'Tvätta' } }),
      ),
    );
    await assertFails(
      change('editor', 'careguides/g1', { fabric: 'cotton' }, e({ body_se: { from: null, to: 'b'.repeat(5001) } })),
    );
    await assertFails(
      change('editor', 'careguides/g1', { fabric: 'cotton' }, e({ title_se: { from: null, to: 'x' } })),
    );
    await assertFails(
      change('editor', 'careguides/g1', { fabric: 'cotton' }, e({ picture: { from: [], to: [PICTURE, PICTURE] } })),
    );
  });
  it('a record goes only with its "deleted" entry, and that entry only with the delete', async () => {
    const d = db('editor');
    const gone = entry('editor', { action: 'deleted', diff: { name: { from: 'Weaver AB', to: null } } });
    await assertFails(d.doc('suppliers/s1').delete());
    await assertFails(d.doc('suppliers/s1/history/deleted').set(gone));
    const elsewhere = d.batch();
    elsewhere.delete(d.doc('suppliers/s1'));
    elsewhere.set(d.doc('suppliers/s1').collection('history').doc(), gone);
    await assertFails(elsewhere.commit());
    await assertFails(change('editor', 'suppliers/s1', { name: 'Weavers AB' }, entry('editor', { action: 'deleted' })));
    const named = d.batch();
    named.update(d.doc('suppliers/s1'), { name: 'Weavers AB', updated: serverTime() });
    named.set(d.doc('suppliers/s1/history/deleted'), entry('editor'));
    await assertFails(named.commit());
    const both = d.batch();
    both.delete(d.doc('suppliers/s1'));
    both.set(d.doc('suppliers/s1/history/deleted'), gone);
    await assertSucceeds(both.commit());
  });
  it('still advisory: an added or changed entry alone, or a change without its entry, is accepted', async () => {
    await assertSucceeds(db('editor').collection('suppliers').doc('s1').collection('history').add(entry('editor')));
    await assertSucceeds(db('editor').doc('suppliers/s1').update({ name: 'Quiet AB', updated: serverTime() }));
  });
});

describe('a care guide’s Swedish texts and picture', () => {
  it('only translations.se, only the translated body, a text within its size', async () => {
    const add = (over: Record<string, unknown>) =>
      create('editor', 'careguides', guide(over), created('editor', { title: { from: null, to: 'Linen' } }));
    await assertSucceeds(add({}));
    await assertSucceeds(add({ translations: {} }));
    await assertSucceeds(add({ translations: { se: { body: 'b'.repeat(5000) } } }));
    await assertFails(add({ translations: { se: { body: 'b'.repeat(5001) } } }));
    await assertFails(add({ translations: { se: { body: 7 } } }));
    await assertFails(add({ translations: { se: { body: { long: 'x' } } } }));
    await assertFails(add({ translations: { se: { title: 'Lin' } } }));
    await assertFails(add({ translations: { de: { body: 'Waschen' } } }));
    await assertFails(add({ translations: 'Tvätta' }));
  });
  it('its picture is an image of this project’s bucket', async () => {
    const add = (picture: unknown[]) =>
      create('editor', 'careguides', guide({ picture }), created('editor', { title: { from: null, to: 'Linen' } }));
    await assertSucceeds(add([]));
    await assertFails(add(['https://evil.example/a.jpg']));
    await assertFails(add([imageAddress(PROJECT, 'editor_1_a.jpg', 'someone-else.appspot.com')]));
    await assertFails(add([7]));
  });
});
