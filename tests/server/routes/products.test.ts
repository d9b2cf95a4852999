import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

const base = {
  category: 'Linen',
  mc: 'Linen care',
  name: 'Table runner',
  details: 'Washed linen',
  price: '349 SEK',
  active: true,
};

describe.each(dialects())('products API (%s)', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let cookie: string;
  let image: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    image = await storedImage(t, editor.uid);
  });
  afterAll(async () => t?.close());

  const create = (body: Record<string, unknown>) =>
    t.api('POST', '/api/products', { cookie, body: { ...base, images: [image], ...body } });

  it('gives each image its thumbnail address in the record, one the store serves as WebP', async () => {
    const second = await storedImage(t, editor.uid, 'second.png');
    const res = await create({ sku: 'THUMB-1', images: [image, second] });
    expect(res.status).toBe(201);
    expect(res.json.thumbnails).toHaveLength(2);
    const read = (await t.api('GET', `/api/products/${res.json.id}`, { cookie })).json;
    expect(read.thumbnails).toEqual(res.json.thumbnails);
    for (const address of read.thumbnails as string[]) {
      const served = await fetch(`${t.baseUrl}${address}`);
      expect(served.status, address).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      await served.arrayBuffer();
    }
  });
  const count = async () => (await t.db.selectFrom('products').select('id').execute()).length;
  // Each test makes the products it reads (its own SKUs), so the file passes alone and in any order
  // (--sequence.shuffle).
  const made = async (sku: string) => {
    const res = await create({ sku });
    expect(res.status).toBe(201);
    return res.json as { id: string; sku: string; version: number; name: string };
  };

  it('pages 25 products newest SKU first, ten at a time, with a null cursor at the end', async () => {
    // The list is the whole table: start from an empty one, whatever other tests left in it.
    await t.db.deleteFrom('products').execute();
    for (let i = 0; i < 25; i++) expect((await create({ sku: `PG-${String(i).padStart(3, '0')}` })).status).toBe(201);
    const skus: string[] = [];
    const sizes: number[] = [];
    let after: string | null = null;
    do {
      const res = await t.api('GET', `/api/products${after ? `?after=${after}` : ''}`, { cookie });
      sizes.push(res.json.items.length);
      skus.push(...res.json.items.map((p: { sku: string }) => p.sku));
      after = res.json.next;
    } while (after);
    expect(sizes).toEqual([10, 10, 5]);
    expect(skus).toEqual(Array.from({ length: 25 }, (_, i) => `PG-${String(24 - i).padStart(3, '0')}`));
  });

  it('finds a product by exact SKU only: hit, miss, no partial match', async () => {
    await made('FIND-007');
    await made('FIND-0071');
    const hit = await t.api('GET', '/api/products?sku=FIND-007', { cookie });
    expect(hit.json.items).toEqual([expect.objectContaining({ sku: 'FIND-007', images: [image], primary: image })]);
    expect((await t.api('GET', '/api/products?sku=FIND-0', { cookie })).json.items).toEqual([]);
    expect((await t.api('GET', '/api/products?sku=find-007', { cookie })).json.items).toEqual([]);
    expect((await t.api('GET', '/api/products?sku=NOPE', { cookie })).json).toEqual({ items: [], next: null });
  });

  it.each([
    ['no SKU', { sku: '' }, 'sku'],
    ['no price', { sku: 'V-1', price: ' ' }, 'price'],
    ['no name', { sku: 'V-2', name: '' }, 'name'],
    ['no details', { sku: 'V-3', details: '' }, 'details'],
    ['a bad category', { sku: 'V-4', category: 'Silk' }, 'category'],
    ['a bad material care', { sku: 'V-5', mc: 'Silk care' }, 'mc'],
    ['no image', { sku: 'V-6', images: [] }, 'images'],
    ['four images', { sku: 'V-7', images: [1, 2, 3, 4].map(() => '/files/Uploads/x.jpg') }, 'images'],
    ['a foreign image address', { sku: 'V-8', images: ['https://evil.example/x.jpg'] }, 'images'],
    ['an unknown field', { sku: 'V-9', colour: 'red' }, ''],
  ])('refuses a product with %s and stores nothing', async (_n, body, field) => {
    const before = await count();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation');
    if (field) expect(JSON.stringify(res.json.error.details)).toContain(field);
    expect(await count()).toBe(before);
  });

  it("says 'Must add an image' when there is none", async () => {
    const res = await create({ sku: 'NO-IMG', images: [] });
    expect(JSON.stringify(res.json)).toContain('Must add an image');
  });

  it('refuses an image that is not a finished upload', async () => {
    const res = await create({ sku: 'GHOST', images: ['/files/Uploads/never_uploaded_x.jpg'] });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/not finished uploading/);
  });

  it('refuses a duplicate SKU with a clear message', async () => {
    await made('DUP-1');
    const before = await count();
    const res = await create({ sku: 'DUP-1' });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('A product with this SKU already exists.');
    expect(await count()).toBe(before);
  });

  it('edits with the version read, refuses a stale edit with 409 and overwrites nothing', async () => {
    const p = (await create({ sku: 'ED-1' })).json;
    const ok = await t.api('PATCH', `/api/products/${p.id}`, {
      cookie,
      body: { name: 'First edit' },
      headers: { 'if-match': `"${p.version}"` },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ name: 'First edit', version: p.version + 1, sku: 'ED-1' });
    const stale = await t.api('PATCH', `/api/products/${p.id}`, {
      cookie,
      body: { name: 'Second edit' },
      headers: { 'if-match': `"${p.version}"` },
    });
    expect(stale.status).toBe(409);
    expect((await t.api('GET', `/api/products/${p.id}`, { cookie })).json.name).toBe('First edit');
    const none = await t.api('PATCH', `/api/products/${p.id}`, { cookie, body: { name: 'x' } });
    expect(none.status).toBe(400);
  });

  it('never changes the SKU', async () => {
    const p = (await create({ sku: 'LOCK-1' })).json;
    const res = await t.api('PATCH', `/api/products/${p.id}`, {
      cookie,
      body: { sku: 'LOCK-2' },
      headers: { 'if-match': `"${p.version}"` },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('The SKU cannot be changed.');
    expect((await t.api('GET', `/api/products/${p.id}`, { cookie })).json.sku).toBe('LOCK-1');
  });

  it("answers 'No products' for an unknown id", async () => {
    const res = await t.api('GET', '/api/products/unknown-id', { cookie });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe('No products');
  });

  const expected = { anonymous: 401, inactive: 401, noRole: 403 } as const;
  it.each(Object.entries(expected))('refuses %s callers on every product route', async (kind, status) => {
    const { cookie: c } = await callerOf(t, kind as keyof typeof expected);
    const p = await made(`AUTH-${kind}`);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/products'],
      ['GET', `/api/products?sku=${p.sku}`],
      ['GET', `/api/products/${p.id}`],
      ['POST', '/api/products', { ...base, sku: `M-${kind}`, images: [image] }],
      ['PATCH', `/api/products/${p.id}`, { name: 'hacked' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api(method, path, { cookie: c, body, headers: { 'if-match': `"${p.version}"` } });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} ${status}`);
    }
    expect((await t.api('GET', `/api/products/${p.id}`, { cookie })).json.name).toBe(base.name);
  });
});
