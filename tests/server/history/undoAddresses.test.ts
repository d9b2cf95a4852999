import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '../../../domain/messages.js';
import { callerOf, dialects, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// One undo for products and described resources (server/core/historyUndo.ts): products' own address,
// /api/products/history/:entry/undo, shaped as a described resource's, and the first one, /api/history/:entry/undo,
// which answers the same; each resource's address undoes only its own entries.
describe.each(dialects())('undo addresses (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let uid: string;
  let image: string;

  beforeAll(async () => {
    t = await startApp({ dialect });
    const editor = await callerOf(t, 'editor');
    cookie = editor.cookie!;
    uid = editor.user!.uid;
    image = await storedImage(t, uid);
  });
  afterAll(async () => t?.close());

  const call = (method: string, path: string, body?: unknown, version?: number) =>
    t.api(method, path, {
      cookie,
      body,
      origin: t.publicUrl,
      headers: version === undefined ? {} : { 'if-match': `"${version}"` },
    });
  const latest = async (path: string): Promise<string> => (await call('GET', path)).json.items[0].id;

  /** A product added and its price changed: the product and the change's entry. */
  async function changedProduct(sku: string): Promise<{ id: string; entry: string }> {
    const body = { sku, name: 'Towel', category: 'Linen', mc: 'Linen care', price: '249 kr', details: 'Washed' };
    const created = await call('POST', '/api/products', { ...body, active: true, images: [image] });
    expect(created.status, created.text).toBe(201);
    expect((await call('PATCH', `/api/products/${created.json.id}`, { price: '199 kr' }, 1)).status).toBe(200);
    return { id: created.json.id, entry: await latest(`/api/products/${created.json.id}/history`) };
  }

  /** An answer without what differs from one product to another. */
  const shape = (json: Record<string, unknown>) => {
    const { id: _id, sku: _sku, created: _c, updated: _u, ...rest } = json;
    return rest;
  };

  it('undoes a product change at /api/products/history/:entry/undo and at /api/history/:entry/undo alike', async () => {
    const a = await changedProduct('UA-1');
    const b = await changedProduct('UA-2');
    const byProducts = await call('POST', `/api/products/history/${a.entry}/undo`, undefined, 2);
    const byHistory = await call('POST', `/api/history/${b.entry}/undo`, undefined, 2);
    for (const res of [byProducts, byHistory]) {
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ price: '249 kr', version: 3 });
      expect(res.headers.get('etag')).toBe('"3"');
    }
    expect(shape(byProducts.json)).toEqual(shape(byHistory.json));
    // The undo is an edit like any other: its own entry, the price back.
    for (const p of [a, b])
      expect((await call('GET', `/api/products/${p.id}/history`)).json.items[0]).toMatchObject({
        actor: uid,
        action: 'changed',
        diff: { price: ['199 kr', '249 kr'] },
      });
  });

  it('answers the same refusals at both addresses, and each address undoes only its own entries', async () => {
    const p = await changedProduct('UA-3');
    const supplier = await call('POST', '/api/suppliers', {
      name: 'Mill',
      contactPerson: '',
      email: '',
      country: 'SE',
      notes: '',
    });
    expect(supplier.status, supplier.text).toBe(201);
    expect((await call('PATCH', `/api/suppliers/${supplier.json.id}`, { country: 'LT' }, 1)).status).toBe(200);
    const supplierEntry = await latest(`/api/suppliers/${supplier.json.id}/history`);
    for (const path of ['/api/products/history', '/api/history']) {
      const stale = await call('POST', `${path}/${p.entry}/undo`, undefined, 1);
      expect(stale.status, path).toBe(409);
      expect(stale.json.error.message, path).toBe(messages.products.stale);
      expect((await call('POST', `${path}/${p.entry}/undo`)).status, path).toBe(400);
      expect((await call('POST', `${path}/999999999/undo`, undefined, 2)).status, path).toBe(404);
      const other = await call('POST', `${path}/${supplierEntry}/undo`, undefined, 2);
      expect(other.status, path).toBe(400);
      expect(other.json.error.message, path).toBe(messages.history.notUndoable);
    }
    const wrong = await call('POST', `/api/suppliers/history/${p.entry}/undo`, undefined, 2);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe(format(messages.history.notUndoableRecord, { resource: 'suppliers' }));
    // Nothing refused changed anything.
    expect((await call('GET', `/api/products/${p.id}`)).json).toMatchObject({ price: '199 kr', version: 2 });
    expect((await call('GET', `/api/suppliers/${supplier.json.id}`)).json).toMatchObject({ country: 'LT', version: 2 });
  });
});
