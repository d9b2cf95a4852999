// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, getDoc, getDocs } from 'firebase/firestore';
import { fieldsOfResource, type ResourceDescription } from '../../../domain/resourceDescription';
import { fullName } from '../../../domain/names';
import { servedResources } from '../../../server/resources';
import type { DescribedRecord } from '../../../providers/firebase/described';
import { DELETED_ENTRY } from '../../../providers/firebase/recordHistory';
import { rulesOf } from '../../../scripts/firestoreRules';
import { clearAccounts } from '../helpers/auth';
import { imageAddress, seedStaff, startBackend, type Backend } from '../helpers/backend';
import { bodyOf, everyKind, valueOf, type Context } from '../../server/helpers/recordValues';

// The console's own writes against what firebase/firestore.rules let them hold (scripts/firestoreRules.ts): this
// emulator does not evaluate rules, so the documents the provider wrote are read back and held against the generated
// rules' key lists, and the entries' names against the writer's users/{uid}. (`npm run test:rules` runs the rules.)
const RESOURCES: ResourceDescription[] = [...servedResources, everyKind];
let b: Backend;
let uid = '';
// Its image: an address of the test bucket's Uploads/ folder (imageAddress), set once the backend is up.
const ctx: Context = { image: '', ids: new Map() };

/** The quoted names of the rules' `<what>.keys().hasOnly([…])` (the first after `after`). */
function allowedKeys(rules: string, what: string, after = ''): string[] {
  const from = rules.indexOf(after);
  const m = new RegExp(`${what}\\.keys\\(\\)\\.hasOnly\\(\\[([^\\]]*)\\]\\)`).exec(rules.slice(from));
  return m ? [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!) : [];
}

beforeAll(async () => {
  b = await startBackend(RESOURCES);
  ctx.image = imageAddress(b);
  await clearAccounts();
  window.localStorage.clear();
  uid = await seedStaff(b.other(), {
    email: 'fit@example.com',
    password: 'secret-1',
    isEditor: true,
    isAdmin: true,
    firstName: 'Fia',
    lastName: 'Fit',
  });
  await b.authProvider.login({ email: 'fit@example.com', password: 'secret-1' });
});
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

describe.each(RESOURCES.map((d) => [d.name, d] as const))('the console’s writes fit the rules: %s', (name, d) => {
  it('add, edit and delete: the record’s keys and each history entry’s keys, name and diff', async () => {
    for (const [, f] of fieldsOfResource(d)) {
      if (f.kind !== 'reference' || ctx.ids.has(f.to!)) continue;
      const target = RESOURCES.find((x) => x.name === f.to)!;
      ctx.ids.set(target.name, (await b.dataProvider.create(target.name, { data: bodyOf(target, 9000, ctx) })).data.id);
    }
    const rules = rulesOf(d);
    const recordKeys = allowedKeys(rules, 'd');
    const diffKeys = allowedKeys(rules, 'x');
    const entryKeys = allowedKeys(rules, 'request.resource.data', 'allow create: if');
    expect(recordKeys).toContain('created');
    expect(entryKeys).toEqual(['at', 'actor', 'actorName', 'action', 'diff']);

    const { data: rec } = await b.dataProvider.create<DescribedRecord>(name, { data: bodyOf(d, 2, ctx) });
    const field = fieldsOfResource(d).find(
      ([, f]) =>
        !f.locked && !f.unique && ['line', 'text', 'translated', 'integer', 'number', 'choice'].includes(f.kind),
    )![0];
    const translated = fieldsOfResource(d).find(([, f]) => f.kind === 'translated')?.[0];
    const texts = translated ? { translations: { se: { [translated]: 'Ny text' } } } : {};
    const { data: saved } = await b.dataProvider.update<DescribedRecord>(name, {
      id: rec.id,
      data: { ...rec, [field]: valueOf(d.fields[field]!, 703, ctx), ...texts },
      previousData: rec,
    });
    const stored = (await getDoc(doc(b.other(), name, rec.id))).data()!;
    expect(recordKeys).toEqual(expect.arrayContaining(Object.keys(stored)));
    await b.dataProvider.delete(name, { id: rec.id, previousData: saved });

    const user = (await getDoc(doc(b.other(), 'users', uid))).data() as { firstName: string; lastName: string };
    const docs = (await getDocs(collection(b.other(), name, rec.id, 'history'))).docs;
    const entries = docs.map((e) => e.data());
    expect(entries.map((e) => e.action).sort()).toEqual(['changed', 'created', 'deleted']);
    // The rules take a delete only with its entry under this id, and that id for no other entry.
    for (const e of docs) expect(e.id === DELETED_ENTRY).toBe(e.data().action === 'deleted');
    expect(rules).toContain(`/history/${DELETED_ENTRY}).data.at == request.time`);
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual([...entryKeys].sort());
      expect(e.actor).toBe(uid);
      // The rules' callerName(): the users/{uid} document's first and last name, trimmed.
      expect(e.actorName).toBe(fullName(user));
      expect(diffKeys).toEqual(expect.arrayContaining(Object.keys(e.diff as object)));
      for (const side of Object.values(e.diff as Record<string, object>))
        expect(['from', 'to']).toEqual(expect.arrayContaining(Object.keys(side)));
    }
  });
});
