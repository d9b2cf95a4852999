import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

const base = {
  category: 'Linen',
  mc: 'Linen care',
  name: 'Table runner',
  details: 'Washed linen',
  price: '349 SEK',
  active: true,
};

describe.each(dialects())('products in English and Swedish (%s)', (dialect) => {
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
  const patch = (p: { id: string; version: number }, body: Record<string, unknown>) =>
    t.api('PATCH', `/api/products/${p.id}`, { cookie, body, headers: { 'if-match': `"${p.version}"` } });

  it(
    'takes the Swedish name and details on add and answers ' + 'them on read; without them, translations is empty',
    async () => {
      const res = await create({
        sku: 'TR-1',
        translations: { se: { name: '  Löpare i linne ', details: 'Tvättat linne' } },
      });
      expect(res.status).toBe(201);
      expect(res.json.translations).toEqual({ se: { name: 'Löpare i linne', details: 'Tvättat linne' } });
      const read = await t.api('GET', `/api/products/${res.json.id}`, { cookie });
      expect(read.json).toMatchObject({
        name: 'Table runner',
        details: 'Washed linen',
        translations: { se: { name: 'Löpare i linne', details: 'Tvättat linne' } },
      });
      const bare = await create({ sku: 'TR-2' });
      expect(bare.json.translations).toEqual({});
    },
  );

  it('an edit sets the fields it names, clears those sent empty and keeps the others', async () => {
    const made = (await create({ sku: 'TR-3', translations: { se: { name: 'Handduk', details: 'Mjuk' } } })).json;
    const named = await patch(made, { translations: { se: { name: 'Badhandduk' } } });
    expect(named.status).toBe(200);
    expect(named.json.translations).toEqual({ se: { name: 'Badhandduk', details: 'Mjuk' } });
    const cleared = await patch(named.json, { translations: { se: { name: '', details: '' } } });
    expect(cleared.json.translations).toEqual({});
    const untouched = await patch(cleared.json, { price: '1 SEK' });
    expect(untouched.json.translations).toEqual({});
  });

  it.each([
    ['an unknown language', { de: { name: 'Tischläufer' } }],
    ['an unknown field', { se: { price: '1' } }],
    ['a line break in the name', { se: { name: 'two\nlines' } }],
    ['a NUL byte', { se: { details: 'a\u0000b' } }],
    ['a lone surrogate', { se: { name: 'x\uD800' } }],
    ['a name too long', { se: { name: 'x'.repeat(201) } }],
    ['a number for a text', { se: { name: 5 } }],
  ])('refuses %s with 400 and stores nothing', async (_, translations) => {
    const before = (await t.db.selectFrom('products').select('id').execute()).length;
    const res = await create({ sku: `TR-BAD-${before}`, translations });
    expect(res.status).toBe(400);
    expect((await t.db.selectFrom('products').select('id').execute()).length).toBe(before);
  });

  it('finds a product by a word of its Swedish name, alone or with English words and the SKU', async () => {
    await create({ sku: 'SV-100', name: 'Tea towel', translations: { se: { name: 'Kökshandduk randig' } } });
    await create({ sku: 'SV-101', name: 'Bath towel', translations: { se: { name: 'Badlakan' } } });
    const skus = async (q: string) =>
      (
        (await t.api('GET', `/api/products?q=${encodeURIComponent(q)}`, { cookie })).json.items as { sku: string }[]
      ).map((p) => p.sku);
    expect(await skus('kökshand')).toEqual(['SV-100']);
    expect(await skus('KÖKSHANDDUK')).toEqual(['SV-100']);
    expect(await skus('randig tea')).toEqual(['SV-100']);
    expect(await skus('badlakan sv-101')).toEqual(['SV-101']);
    expect(await skus('ba')).toEqual(expect.arrayContaining(['SV-101']));
    expect(await skus('badlakan tea')).toEqual([]);
  });

  it("filters the products whose Swedish name or details are missing ('Swedish missing')", async () => {
    await t.db.deleteFrom('products').execute();
    await create({ sku: 'MS-1', translations: { se: { name: 'Namn', details: 'Detaljer' } } });
    const half = (await create({ sku: 'MS-2', translations: { se: { name: 'Bara namn' } } })).json;
    await create({ sku: 'MS-3' });
    const skus = async (query: string) =>
      ((await t.api('GET', `/api/products?${query}`, { cookie })).json.items as { sku: string }[]).map((p) => p.sku);
    expect(await skus('missing=se')).toEqual(['MS-3', 'MS-2']);
    expect(await skus('missing=se&q=bara')).toEqual(['MS-2']);
    expect((await t.api('GET', '/api/products?missing=de', { cookie })).status).toBe(400);
    await patch(half, { translations: { se: { details: 'Nu komplett' } } });
    expect(await skus('missing=se')).toEqual(['MS-3']);
  });
});
