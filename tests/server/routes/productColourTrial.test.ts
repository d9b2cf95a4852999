import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { messages } from '../../../domain/messages.js';

// The trial: an optional colour (published) and a care guide reference added to productDescription, then
// `npm run resources`; nothing else written for them.
describe.each(dialects())('a colour and a care guide on products (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let adminCookie: string;
  let image: string;
  let guide: string;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { STOREFRONT_ENABLED: 'true', STOREFRONT_ORIGINS: 'https://shop.example' } });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    const admin = await createUser(t, 'admin');
    adminCookie = await signIn(t, admin.email, admin.password);
    image = await storedImage(t, editor.uid);
    const g = await t.api('POST', '/api/careguides', {
      cookie,
      body: { title: 'Linen wash', body: 'Wash at 40', fabric: 'linen' },
    });
    expect(g.status, g.text).toBe(201);
    guide = g.json.id;
  });
  afterAll(async () => t?.close());

  const base = {
    sku: 'COL-1',
    name: 'Tea towel',
    category: 'Linen',
    mc: 'Linen care',
    price: '99 kr',
    details: 'Soft',
    active: true,
  };

  it('adds, reads, edits and undoes a colour and a care guide; refuses a bad one; the feed shows the colour', async () => {
    const made = await t.api('POST', '/api/products', {
      cookie,
      body: { ...base, images: [image], colour: 'Blue', careGuide: guide },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ colour: 'Blue', careGuide: guide });
    const id = made.json.id as string;
    expect((await t.api('GET', `/api/products/${id}`, { cookie })).json).toMatchObject({ colour: 'Blue' });

    // Left out: empty, as every product there was before the field.
    const plain = await t.api('POST', '/api/products', { cookie, body: { ...base, sku: 'COL-2', images: [image] } });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.json).toMatchObject({ colour: '', careGuide: '' });

    const bad = await t.api('POST', '/api/products', {
      cookie,
      body: { ...base, sku: 'COL-3', images: [image], colour: 'Purple' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(messages.records.badChoice);
    const unknown = await t.api('POST', '/api/products', {
      cookie,
      body: { ...base, sku: 'COL-4', images: [image], careGuide: 'no-such-guide' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe(messages.records.noSuchReference);

    const edit = await t.api('PATCH', `/api/products/${id}`, {
      cookie,
      headers: { 'if-match': '"1"' },
      body: { colour: 'Grey' },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json).toMatchObject({ colour: 'Grey', version: 2 });
    const badEdit = await t.api('PATCH', `/api/products/${id}`, {
      cookie,
      headers: { 'if-match': '"2"' },
      body: { careGuide: 'no-such-guide' },
    });
    expect(badEdit.status).toBe(400);
    const history = (await t.api('GET', `/api/products/${id}/history`, { cookie })).json.items as {
      id: string;
      diff: Record<string, unknown>;
    }[];
    expect(history[0]!.diff).toEqual({ colour: ['Blue', 'Grey'] });
    const undo = await t.api('POST', `/api/history/${history[0]!.id}/undo`, {
      cookie,
      headers: { 'if-match': '"2"' },
    });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json).toMatchObject({ colour: 'Blue', version: 3 });

    const feed = (await t.api('GET', '/api/public/products/COL-1')).json;
    expect(feed).toMatchObject({ sku: 'COL-1', colour: 'Blue' });
    expect(feed).not.toHaveProperty('careGuide');
    const page = (await t.api('GET', '/api/public/products?limit=10')).json.items as { sku: string; colour: string }[];
    expect(page.find((p) => p.sku === 'COL-1')).toMatchObject({ colour: 'Blue' });
  });

  it('refuses to delete a care guide a product points to, naming the pointer', async () => {
    const res = await t.api('DELETE', `/api/careguides/${guide}`, {
      cookie: adminCookie,
      headers: { 'if-match': '"1"' },
    });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.message).toBe(messages.records.inUse);
    expect(res.json.error.details).toEqual({ pointer: { resource: 'products', field: 'careGuide' } });
  });
});
