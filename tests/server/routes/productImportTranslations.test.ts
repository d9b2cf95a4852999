import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { importProductRows, productCsvColumns } from '../../../resources/products/csv.js';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import type { Product } from '../../../domain/products.js';

// The Swedish texts in a products CSV, on both databases: a column left out keeps them, an empty cell clears them,
// each cell is checked, the changes name them, and what the export writes the import reads back unchanged.
type Cells = Record<string, string>;
const cells = (sku: string, extra: Cells = {}): Cells => ({
  sku,
  name: `Towel ${sku}`,
  category: 'Linen',
  mc: 'Linen care',
  price: '149 SEK',
  active: 'true',
  details: 'Washed linen',
  ...extra,
});

describe.each(dialects())('products: CSV import of the Swedish texts (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let image: string;
  const post = (list: Cells[], apply: boolean, headers: Record<string, string> = {}) =>
    t.api('POST', '/api/products/import', {
      cookie,
      headers,
      body: { rows: list.map((c, i) => ({ line: i + 2, cells: c })), apply },
    });
  const bySku = async (sku: string): Promise<Product> =>
    (await t.api('GET', `/api/products?sku=${sku}`, { cookie })).json.items[0];
  const stored = (sku: string) =>
    t.db
      .selectFrom('products')
      .select(['translations', 'search_text', 'untranslated'])
      .where('sku', '=', sku)
      .executeTakeFirstOrThrow();
  const create = (sku: string, translations: Record<string, unknown>) =>
    t.api('POST', '/api/products', {
      cookie,
      body: {
        sku,
        name: `Towel ${sku}`,
        category: 'Linen',
        mc: 'Linen care',
        price: '149 SEK',
        details: 'Washed linen',
        active: true,
        images: [image],
        translations,
      },
    });

  beforeAll(async () => {
    t = await startApp({ dialect });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    image = await storedImage(t, editor.uid);
    for (const sku of ['SE-1', 'SE-2', 'SE-3'])
      expect((await create(sku, { se: { name: `Handduk ${sku}`, details: 'Mjuk' } })).status).toBe(201);
  });
  afterAll(async () => t?.close());

  it('keeps the Swedish texts of a file without their columns, and a new product has none', async () => {
    const res = await post([cells('SE-1', { price: '99 SEK' }), cells('SE-NEW-1', { images: image })], true);
    expect(res.status, res.text).toBe(200);
    expect(res.json.rows.map((r: { changes: string[] }) => r.changes)).toEqual([['price'], []]);
    expect(await bySku('SE-1')).toMatchObject({
      price: '99 SEK',
      translations: { se: { name: 'Handduk SE-1', details: 'Mjuk' } },
    });
    expect((await bySku('SE-NEW-1')).translations).toEqual({});
    expect(await stored('SE-NEW-1')).toEqual({
      translations: '{}',
      search_text: 'towel se-new-1 se-new-1',
      untranslated: ',se,',
    });
  });

  it(
    'sets, replaces and clears them from their cells ' + '(several rows a statement), naming them in the changes',
    async () => {
      const list = [
        cells('SE-1', { price: '99 SEK', name_se: ' Badhandduk ', details_se: '' }),
        cells('SE-2', { name_se: 'Handduk SE-2', details_se: 'Mjuk' }),
        cells('SE-3', { details_se: 'Tvättat linne' }),
        cells('SE-NEW-2', { images: image, name_se: 'Kökshandduk', details_se: 'Randig' }),
      ];
      const preview = await post(list, false);
      expect(preview.json.rows.map((r: { action: string; changes: string[] }) => [r.action, r.changes])).toEqual([
        ['update', ['name_se', 'details_se']],
        ['same', []],
        ['update', ['details_se']],
        ['create', []],
      ]);
      expect((await post(list, true)).status).toBe(200);
      expect((await bySku('SE-1')).translations).toEqual({ se: { name: 'Badhandduk' } });
      expect((await bySku('SE-3')).translations).toEqual({ se: { name: 'Handduk SE-3', details: 'Tvättat linne' } });
      expect((await bySku('SE-NEW-2')).translations).toEqual({ se: { name: 'Kökshandduk', details: 'Randig' } });
      // What the search and the 'Swedish missing' filter read is kept beside them.
      expect(await stored('SE-1')).toMatchObject({ search_text: 'towel se-1 badhandduk se-1', untranslated: ',se,' });
      expect(await stored('SE-3')).toMatchObject({ search_text: 'towel se-3 handduk se-3 se-3', untranslated: '' });
      expect(await stored('SE-NEW-2')).toMatchObject({
        search_text: 'towel se-new-2 kokshandduk se-new-2',
        untranslated: '',
      });
      const found = (await t.api('GET', '/api/products?q=badhand', { cookie })).json.items.map((p: Product) => p.sku);
      expect(found).toEqual(['SE-1']);
      const missing = (await t.api('GET', '/api/products?missing=se&q=SE', { cookie })).json.items.map(
        (p: Product) => p.sku,
      );
      expect(missing).toEqual(expect.arrayContaining(['SE-1', 'SE-NEW-1']));
      expect(missing).not.toContain('SE-3');
    },
  );

  it('records the Swedish texts an import changes in the product’s history, by their flat keys', async () => {
    const product = await bySku('SE-2');
    expect((await post([cells('SE-2', { name_se: 'Gästhandduk', details_se: '' })], true)).status).toBe(200);
    const [entry] = (await t.api('GET', `/api/products/${product.id}/history`, { cookie })).json.items;
    expect(entry).toMatchObject({
      action: 'changed',
      diff: { name_se: ['Handduk SE-2', 'Gästhandduk'], details_se: ['Mjuk', null] },
    });
    expect(Object.keys(entry.diff).sort()).toEqual(['details_se', 'name_se']);
  });

  it('refuses a bad Swedish cell with its column named, and writes nothing', async () => {
    const before = await bySku('SE-3');
    const res = await post(
      [
        cells('SE-3', { name_se: 'two\nlines' }),
        cells('SE-3X', { images: image, name_se: 'x'.repeat(201), details_se: 'y'.repeat(5001) }),
        cells('SE-3Y', { images: image, name_se: 'Hand\u202Educk', details_se: 'Tabs\tand\nlines are fine here' }),
      ],
      true,
    );
    expect(res.status, res.text).toBe(400);
    const errors = res.json.error.details.rows.map((r: { errors: unknown[] }) => r.errors);
    expect(errors).toEqual([
      [{ field: 'name_se', message: messages.errors.badText }],
      [
        { field: 'name_se', message: 'At most 200 characters' },
        { field: 'details_se', message: 'At most 5000 characters' },
      ],
      [{ field: 'name_se', message: messages.errors.badText }],
    ]);
    // The same refusal in Swedish: each row's messages, not only the answer's own.
    const swedish = await post([cells('SE-3X', { images: image, name_se: 'x'.repeat(201) })], true, {
      'accept-language': 'sv',
    });
    expect(swedish.status).toBe(400);
    expect(swedish.json.error.message).toBe(sv.csv.hasErrors);
    expect(swedish.json.error.details.rows[0].errors).toEqual([
      { field: 'name_se', message: sv.errors.tooLong.replace('%{max}', '200') },
    ]);
    expect(await bySku('SE-3')).toEqual(before);
    expect(await bySku('SE-3X')).toBeUndefined();
  });

  it(
    'reads back what the export writes: every row unchanged, ' + 'then a Swedish cell edited changes only that text',
    async () => {
      const all = (await t.api('GET', '/api/products?limit=100', { cookie })).json.items as Product[];
      const headers = productCsvColumns.map((c) => c.header);
      expect(headers.slice(-2)).toEqual(['name_se', 'details_se']);
      // As parseCsv hands a read file over: headers lower-cased (a column is known by its name in any case).
      const file = {
        headers: headers.map((h) => h.toLowerCase()),
        rows: all.map((p, i) => ({
          row: i + 2,
          cells: Object.fromEntries(productCsvColumns.map((c) => [c.header.toLowerCase(), String(c.value(p))])),
        })),
      };
      const read = importProductRows(file, messages);
      if (!('rows' in read)) throw new Error(read.problem);
      const again = await t.api('POST', '/api/products/import', { cookie, body: { rows: read.rows, apply: false } });
      expect(again.json.counts).toEqual({ create: 0, update: 0, same: all.length, error: 0 });
      const edited = read.rows.map((r) =>
        r.cells.sku === 'SE-3' ? { ...r, cells: { ...r.cells, name_se: 'Linnehandduk' } } : r,
      );
      const res = await t.api('POST', '/api/products/import', { cookie, body: { rows: edited, apply: true } });
      expect(res.json.counts).toEqual({ create: 0, update: 1, same: all.length - 1, error: 0 });
      expect(await bySku('SE-3')).toMatchObject({
        name: 'Towel SE-3',
        translations: { se: { name: 'Linnehandduk', details: 'Tvättat linne' } },
      });
    },
  );
});
