import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { pruneHistory } from '../../../server/core/history.js';
import * as m022 from '../../../server/db/migrations/022_dashboard_tallies.js';
import type { Dashboard } from '../../../domain/dashboard.js';

// The dashboard's kept counts (migration 022: products_tally, history_tally, kept by triggers) always equal a recount
// of the rows they count, after every kind of change: add, edit, schedule, delete, undo, CSV import, bulk edit and its
// undo, the history prune; and the migration fills them from the rows already there. On both databases.

type Row = Record<string, unknown>;
const norm = (rows: Row[]): string[] =>
  rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])))).sort();

describe.each(dialects())('dashboard tallies (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let image: string;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { SCHEDULE_CHECK_SECONDS: '3600' } });
    const e = await createUser(t, 'editor');
    cookie = await signIn(t, e.email, e.password);
    image = await storedImage(t, e.uid);
  });
  afterAll(async () => t?.close());

  const rows = async (query: string): Promise<Row[]> => (await sql.raw<Row>(query).execute(t.db)).rows;
  /** Each tally against a recount of its table (groups that count 0 left out). */
  async function expectTallied(): Promise<void> {
    const sched = "case when coalesce(active_from, '') > '' or coalesce(active_until, '') > '' then 1 else 0 end";
    expect(
      norm(
        await rows(`select active, category, untranslated, scheduled, n from products_tally where n <> 0
          order by active, category, untranslated, scheduled`),
      ),
    ).toEqual(
      norm(
        await rows(`select active, category, untranslated, ${sched} as scheduled, count(*) as n from products
          group by active, category, untranslated, ${sched}`),
      ),
    );
    expect(norm(await rows('select day, kind, actor, n from history_tally where n <> 0'))).toEqual(
      norm(
        await rows(`select substr(at, 1, 10) as day, kind, coalesce(actor, '') as actor, count(*) as n from history
          where action not in ('bulkChanged', 'bulkUndone') group by substr(at, 1, 10), kind, coalesce(actor, '')`),
      ),
    );
    // And the dashboard's figures are the products table's own.
    const c = ((await t.api('GET', '/api/dashboard', { cookie })).json as Dashboard).catalogue!;
    const [count] = await rows(`select count(*) as total, count(case when active = 1 then 1 end) as active,
      count(case when ${sched} = 1 then 1 end) as scheduled,
      count(case when untranslated like '%,se,%' then 1 end) as missing from products`);
    expect([c.total, c.active, c.scheduled, c.missingSwedish]).toEqual(
      [count!.total, count!.active, count!.scheduled, count!.missing].map(Number),
    );
  }
  const csv = (skus: string[], cells: Record<string, string>) =>
    skus.map((sku, i) => ({
      line: i + 2,
      cells: {
        sku,
        name: `Towel ${sku}`,
        category: 'Linen',
        mc: 'Linen care',
        price: '10',
        active: 'true',
        details: 'Linen',
        images: image,
        ...cells,
      },
    }));

  it('counts products and history alike after adds, edits, schedules, deletes and undo', async () => {
    await expectTallied();
    const ids: { id: string; version: number }[] = [];
    for (const [i, extra] of [
      { category: 'Linen', active: true },
      { category: 'Cotton', active: false, translations: { se: { name: 'Handduk', details: 'Bomull' } } },
      { category: 'Cotton', active: true, activeUntil: new Date(Date.now() + 86_400_000).toISOString() },
    ].entries()) {
      const res = await t.api('POST', '/api/products', {
        cookie,
        body: {
          sku: `TAL-${i}`,
          name: `Towel ${i}`,
          mc: 'Linen care',
          details: 'y',
          price: '10',
          images: [image],
          ...extra,
        },
      });
      expect(res.status, res.text).toBe(201);
      ids.push({ id: res.json.id, version: res.json.version });
    }
    await expectTallied();
    const patch = async (i: number, body: Row) => {
      const res = await t.api('PATCH', `/api/products/${ids[i]!.id}`, {
        cookie,
        body,
        headers: { 'if-match': `"${ids[i]!.version}"` },
      });
      expect(res.status, res.text).toBe(200);
      ids[i]!.version = res.json.version;
    };
    await patch(0, { category: 'Cotton', active: false });
    await patch(1, { translations: { se: { name: '', details: '' } }, active: true });
    await patch(2, { activeUntil: null, price: '12' });
    await expectTallied();
    // Undo the first product's change: back to Linen and active.
    const history = await t.api('GET', `/api/products/${ids[0]!.id}/history`, { cookie });
    const changed = history.json.items.find((e: { action: string }) => e.action === 'changed');
    const undo = await t.api('POST', `/api/products/history/${changed.id}/undo`, {
      cookie,
      headers: { 'if-match': `"${ids[0]!.version}"` },
    });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json).toMatchObject({ category: 'Linen', active: true });
    ids[0]!.version = undo.json.version;
    await expectTallied();
    await patch(0, { active: false, activeFrom: new Date(Date.now() + 86_400_000).toISOString() });
    await expectTallied();
    // Products have no delete in production's description (a described one may turn it on): a row deleted at all.
    await t.db.deleteFrom('products').where('id', '=', ids[1]!.id).execute();
    await expectTallied();
  });

  it('counts after a CSV import, a bulk edit, its undo and the history prune', async () => {
    const skus = Array.from({ length: 30 }, (_, i) => `IMP-${String(i).padStart(2, '0')}`);
    const add = await t.api('POST', '/api/products/import', { cookie, body: { rows: csv(skus, {}), apply: true } });
    expect(add.status, add.text).toBe(200);
    await expectTallied();
    const change = await t.api('POST', '/api/products/import', {
      cookie,
      body: { rows: csv(skus.slice(0, 10), { category: 'Cotton', active: 'false' }), apply: true },
    });
    expect(change.status, change.text).toBe(200);
    await expectTallied();
    const picked = (await t.api('GET', '/api/products/ids?q=imp', { cookie })).json.items as {
      id: string;
      version: number;
    }[];
    expect(picked).toHaveLength(30);
    const bulk = await t.api('POST', '/api/products/bulk', {
      cookie,
      body: {
        ids: picked.map((p) => p.id),
        set: { category: 'Linen', active: true },
        versions: Object.fromEntries(picked.map((p) => [p.id, p.version])),
      },
    });
    expect(bulk.status, bulk.text).toBe(200);
    await expectTallied();
    const undo = await t.api('POST', `/api/products/bulk/${bulk.json.batch}/undo`, { cookie });
    expect(undo.status, undo.text).toBe(200);
    await expectTallied();
    // The prune deletes what is older than the days kept: all of it, seen from 400 days on.
    expect(await pruneHistory(t.db, 30, Date.now() + 400 * 86_400_000)).toBeGreaterThan(0);
    await expectTallied();
    expect(await rows('select * from history_tally where n <> 0')).toEqual([]);
  });

  it('fills the tallies from the rows already there when the migration runs', async () => {
    await t.api('POST', '/api/products/import', {
      cookie,
      body: { rows: csv(['MIG-1', 'MIG-2'], { active: 'false' }), apply: true },
    });
    await m022.down(t.db as never);
    await m022.up(t.db as never);
    await expectTallied();
    expect(Number((await rows('select sum(n) as n from history_tally'))[0]!.n)).toBeGreaterThan(0);
  });
});
