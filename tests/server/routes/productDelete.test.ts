import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { onChange, type Change } from '../../../server/core/events.js';
import { sweepFiles } from '../../../server/core/files.js';
import { messages } from '../../../domain/messages.js';
import { productDescription } from '../../../domain/productFields.js';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { openDb } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { servedResources } from '../../../server/resources.js';
import {
  callerOf,
  createData,
  createUser,
  dialects,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
  type TestUser,
} from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// Products have no delete (the specification has none) until their description's `access.delete`
// turns it on; then it is the engine's delete (core/productDelete.ts). Production's description stays without it:
// these apps are given one with the line (BuildOptions.productDescription).

const ENV = { STOREFRONT_ENABLED: 'true', PUBLIC_REQUESTS_PER_MINUTE: '0' };
const withDelete = (level: 'editor' | 'admin'): ResourceDescription => ({
  ...productDescription,
  access: { delete: level },
});
const base = { category: 'Linen', mc: 'Linen care', name: 'Runner', details: 'Linen', price: '9 SEK', active: true };

describe.each(dialects())('deleting a product by its description (%s)', (dialect) => {
  let editors: TestApp;
  let admins: TestApp;
  let plain: TestApp;
  let editor: TestUser;
  let editorCookie: string;
  let image: string;
  beforeAll(async () => {
    editors = await startApp({ dialect, env: ENV, build: { productDescription: withDelete('editor') } });
    admins = await startApp({ dialect, build: { productDescription: withDelete('admin') } });
    plain = await startApp({ dialect });
    editor = await createUser(editors, 'editor');
    editorCookie = await signIn(editors, editor.email, editor.password);
    image = await storedImage(editors, editor.uid);
  });
  afterAll(async () => {
    await editors?.close();
    await admins?.close();
    await plain?.close();
  });

  /** A product made by `who` (signed in as `cookie`), with an image of its own unless given one. */
  const make = async (t: TestApp, who: { uid: string }, cookie: string, sku: string, images?: string[]) => {
    const body = { ...base, sku, images: images ?? [await storedImage(t, who.uid)] };
    const res = await t.api('POST', '/api/products', { cookie, body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as { id: string; version: number };
  };
  const del = (t: TestApp, cookie: string, id: string, version: number) =>
    t.api('DELETE', `/api/products/${id}`, { cookie, headers: { 'if-match': `"${version}"` } });

  it('deletes with If-Match: history by SKU, announced, gone from the feed, its image to the sweep', async () => {
    const p = await make(editors, editor, editorCookie, 'DEL-1', [image]);
    expect((await editors.api('GET', '/api/public/products/DEL-1')).status).toBe(200);
    const heard: Change[] = [];
    const stop = onChange(editors.db, (changes) => void heard.push(...changes));
    try {
      expect((await del(editors, editorCookie, p.id, p.version)).status).toBe(204);
    } finally {
      stop();
    }
    expect(heard).toEqual([{ kind: 'product', id: p.id, version: p.version + 1, actor: expect.any(String) }]);
    expect((await editors.api('GET', `/api/products/${p.id}`, { cookie: editorCookie })).status).toBe(404);
    expect((await editors.api('GET', '/api/public/products/DEL-1')).status).toBe(404);
    const feed = (await editors.api('GET', '/api/public/products')).json as { items: { sku: string }[] };
    expect(feed.items.map((x) => x.sku)).not.toContain('DEL-1');

    const history = (await editors.api('GET', `/api/products/${p.id}/history`, { cookie: editorCookie })).json as {
      items: { action: string; diff: Record<string, [unknown, unknown]> }[];
    };
    const deleted = history.items.find((e) => e.action === 'deleted');
    expect(deleted?.diff.sku).toEqual(['DEL-1', null]);
    const admin = await createUser(editors, 'admin');
    const adminCookie = await signIn(editors, admin.email, admin.password);
    const activity = (await editors.api('GET', '/api/history?kind=product', { cookie: adminCookie })).json as {
      items: { recordId: string; action: string; recordLabel: string | null }[];
    };
    const line = activity.items.find((e) => e.recordId === p.id && e.action === 'deleted');
    expect(line?.recordLabel).toBe('DEL-1');

    // No product names the image now: the sweep takes it once past its grace period.
    const key = image.split('/files/')[1]!;
    await editors.db.updateTable('files').set({ created: '2000-01-01T00:00:00.000Z' }).where('key', '=', key).execute();
    await sweepFiles(editors.db, editors.services.store, 3600_000);
    expect(await editors.db.selectFrom('files').select('key').where('key', '=', key).executeTakeFirst()).toBe(
      undefined,
    );
  });

  it('refuses a stale version with 409 and keeps the product', async () => {
    const p = await make(editors, editor, editorCookie, 'DEL-2');
    const edit = await editors.api('PATCH', `/api/products/${p.id}`, {
      cookie: editorCookie,
      headers: { 'if-match': `"${p.version}"` },
      body: { price: '10 SEK' },
    });
    expect(edit.status).toBe(200);
    expect((await del(editors, editorCookie, p.id, p.version)).status).toBe(409);
    expect((await editors.api('GET', `/api/products/${p.id}`, { cookie: editorCookie })).status).toBe(200);
  });

  it('refuses an editor when the line says admin, and lets an admin', async () => {
    const other = await createUser(admins, 'editor');
    const cookie = await signIn(admins, other.email, other.password);
    const p = await make(admins, other, cookie, 'DEL-3');
    expect((await del(admins, cookie, p.id, p.version)).status).toBe(403);
    const admin = await createUser(admins, 'admin');
    const adminCookie = await signIn(admins, admin.email, admin.password);
    expect((await del(admins, adminCookie, p.id, p.version)).status).toBe(204);
  });

  it('without the line, answers as before the line existed and keeps the product', async () => {
    const admin = await createUser(plain, 'admin');
    const cookie = await signIn(plain, admin.email, admin.password);
    const p = await make(plain, admin, cookie, 'DEL-4');
    expect((await del(plain, cookie, p.id, p.version)).status).toBe(404);
    expect((await plain.api('GET', `/api/products/${p.id}`, { cookie })).status).toBe(200);
  });
});

// A described resource may point to products (a reference `to: 'products'`); a product pointed to is then refused
// as a described resource's record pointed to is: the engine's one pointer refusal, naming the pointer. The pointing
// resource is made up here (no shipped resource points to products), its table made as its migration would make it.
const notes = describeResource({
  name: 'product_notes',
  area: 'products',
  fields: {
    title: { kind: 'line', max: 80, search: true },
    product: { kind: 'reference', to: 'products', optional: true },
    supplier: { kind: 'reference', to: 'suppliers', optional: true },
  },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});

describe.each(dialects())('a product that a record points to (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let cookie: string;
  let uid: string;
  beforeAll(async () => {
    data = await createData(dialect);
    const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await migrate(db);
      await applyTableSteps(db.kysely as unknown as Kysely<unknown>, planSteps([notes], []).steps);
    } finally {
      await db.kysely.destroy();
    }
    t = await startApp({
      dialect,
      data,
      build: { described: [...servedResources, notes], productDescription: withDelete('editor') },
    });
    const editor = await callerOf(t, 'editor');
    cookie = editor.cookie!;
    uid = editor.user!.uid;
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const call = (method: string, path: string, body?: unknown, version?: number) =>
    t.api(method, path, { cookie, body, headers: version === undefined ? {} : { 'if-match': `"${version}"` } });

  it('refuses its delete naming the pointer, as a supplier pointed to is refused; unpointed, deletes', async () => {
    const made = [
      await call('POST', '/api/products', { ...base, sku: 'PTR-1', images: [await storedImage(t, uid)] }),
      await call('POST', '/api/suppliers', { name: 'Weaver', contactPerson: '', email: '', country: 'SE', notes: '' }),
    ];
    expect(
      made.map((r) => [r.status, r.json.version]),
      made.map((r) => r.text).join(),
    ).toEqual([
      [201, 1],
      [201, 1],
    ]);
    const [product, supplier] = made.map((r) => r.json as { id: string }) as [{ id: string }, { id: string }];
    expect((await call('POST', '/api/product_notes', { title: 'Note', product: 'no-such' })).status).toBe(400);
    const note = await call('POST', '/api/product_notes', {
      title: 'Note',
      product: product.id,
      supplier: supplier.id,
    });
    expect(note.status, note.text).toBe(201);

    const refusals = [
      await call('DELETE', `/api/suppliers/${supplier.id}`, undefined, 1),
      await call('DELETE', `/api/products/${product.id}`, undefined, 1),
    ];
    expect(refusals.map((r) => [r.status, r.json.error])).toEqual([
      [
        409,
        {
          code: 'conflict',
          message: messages.records.inUse,
          details: { pointer: { resource: 'product_notes', field: 'supplier' } },
        },
      ],
      [
        409,
        {
          code: 'conflict',
          message: messages.records.inUse,
          details: { pointer: { resource: 'product_notes', field: 'product' } },
        },
      ],
    ]);
    expect((await call('GET', `/api/products/${product.id}`)).json.version).toBe(1);
    // Its 'Used by' says what points to it, as a supplier's does; nothing for a product nothing points to.
    expect((await call('GET', `/api/products/${product.id}/usedby`)).json).toEqual([
      { resource: 'product_notes', field: 'product', count: 1 },
    ]);
    expect((await call('GET', '/api/products/no-such/usedby')).status).toBe(404);

    expect((await call('PATCH', `/api/product_notes/${note.json.id}`, { product: '' }, 1)).status).toBe(200);
    expect((await call('GET', `/api/products/${product.id}/usedby`)).json).toEqual([]);
    expect((await call('DELETE', `/api/products/${product.id}`, undefined, 1)).status).toBe(204);
    expect((await call('GET', `/api/products/${product.id}`)).status).toBe(404);
  });
});
