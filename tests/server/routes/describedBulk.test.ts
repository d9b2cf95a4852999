import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedResources } from '../../../server/resources.js';
import { productDescription } from '../../../domain/productDescription.js';
import { openDb } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { fieldSchema } from '../../../domain/recordSchemas.js';
import {
  bulkFieldsOf,
  describeResource,
  emptyValue,
  fieldsOfResource,
  labelOf,
  type FieldDescription,
  type ResourceDescription,
} from '../../../domain/resourceDescription.js';
import { onChange, type Change } from '../../../server/core/events.js';
import {
  ADMIN,
  createData,
  createUser,
  dialects,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
} from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { bodyOf, everyKind, valueOf, type Context, type Values } from '../helpers/recordValues.js';

/** The made-up resource with a field of every kind, bulk edit on: every kind that may be set in bulk is set. */
const everyBulk = describeResource({
  ...everyKind,
  name: 'every_bulk',
  bulk: true,
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});
/**
 * Every resource with bulk edit: the products (the engine's on their own table, named by SKU, with their own
 * history), each described resource whose description turns it on (care guides), and the made-up one.
 */
const WITH: ResourceDescription[] = [productDescription, ...servedResources.filter((d) => d.bulk === true), everyBulk];
const isProducts = (d: ResourceDescription): boolean => d.name === 'products';
/** What an outcome names a record by: a product by its SKU, a record by its label. */
const labelKey = (d: ResourceDescription): 'sku' | 'label' => (isProducts(d) ? 'sku' : 'label');
/** Whose history a change of `d` is: the products' own kind, else a described record's. */
const ownerOf = (d: ResourceDescription) =>
  isProducts(d) ? { kind: 'product', resource: null } : { kind: 'record', resource: d.name };
/** A described resource without it. */
const WITHOUT = servedResources.find((d) => d.bulk !== true)!;

/** A value of `f` that none of `taken` holds (its kind's samples, domain/fieldKinds.ts). */
function otherValue(f: FieldDescription, taken: unknown[], ctx: Context): unknown {
  // Its samples, then its empty value where it may be empty (a reference's samples all point to one record).
  const candidates = [
    ...Array.from({ length: 40 }, (_, k) => valueOf(f, k, ctx)),
    ...(f.optional ? [emptyValue(f)] : []),
  ];
  for (const v of candidates) {
    if (taken.every((x) => JSON.stringify(x) !== JSON.stringify(v))) return v;
  }
  throw new Error(`no other value of a ${f.kind}`);
}

/** A value the field's own rule refuses. */
const badValue = (f: FieldDescription): unknown =>
  ['no such option', -1, 1e15, 'x'.repeat(300), '2026-02-30', {}, 'ZZ'].find(
    (v) => !fieldSchema(f).safeParse(v).success,
  );

