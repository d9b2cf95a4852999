import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { GATHER_CAP, listProducts } from '../../../server/core/products.js';

// Finding a product by any part of its name or SKU, with category and status filters, on both databases alike.
const base = { category: 'Linen', mc: 'Linen care', details: 'Washed linen', price: '349 SEK', active: true };
const names: [sku: string, name: string, extra?: Record<string, unknown>][] = [
  ['LI-0001', 'Rust linen tea towel'],
  ['LI-0002', 'Sage linen towel', { active: false }],
  ['CO-0003', 'Natural cotton tea towel', { category: 'Cotton', mc: 'Cotton care' }],
  ['LI-0004', 'Blush linen napkin set'],
  ['LI-0005', 'Åsa’s LINEN apron'],
  ['XX_100%', 'Percent_and underscore'],
  ['LI-0007', 'Linen runner "Grand"'],
  // Swedish names are searched too, and every script's capitals fold (SQLite's own lower() folds only ASCII).
  ['AA-0008', 'Linen pillowcase', { translations: { se: { name: 'ÖRNGOTT i linne', details: 'Tvättat' } } }],
  [
    'CO-0009',
    'Cotton dish cloth',
    { category: 'Cotton', mc: 'Cotton care', translations: { se: { name: 'Kökshandduk i bomull' } } },
  ],
];

