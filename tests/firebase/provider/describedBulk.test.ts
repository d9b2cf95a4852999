// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, updateDoc } from 'firebase/firestore';
import { bulkFieldsOf, labelOf, type ResourceDescription } from '../../../domain/resourceDescription';
import type { AppDataProvider } from '../../../base/backend';
import { servedResources } from '../../../server/resources';
import { clearAccounts } from '../helpers/auth';
import { imageAddress, seedStaff, startBackend, type Backend } from '../helpers/backend';
import { bodyOf, valueOf, type Context } from '../../server/helpers/recordValues';

// A described list's bulk edit (`bulk: true`) over Firestore, through the engine's transactions
// (providers/firebase/bulk.ts): each record written with its 'changed' entry only when its content is still what was
// selected (its fingerprint), checked inside the transaction; without a history of the whole change, no batch to undo.
const WITH: ResourceDescription[] = servedResources.filter((d) => d.bulk === true);
let b: Backend;
let dp: AppDataProvider;
const ctx: Context = { image: '', ids: new Map() };

beforeAll(async () => {
  b = await startBackend(servedResources);
  ctx.image = imageAddress(b);
  await clearAccounts();
  window.localStorage.clear();
  await seedStaff(b.other(), { email: 'bulk@example.com', password: 'secret-1', isEditor: true });
  await b.authProvider.login({ email: 'bulk@example.com', password: 'secret-1' });
  dp = b.dataProvider as AppDataProvider;
}, 120_000);
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

describe.each(WITH.map((d) => [d.name, d] as const))('Firebase data provider: bulk edit of %s', (name, d) => {
  it('sets a value on the selected records with their history; reports conflicts, unchanged, gone', async () => {
    const made = [];
    for (const n of [1, 3, 5, 7]) made.push((await dp.create(name, { data: bodyOf(d, n, ctx) })).data);
    const all = await dp.recordIds(name, {});
    expect(all.items.map((x) => x.id).sort()).toEqual(made.map((r) => r.id).sort());
    await expect(dp.recordIds(name, { q: 'x' })).rejects.toMatchObject({ code: 'not_available' });
    const versions = Object.fromEntries(all.items.map((x) => [x.id, x.version]));
    const [field, spec] = bulkFieldsOf(d)[0]!;
    const [a, c, e, g] = made as Record<string, unknown>[];
    const value = [0, 1, 2, 3, 4, 5].map((k) => valueOf(spec, k, ctx)).find((v) => v !== a![field] && v !== c![field]);
    // g already holds the value; c is saved by someone else after it was selected.
    await updateDoc(doc(b.other(), name, String(g!.id)), { [field]: value });
    versions[String(g!.id)] = (await dp.recordIds(name, {})).items.find((x) => x.id === g!.id)!.version;
    await updateDoc(doc(b.other(), name, String(c!.id)), { [labelOf(d)]: 'Someone else' });
    const res = await dp.bulkRecords(name, {
      ids: [a!.id, c!.id, g!.id, 'gone'].map(String),
      set: { [field]: value },
      versions: { ...versions, gone: 1 },
    });
    expect(res.batch).toBeUndefined();
    expect(res.counts).toEqual({ changed: 1, unchanged: 1, conflict: 1, refused: 1 });
    expect(res.items.map((x) => x.outcome)).toEqual(['changed', 'conflict', 'unchanged', 'refused']);
    expect(res.items[1]).toMatchObject({
      label: 'Someone else',
      reason: 'Changed by someone else since it was selected.',
    });
    expect(res.items[3]).toMatchObject({ reason: 'This record no longer exists.' });
    expect((await dp.getOne(name, { id: a!.id as string })).data[field]).toEqual(value);
    expect((await dp.getOne(name, { id: c!.id as string })).data[field]).toEqual(c![field]);
    expect(e).toBeDefined();
    // Its own history holds the change.
    const history = await dp.getHistory({ kind: 'record', resource: name, id: String(a!.id) });
    expect(history.items[0]).toMatchObject({ action: 'changed', diff: { [field]: [a![field], value] } });
    // A value its field's rule refuses changes nothing.
    await expect(
      dp.bulkRecords(name, { ids: [String(e!.id)], set: { [field]: 'no such value' }, versions }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