// Bulk edit is the engine's (`bulk: true`): GET /api/<name>/ids, POST /api/<name>/bulk and its Undo, for the
// resource's editors, with products' semantics (versions, conflicts, one Activity line, one Undo) on both databases.
describe.each(dialects())('bulk edit of the products and every described resource that turns it on (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let cookie: string;
  let admin: string;
  let noRole: string;
  const ctx: Context = { image: '', ids: new Map() };
  const heard: (readonly Change[])[] = [];

  beforeAll(async () => {
    data = await createData(dialect);
    // The made-up resource's table, as its generated migration would make it.
    const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await migrate(db);
      await applyTableSteps(db.kysely as unknown as Kysely<unknown>, planSteps([everyBulk], []).steps);
    } finally {
      await db.kysely.destroy();
    }
    t = await startApp({ dialect, data, build: { described: [...servedResources, everyBulk] } });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    const other = await createUser(t, 'noRole');
    noRole = await signIn(t, other.email, other.password);
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    ctx.image = await storedImage(t, editor.uid, 'bulk.jpg');
    onChange(t.db, (changes) => {
      heard.push(changes);
    });
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  /** Adds the n-th records of `d` (a record of each resource it points to first). */
  async function add(d: ResourceDescription, ns: number[]): Promise<Values[]> {
    for (const [, f] of fieldsOfResource(d))
      if (f.kind === 'reference' && !ctx.ids.has(f.to!)) {
        const target = servedResources.find((x) => x.name === f.to)!;
        const res = await t.api('POST', `/api/${target.name}`, { cookie, body: bodyOf(target, 9000, ctx) });
        expect(res.status, res.text).toBe(201);
        ctx.ids.set(target.name, res.json.id);
      }
    const out: Values[] = [];
    for (const n of ns) {
      // A product needs its first image (the specification's rule).
      const body = { ...bodyOf(d, n, ctx), ...(isProducts(d) ? { images: [ctx.image] } : {}) };
      const res = await t.api('POST', `/api/${d.name}`, { cookie, body });
      expect(res.status, res.text).toBe(201);
      out.push(res.json);
    }
    return out;
  }
  const read = async (d: ResourceDescription, id: unknown) =>
    (await t.api('GET', `/api/${d.name}/${String(id)}`, { cookie })).json as Values;
  const bulk = (d: ResourceDescription, body: unknown, as = cookie) =>
    t.api('POST', `/api/${d.name}/bulk`, { cookie: as, body });
  const versions = (recs: Values[]) => Object.fromEntries(recs.map((r) => [r.id, r.version]));

  it('is turned on by care guides, and sets only fields of kinds that may be set in bulk', () => {
    expect(WITH.map((d) => d.name)).toContain('careguides');
    expect(bulkFieldsOf(everyBulk).map(([k]) => k)).toEqual([
      'tone',
      'price',
      'count',
      'done',
      'supplier',
      'country',
      'email',
      'day',
      'starts',
      'tags',
    ]);
  });

  it.each(WITH.map((d) => [d.name, d] as const))(
    'sets %s values on two records, one Activity line, and one Undo sets them back',
    async (_name, d) => {
      // Two of a kind (a yes/no alike in both), so one value is new to both.
      const recs = await add(d, [11, 13, 12]);
      const [a, b, c] = recs as [Values, Values, Values];
      const set = Object.fromEntries(bulkFieldsOf(d).map(([k, f]) => [k, otherValue(f, [a[k], b[k]], ctx)]));
      heard.length = 0;
      const res = await bulk(d, { ids: [a.id, b.id], set, versions: versions([a, b]) });
      expect(res.status, res.text).toBe(200);
      expect(res.json.counts).toEqual({ changed: 2, unchanged: 0, conflict: 0, refused: 0 });
      expect(res.json.items[0]).toMatchObject({ id: a.id, outcome: 'changed', [labelKey(d)]: String(a[labelOf(d)]) });
      for (const r of [a, b]) {
        const now = await read(d, r.id);
        expect(now).toMatchObject({ ...set, version: (r.version as number) + 1 });
      }
      // The third was not named: as it was.
      expect(await read(d, c.id)).toMatchObject({ version: c.version });
      // Announced once (webhooks, the feed, live lists) through commit(), each record with its resource.
      const owner = ownerOf(d);
      expect(
        heard.flat().filter((x) => x.kind === owner.kind && ('resource' in x ? x.resource : null) === owner.resource),
      ).toHaveLength(2);
      // Each record's own history holds its change, in the batch.
      const own = (await t.api('GET', `/api/${d.name}/${String(a.id)}/history`, { cookie })).json.items;
      expect(own[0]).toMatchObject({ action: 'changed', batch: res.json.batch });
      // Activity: the batch's one line, with its count.
      const activity = await t.api('GET', '/api/history?limit=3', { cookie: admin });
      expect(activity.json.items[0]).toMatchObject({
        ...ownerOf(d),
        action: 'bulkChanged',
        batch: res.json.batch,
        count: 2,
      });

      // The same again: already so, unchanged.
      const again = await bulk(d, {
        ids: [a.id],
        set,
        versions: { [String(a.id)]: (a.version as number) + 1 },
      });
      expect(again.json.items[0]).toMatchObject({ outcome: 'unchanged' });

      const undo = await t.api('POST', `/api/${d.name}/bulk/${String(res.json.batch)}/undo`, { cookie });
      expect(undo.status, undo.text).toBe(200);
      expect(undo.json).toMatchObject({ undone: 2, left: [] });
      for (const r of [a, b]) {
        const now = await read(d, r.id);
        for (const [k] of bulkFieldsOf(d)) expect(now[k]).toEqual(r[k]);
      }
      // Once only.
      expect((await t.api('POST', `/api/${d.name}/bulk/${String(res.json.batch)}/undo`, { cookie })).status).toBe(409);
    },
  );

  it.each(WITH.map((d) => [d.name, d] as const))(
    'reports a %s record saved since it was selected as a conflict, and Undo leaves one changed since',
    async (_name, d) => {
      const [a, b] = (await add(d, [21, 22])) as [Values, Values];
      // A field with a third value to give (not a yes/no, nor a choice of two: products' category).
      const [field, spec] = bulkFieldsOf(d).find(([, f]) => f.kind !== 'boolean' && (f.options?.length ?? 3) >= 3)!;
      const value = otherValue(spec, [a[field], b[field]], ctx);
      const res = await bulk(d, {
        ids: [a.id, b.id],
        set: { [field]: value },
        versions: { ...versions([a, b]), [String(b.id)]: (b.version as number) - 1 || 99 },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json.counts).toMatchObject({ changed: 1, conflict: 1 });
      expect(res.json.items[1]).toMatchObject({
        id: b.id,
        outcome: 'conflict',
        version: b.version,
        reason: 'Changed by someone else since it was selected.',
      });
      expect((await read(d, b.id))[field]).toEqual(b[field]);
      // Someone edits a again; the batch's Undo leaves it alone, saying why.
      const third = otherValue(spec, [a[field], value], ctx);
      const edited = await t.api('PATCH', `/api/${d.name}/${String(a.id)}`, {
        cookie,
        body: { [field]: third },
        headers: { 'if-match': `"${(a.version as number) + 1}"` },
      });
      expect(edited.status, edited.text).toBe(200);
      const undo = await t.api('POST', `/api/${d.name}/bulk/${String(res.json.batch)}/undo`, { cookie });
      expect(undo.json).toMatchObject({
        undone: 0,
        left: [{ id: a.id, [labelKey(d)]: String(a[labelOf(d)]), reason: 'Changed again since the bulk change.' }],
      });
      expect((await read(d, a.id))[field]).toEqual(third);
    },
  );

  it.each(WITH.map((d) => [d.name, d] as const))(
    'refuses a value of %s its field does not take, and changes nothing',
    async (_name, d) => {
      const [a] = (await add(d, [31])) as [Values];
      const before = (await t.db.selectFrom('history').select('seq').execute()).length;
      for (const [field, spec] of bulkFieldsOf(d)) {
        const res = await bulk(d, { ids: [a.id], set: { [field]: badValue(spec) }, versions: versions([a]) });
        expect(res.status, `${field}: ${res.text}`).toBe(400);
      }
      for (const body of [
        { ids: [a.id], set: {}, versions: versions([a]) },
        { ids: [a.id], set: { nosuchfield: 1 }, versions: versions([a]) },
        {
          ids: [a.id, a.id],
          set: { [bulkFieldsOf(d)[0]![0]]: valueOf(bulkFieldsOf(d)[0]![1], 1, ctx) },
          versions: versions([a]),
        },
        { ids: [a.id], set: { [bulkFieldsOf(d)[0]![0]]: valueOf(bulkFieldsOf(d)[0]![1], 1, ctx) }, versions: {} },
      ]) {
        const res = await bulk(d, body);
        expect(res.status, res.text).toBe(400);
      }
      // A field that is not set in bulk (unique, searched or images) is no field of the set.
      for (const [field] of fieldsOfResource(d).filter(([k]) => !bulkFieldsOf(d).some(([b]) => b === k))) {
        const res = await bulk(d, { ids: [a.id], set: { [field]: a[field] }, versions: versions([a]) });
        expect(res.status, res.text).toBe(400);
      }
      expect(await read(d, a.id)).toMatchObject({ version: a.version });
      expect((await t.db.selectFrom('history').select('seq').execute()).length).toBe(before);
    },
  );

  it('refuses a reference to a record that does not exist, and changes nothing', async () => {
    const [a] = (await add(everyBulk, [41])) as [Values];
    const res = await bulk(everyBulk, { ids: [a.id], set: { supplier: 'no-such-supplier' }, versions: versions([a]) });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.message).toBe('The chosen record does not exist.');
    expect(await read(everyBulk, a.id)).toMatchObject({ version: a.version, supplier: a.supplier });
  });

  it.each(WITH.map((d) => [d.name, d] as const))(
    'answers the ids and versions of the %s records the list matches, in its order',
    async (_name, d) => {
      const recs = await add(d, [51, 52]);
      const all = await t.api('GET', `/api/${d.name}/ids`, { cookie });
      expect(all.status, all.text).toBe(200);
      expect(all.json.more).toBe(false);
      const list = await t.api('GET', `/api/${d.name}?limit=100`, { cookie });
      expect(all.json.items).toEqual((list.json.items as Values[]).map((r) => ({ id: r.id, version: r.version })));
      for (const r of recs) expect(all.json.items).toContainEqual({ id: r.id, version: r.version });
      // The list's search narrows it as the list does; a parameter the list refuses is refused.
      const searched = d.fields[d.search]!.search
        ? await t.api('GET', `/api/${d.name}/ids?q=${encodeURIComponent(String(recs[0]![d.search]))}`, { cookie })
        : null;
      if (searched) expect(searched.json.items).toEqual([{ id: recs[0]!.id, version: recs[0]!.version }]);
      expect((await t.api('GET', `/api/${d.name}/ids?sort=nosuch`, { cookie })).status).toBe(400);
      expect((await t.api('GET', `/api/${d.name}/ids?bogus=1`, { cookie })).status).toBe(400);
    },
  );

  it.each(WITH.map((d) => [d.name, d] as const))('keeps %s bulk edit to its editors', async (_name, d) => {
    const [a] = (await add(d, [61])) as [Values];
    const [field, spec] = bulkFieldsOf(d)[0]!;
    const body = { ids: [a.id], set: { [field]: otherValue(spec, [a[field]], ctx) }, versions: versions([a]) };
    expect((await t.api('GET', `/api/${d.name}/ids`, { cookie: noRole })).status).toBe(403);
    expect((await bulk(d, body, noRole)).status).toBe(403);
    const done = await bulk(d, body);
    expect(done.status).toBe(200);
    expect(
      (await t.api('POST', `/api/${d.name}/bulk/${String(done.json.batch)}/undo`, { cookie: noRole })).status,
    ).toBe(403);
    // A batch of another resource, or of products, is not this resource's to undo.
    const other = WITH.find((x) => x.name !== d.name)!;
    expect((await t.api('POST', `/api/${other.name}/bulk/${String(done.json.batch)}/undo`, { cookie })).status).toBe(
      404,
    );
    if (!isProducts(d))
      expect((await t.api('POST', `/api/products/bulk/${String(done.json.batch)}/undo`, { cookie })).status).toBe(404);
  });

  it('has no bulk edit where the description does not turn it on', async () => {
    expect(WITHOUT.bulk).toBeUndefined();
    const res = await t.api('POST', `/api/${WITHOUT.name}/bulk`, {
      cookie: admin,
      body: { ids: ['x'], set: {}, versions: { x: 1 } },
    });
    expect(res.status).toBe(404);
    expect(
      (await t.api('POST', `/api/${WITHOUT.name}/bulk/${crypto.randomUUID()}/undo`, { cookie: admin })).status,
    ).toBe(404);
    // /ids is no route of its own there: it is read as a record's id, which no record has.
    expect((await t.api('GET', `/api/${WITHOUT.name}/ids`, { cookie: admin })).json.error.code).toBe('not_found');
  });
});