describe.each(dialects())('products: partial-name search and filters (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  const ids = new Map<string, string>();
  let image = '';
  beforeAll(async () => {
    t = await startApp({ dialect });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    image = await storedImage(t, editor.uid);
    for (const [sku, name, extra] of names) {
      const res = await t.api('POST', '/api/products', {
        cookie,
        body: { ...base, sku, name, images: [image], ...extra },
      });
      expect(res.status, res.text).toBe(201);
      ids.set(sku, res.json.id);
    }
  });
  afterAll(async () => t?.close());

  const skus = async (query: string): Promise<string[]> => {
    const res = await t.api('GET', `/api/products?${query}`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.json.items.map((p: { sku: string }) => p.sku);
  };
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  it('matches every word anywhere in the name or SKU, in any case, newest SKU first', async () => {
    expect(await skus(q('lin tow'))).toEqual(['LI-0002', 'LI-0001']);
    expect(await skus(q('TEA'))).toEqual(['LI-0001', 'CO-0003']);
    expect(await skus(q('0004'))).toEqual(['LI-0004']);
    expect(await skus(q('li-000'))).toEqual(['LI-0007', 'LI-0005', 'LI-0004', 'LI-0002', 'LI-0001']);
    expect(await skus(q('åsa'))).toEqual(['LI-0005']);
    expect(await skus(q('grand"'))).toEqual(['LI-0007']);
    expect(await skus(q('towel silk'))).toEqual([]);
  });

  it('matches short words and treats % and _ as themselves', async () => {
    expect(await skus(q('ap'))).toEqual(['LI-0005', 'LI-0004']);
    expect(await skus(q('%'))).toEqual(['XX_100%']);
    // As a wildcard, _ would match 'ent' in 'Percent'.
    expect(await skus(q('e_t'))).toEqual([]);
    expect(await skus(q('_and'))).toEqual(['XX_100%']);
  });

  it('matches words of the Swedish names, alone and with English words or the SKU, in any case', async () => {
    expect(await skus(q('örngott'))).toEqual(['AA-0008']);
    expect(await skus(q('ÖRN'))).toEqual(['AA-0008']);
    expect(await skus(q('kökshand dish'))).toEqual(['CO-0009']);
    expect(await skus(q('linne pillow aa-00'))).toEqual(['AA-0008']);
    expect(await skus(q('i'))).toEqual(expect.arrayContaining(['AA-0008', 'CO-0009']));
    expect(await skus(q('örngott bomull'))).toEqual([]);
  });

  it('narrows by category and status, alone or with the words', async () => {
    expect(await skus('category=Cotton')).toEqual(['CO-0009', 'CO-0003']);
    expect(await skus(`${q('towel')}&active=false`)).toEqual(['LI-0002']);
    expect(await skus(`${q('towel')}&category=Linen&active=true`)).toEqual(['LI-0001']);
    expect((await t.api('GET', '/api/products?category=Silk', { cookie })).status).toBe(400);
    expect((await t.api('GET', '/api/products?active=maybe', { cookie })).status).toBe(400);
    expect((await t.api('GET', `/api/products?${q('a\u0000b')}`, { cookie })).status).toBe(400);
  });

  it('pages a search with the cursor, as the plain list does', async () => {
    const first = await t.api('GET', `/api/products?${q('li')}&limit=2`, { cookie });
    expect(first.json.items.map((p: { sku: string }) => p.sku)).toEqual(['LI-0007', 'LI-0005']);
    const second = await t.api('GET', `/api/products?${q('li')}&limit=2&after=${first.json.next}`, { cookie });
    expect(second.json.items.map((p: { sku: string }) => p.sku)).toEqual(['LI-0004', 'LI-0002']);
  });

  it('answers alike whether it gathers the rarest word’s matches or reads down the SKU index', async () => {
    const queries = [
      'lin tow',
      'TEA',
      'towel tea',
      'li-000 a',
      'åsa',
      'grand"',
      'towel silk',
      'ap',
      '_and',
      'e_t',
      'linen 000',
      'örngott',
      'ÖRN',
      'linne aa',
      'kökshandduk dish',
      'i bomull',
    ];
    for (const text of queries) {
      const page = async (cap: number, after: { key: string; id: string } | null = null) =>
        (await listProducts(t.db, { limit: 2, after }, { q: text }, cap)).items.map((p) => p.sku);
      const gathered = await page(1_000_000);
      // PostgreSQL: cap 0 always gathers; 1 and 3 walk a few rows, then gather or (a common word) walk on.
      for (const cap of [0, 1, 3, GATHER_CAP]) expect(await page(cap), `${text} (cap ${cap})`).toEqual(gathered);
      expect(gathered, text).toEqual((await skus(q(text))).slice(0, 2));
    }
    // A later page too: the cursor bounds the walk as it bounds the plain list.
    const after = { key: 'LI-0004', id: ids.get('LI-0004')! };
    const rest = async (cap: number) =>
      (await listProducts(t.db, { limit: 5, after }, { q: 'li-00' }, cap)).items.map((p) => p.sku);
    expect(await rest(0)).toEqual(['LI-0002', 'LI-0001']);
    expect(await rest(1)).toEqual(['LI-0002', 'LI-0001']);
    expect(await rest(1_000_000)).toEqual(['LI-0002', 'LI-0001']);
  });

  it('follows a rename: found by the new name, no longer by the old', async () => {
    const id = ids.get('LI-0004')!;
    const now = (await t.api('GET', `/api/products/${id}`, { cookie })).json;
    const res = await t.api('PATCH', `/api/products/${id}`, {
      cookie,
      body: { name: 'Blush linen tablecloth' },
      headers: { 'if-match': `"${now.version}"` },
    });
    expect(res.status, res.text).toBe(200);
    expect(await skus(q('napkin'))).toEqual([]);
    expect(await skus(q('tablecl'))).toEqual(['LI-0004']);
    const named = await t.api('PATCH', `/api/products/${id}`, {
      cookie,
      body: { translations: { se: { name: 'Duk i Ärtgrönt' } } },
      headers: { 'if-match': `"${res.json.version}"` },
    });
    expect(named.status, named.text).toBe(200);
    expect(await skus(q('ärtgrönt'))).toEqual(['LI-0004']);
    expect(await skus(q('tablecl duk'))).toEqual(['LI-0004']);
  });

  it('finds a name with or without its accents, whichever way it is typed, by the index and by the walk', async () => {
    for (const [sku, name, se] of [
      ['FO-0011', 'Plain Orngott cover', 'Överdrag'],
      ['FO-0012', 'Linné throw', 'Pläd i Linné'],
    ] as const) {
      const body = { ...base, sku, name, images: [image], translations: { se: { name: se } } };
      const res = await t.api('POST', '/api/products', { cookie, body });
      expect(res.status, res.text).toBe(201);
    }
    const found: [string, string[]][] = [
      ['orngott', ['FO-0011', 'AA-0008']],
      ['Örngott', ['FO-0011', 'AA-0008']],
      ['ÖRNGOTT cover', ['FO-0011']],
      ['linne', ['FO-0012', 'AA-0008']],
      ['LINNÉ thr', ['FO-0012']],
      ['overdrag', ['FO-0011']],
      ['plad', ['FO-0012']],
      ['kokshandduk', ['CO-0009']],
      ['artgront', ['LI-0004']],
    ];
    for (const [text, want] of found) {
      expect(await skus(q(text)), text).toEqual(want);
      for (const cap of [0, 1, 3, GATHER_CAP, 1_000_000]) {
        const page = await listProducts(t.db, { limit: 10, after: null }, { q: text }, cap);
        expect(
          page.items.map((p) => p.sku),
          `${text} (cap ${cap})`,
        ).toEqual(want);
      }
    }
    // The exact SKU search stays exact.
    expect(await skus('sku=FO-0011')).toEqual(['FO-0011']);
    expect(await skus('sku=FO-001')).toEqual([]);
  });
});
