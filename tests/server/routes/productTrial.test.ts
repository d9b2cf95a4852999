import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { openDb } from '../../../server/db/index.js';
import { describedSteps, migrate } from '../../../server/db/migrate.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { productDescription } from '../../../domain/productDescription.js';
import { createData, createUser, dialects, signIn, startApp, type DataStore, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// Issue 49's trial, kept: three fields added to the products' description and nothing else (a choice, a reference to
// care guides, a date) give products what a described resource has, on both databases. The description is replaced
// for this file only; the columns are made as the migration `npm run resources` would write for them makes them.
vi.mock('../../../domain/productDescription.js', async (importOriginal) =>
  (await import('../../fixtures/grownProducts.js')).grownProducts(importOriginal, {
    weave: { kind: 'choice', options: ['plain', 'twill'], optional: true, publish: true },
    fabric: { kind: 'reference', to: 'careguides', optional: true, publish: true },
    launchDate: { kind: 'date', optional: true, publish: true },
  }),
);

/** A test's data with the console's migrations run and the trial's columns made. */
async function dataWithTrialColumns(dialect: DataStore['dialect']): Promise<DataStore> {
  const data = await createData(dialect);
  const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
  try {
    await migrate(db);
    const plan = planSteps([productDescription], describedSteps());
    await applyTableSteps(db.kysely as unknown as Kysely<unknown>, plan.steps);
  } finally {
    await db.kysely.destroy();
  }
  return data;
}

describe.each(dialects())('products with three fields added by their description (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let cookie: string;
  let image: string;
  let guide: { id: string; version: number };
  let twill: { id: string; version: number };

  const product = (sku: string, values: Record<string, unknown>) =>
    t.api('POST', '/api/products', {
      cookie,
      body: {
        sku,
        name: `Towel ${sku}`,
        details: 'Linen',
        price: '10',
        category: 'Linen',
        mc: 'Linen care',
        active: true,
        images: [image],
        ...values,
      },
    });
  const skus = async (query: string): Promise<string[]> => {
    const res = await t.api('GET', `/api/products?${query}`, { cookie });
    expect(res.status, res.text).toBe(200);
    return (res.json.items as { sku: string }[]).map((p) => p.sku);
  };

  beforeAll(async () => {
    expect(Object.keys(productDescription.fields)).toContain('weave');
    data = await dataWithTrialColumns(dialect);
    t = await startApp({ dialect, data });
    const editor = await createUser(t, 'admin');
    cookie = await signIn(t, editor.email, editor.password);
    image = await storedImage(t, editor.uid);
    const made = await t.api('POST', '/api/careguides', {
      cookie,
      body: { title: 'Linen wash', body: 'Wash cold.', fabric: 'linen', picture: [] },
    });
    expect(made.status, made.text).toBe(201);
    guide = made.json;
    const res = await product('TR-2', { weave: 'twill', fabric: guide.id, launchDate: '2027-04-15' });
    expect(res.status, res.text).toBe(201);
    twill = res.json;
    expect((await product('TR-1', { weave: 'plain' })).status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  it('answers the reference with its label, in one product and in the list', async () => {
    const one = await t.api('GET', `/api/products/${twill.id}`, { cookie });
    expect(one.json).toMatchObject({ weave: 'twill', fabric: guide.id, labels: { fabric: 'Linen wash' } });
    const list = await t.api('GET', '/api/products?q=tr', { cookie });
    expect(list.json.items.map((p: { labels?: unknown }) => p.labels ?? {})).toEqual([{ fabric: 'Linen wash' }, {}]);
  });

  it("names the reference by its label in the product's history", async () => {
    const res = await t.api('GET', `/api/products/${twill.id}/history`, { cookie });
    expect(res.status, res.text).toBe(200);
    const created = res.json.items.find((e: { action: string }) => e.action === 'created');
    expect(created).toMatchObject({ diff: { fabric: [null, guide.id] }, labels: { [guide.id]: 'Linen wash' } });
  });

  it('filters by each: a choice, a reference, a date range; a value the field cannot hold refused', async () => {
    expect(await skus('weave=twill')).toEqual(['TR-2']);
    expect(await skus('weave=plain,twill')).toEqual(['TR-2', 'TR-1']);
    expect(await skus(`fabric=${guide.id}`)).toEqual(['TR-2']);
    expect(await skus('launchDate_gte=2027-01-01')).toEqual(['TR-2']);
    expect(await skus('launchDate_lte=2026-01-01')).toEqual([]);
    const bad = await t.api('GET', '/api/products?weave=satin', { cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe('/weave');
  });

  it('sets the choice in bulk, with one Undo', async () => {
    const ids = (await t.api('GET', '/api/products/ids?q=tr', { cookie })).json.items as {
      id: string;
      version: number;
    }[];
    const versions = Object.fromEntries(ids.map((p) => [p.id, p.version]));
    const res = await t.api('POST', '/api/products/bulk', {
      cookie,
      body: { ids: ids.map((p) => p.id), set: { weave: 'plain' }, versions },
    });
    expect(res.status, res.text).toBe(200);
    expect(await skus('weave=plain')).toEqual(['TR-2', 'TR-1']);
    expect((await t.api('POST', `/api/products/bulk/${res.json.batch}/undo`, { cookie })).status).toBe(200);
    expect(await skus('weave=twill')).toEqual(['TR-2']);
    // A reference set in bulk must point to a record.
    const refused = await t.api('POST', '/api/products/bulk', {
      cookie,
      body: { ids: [twill.id], set: { fabric: 'nope' }, versions: { [twill.id]: versions[twill.id] } },
    });
    expect(refused.status).toBe(400);
  });

  it('refuses a reference to nothing in the import, in its check and in its apply', async () => {
    const cells = {
      sku: 'TR-2',
      name: 'Towel TR-2',
      category: 'Linen',
      mc: 'Linen care',
      price: '10',
      active: 'true',
      details: 'Linen',
      weave: 'twill',
      fabric: 'nope',
      launchDate: '2027-04-15',
    };
    const check = await t.api('POST', '/api/products/import', {
      cookie,
      body: { rows: [{ line: 2, cells }], apply: false },
    });
    expect(check.status, check.text).toBe(200);
    expect(check.json.rows[0].errors.map((e: { field: string }) => e.field)).toEqual(['fabric']);
    // Apply plans again in its transaction and writes nothing while a row is refused.
    const apply = await t.api('POST', '/api/products/import', {
      cookie,
      body: { rows: [{ line: 2, cells }], apply: true },
    });
    expect(apply.status).toBe(400);
    expect(apply.json.error.details.rows[0].errors.map((e: { field: string }) => e.field)).toEqual(['fabric']);
    expect((await t.api('GET', `/api/products/${twill.id}`, { cookie })).json.fabric).toBe(guide.id);
    // The export's label column is read past: a row as exported, its label made up, changes nothing.
    const exported = { ...cells, fabric: guide.id, fabric_label: 'Not its title' };
    const same = await t.api('POST', '/api/products/import', {
      cookie,
      body: { rows: [{ line: 2, cells: exported }], apply: false },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.json.rows[0]).toMatchObject({ action: 'same', errors: [] });
  });

  it('refuses to delete the care guide a product points to, and counts it under Used by', async () => {
    const used = await t.api('GET', `/api/careguides/${guide.id}/usedby`, { cookie });
    expect(used.json).toEqual([{ resource: 'products', field: 'fabric', count: 1 }]);
    const res = await t.api('DELETE', `/api/careguides/${guide.id}`, {
      cookie,
      headers: { 'if-match': `"${guide.version}"` },
    });
    expect(res.status).toBe(409);
  });
});
