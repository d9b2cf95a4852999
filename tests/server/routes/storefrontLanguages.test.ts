import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { PUBLISHED_FIELDS } from '../../../domain/productFields.js';

const SHOP = 'https://shop.example';
const english = { name: 'Linen tea towel', details: 'Stonewashed linen.' };
const swedish = { name: 'Kökshandduk i linne', details: 'Stentvättat linne.' };
/** The products of this file: SKU → the Swedish texts written (the list shows them in this order, SKU descending). */
const PRODUCTS = {
  'SFL-4-FULL': swedish,
  'SFL-3-NAME': { name: swedish.name },
  'SFL-2-DETAILS': { details: swedish.details },
  'SFL-1-NONE': undefined,
} as const;
type Sku = keyof typeof PRODUCTS;
const EXPECTED_SE: Record<Sku, { name: string; details: string; fallback: string[] }> = {
  'SFL-4-FULL': { ...swedish, fallback: [] },
  'SFL-3-NAME': { name: swedish.name, details: english.details, fallback: ['details'] },
  'SFL-2-DETAILS': { name: english.name, details: swedish.details, fallback: ['name'] },
  'SFL-1-NONE': { ...english, fallback: ['name', 'details'] },
};
/**
 * Every key a public item has: the fields the description publishes, then the feed's own; nothing of staff, no status,
 * no `translations`.
 */
const ITEM_KEYS = [
  ...PUBLISHED_FIELDS.map((f) => f.key),
  'id',
  'thumbnails',
  'primary',
  'version',
  'lang',
  'fallback',
  'imageSets',
];

const varyOf = (h: Headers): string[] => (h.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());

describe.each(dialects())('the storefront feed in the catalogue languages (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { STOREFRONT_ENABLED: 'true', STOREFRONT_ORIGINS: SHOP } });
    const editor = await createUser(t, 'editor');
    const cookie = await signIn(t, editor.email, editor.password);
    const image = await storedImage(t, editor.uid);
    for (const [sku, se] of Object.entries(PRODUCTS)) {
      const body = {
        sku,
        category: 'Linen',
        mc: 'Linen care',
        price: '129 SEK',
        active: true,
        images: [image],
        ...english,
        ...(se ? { translations: { se } } : {}),
      };
      expect((await t.api('POST', '/api/products', { cookie, body })).status).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.api('GET', `/api/public/products?limit=100${query}`, { headers });
    expect(res.status, res.text).toBe(200);
    return { res, items: res.json.items as Record<string, unknown>[] };
  };
  /** One request with no Accept-Language at all (fetch always sends one). */
  const bare = (path: string) =>
    new Promise<{ status: number; vary: string; body: { lang?: string; items?: { lang: string }[] } }>(
      (resolve, reject) => {
        get(new URL(path, t.baseUrl), (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, vary: String(res.headers.vary), body: JSON.parse(text) }),
          );
        }).on('error', reject);
      },
    );

  it('publishes the specification’s fields and never the status, staff or translations', () => {
    expect(ITEM_KEYS).toEqual(expect.arrayContaining(['sku', 'category', 'mc', 'name', 'details', 'price', 'images']));
    for (const key of ['active', 'translations', 'created', 'updated', 'activeFrom', 'activeUntil'])
      expect(ITEM_KEYS).not.toContain(key);
  });

  it(
    'answers lang=se in Swedish, field by field in English ' + 'where Swedish is missing, saying which fell back',
    async () => {
      const { items } = await list('&lang=se');
      expect(items.map((p) => p.sku)).toEqual(Object.keys(PRODUCTS));
      for (const p of items)
        expect({ sku: p.sku, name: p.name, details: p.details, fallback: p.fallback, lang: p.lang }).toEqual({
          sku: p.sku,
          ...EXPECTED_SE[p.sku as Sku],
          lang: 'se',
        });
      for (const sku of Object.keys(PRODUCTS) as Sku[]) {
        const one = await t.api('GET', `/api/public/products/${sku}?lang=se`);
        expect(one.status).toBe(200);
        expect({
          name: one.json.name,
          details: one.json.details,
          fallback: one.json.fallback,
          lang: one.json.lang,
        }).toEqual({ ...EXPECTED_SE[sku], lang: 'se' });
        // The same item as in the list, and nothing more: no translations, nothing of staff.
        expect(one.json).toEqual(items.find((p) => p.sku === sku));
        expect(Object.keys(one.json).sort()).toEqual([...ITEM_KEYS].sort());
      }
    },
  );

  it('answers lang=en in English with no fallback, translated or not', async () => {
    const { items, res } = await list('&lang=en', { 'accept-language': 'sv' });
    for (const p of items)
      expect({ name: p.name, details: p.details, fallback: p.fallback, lang: p.lang }).toEqual({
        ...english,
        fallback: [],
        lang: 'en',
      });
    const one = await t.api('GET', '/api/public/products/SFL-4-FULL?lang=en');
    expect({ name: one.json.name, lang: one.json.lang, fallback: one.json.fallback }).toEqual({
      name: english.name,
      lang: 'en',
      fallback: [],
    });
    // lang decided, not the header: the answer does not vary on it.
    expect(varyOf(res.headers)).not.toContain('accept-language');
  });

  it.each([
    ['sv', 'se'],
    ['sv-SE', 'se'],
    ['sv-SE;q=0.9,en;q=0.8', 'se'],
    ['en;q=0.5, sv;q=0.9', 'se'],
    ['de, SV-se;q=0.3', 'se'],
    ['en-GB', 'en'],
    ['en-GB,en;q=0.9,sv;q=0.8', 'en'],
    ['sv;q=0, en;q=0.1', 'en'],
    // 'se' is Northern Sami's tag, not Swedish: the record id is not a language tag.
    ['se', 'en'],
    ['fi, de', 'en'],
    ['*', 'en'],
  ])('without lang, Accept-Language %j answers %s, and the answer varies on the header', async (header, lang) => {
    for (const path of ['/api/public/products?limit=100', '/api/public/products/SFL-4-FULL']) {
      const res = await t.api('GET', path, { headers: { 'accept-language': header, origin: SHOP } });
      expect(res.status).toBe(200);
      const item = path.includes('?') ? res.json.items[0] : res.json;
      expect(item.lang, path).toBe(lang);
      expect(item.name, path).toBe(lang === 'se' ? swedish.name : english.name);
      expect(varyOf(res.headers), path).toEqual(expect.arrayContaining(['origin', 'accept-language']));
    }
  });

  it('without lang or Accept-Language answers English, still varying on the header', async () => {
    for (const path of ['/api/public/products?limit=100', '/api/public/products/SFL-4-FULL']) {
      const res = await bare(path);
      expect(res.status).toBe(200);
      expect((res.body.items?.[0] ?? res.body).lang).toBe('en');
      expect(res.vary.toLowerCase()).toContain('accept-language');
    }
  });

  it('lets lang win over Accept-Language, and then does not vary on the header', async () => {
    for (const [query, header, lang] of [
      ['lang=en', 'sv-SE,sv;q=0.9', 'en'],
      ['lang=se', 'en-GB,en;q=0.9', 'se'],
    ]) {
      const one = await t.api('GET', `/api/public/products/SFL-4-FULL?${query}`, {
        headers: { 'accept-language': header!, origin: SHOP },
      });
      expect(one.json.lang).toBe(lang);
      expect(varyOf(one.headers)).toContain('origin');
      expect(varyOf(one.headers)).not.toContain('accept-language');
      const { items } = await list(`&${query}`, { 'accept-language': header! });
      expect(items.every((p) => p.lang === lang)).toBe(true);
    }
  });

  it('tags each language differently: a 304 only for the language the tag was made for', async () => {
    for (const path of ['/api/public/products?limit=100', '/api/public/products/SFL-1-NONE']) {
      const join = path.includes('?') ? '&' : '?';
      const en = await t.api('GET', `${path}${join}lang=en`);
      const se = await t.api('GET', `${path}${join}lang=se`);
      const enTag = en.headers.get('etag')!;
      const seTag = se.headers.get('etag')!;
      // Even a product with no Swedish text at all: its Swedish answer says so (lang, fallback), so its bytes differ.
      expect(seTag, path).not.toBe(enTag);
      expect((await t.api('GET', `${path}${join}lang=se`, { headers: { 'if-none-match': seTag } })).status, path).toBe(
        304,
      );
      expect((await t.api('GET', `${path}${join}lang=se`, { headers: { 'if-none-match': enTag } })).status, path).toBe(
        200,
      );
      expect((await t.api('GET', `${path}${join}lang=en`, { headers: { 'if-none-match': seTag } })).status, path).toBe(
        200,
      );
      // Decided by the header: the same address, a 304 only when the header names the tag's language; and the 304
      // says what it varies on, as the 200 did.
      const bySv = await t.api('GET', path, { headers: { 'accept-language': 'sv', 'if-none-match': seTag } });
      expect(bySv.status, path).toBe(304);
      expect(bySv.headers.get('etag')).toBe(seTag);
      expect(varyOf(bySv.headers)).toContain('accept-language');
      expect(
        (await t.api('GET', path, { headers: { 'accept-language': 'en', 'if-none-match': seTag } })).status,
        path,
      ).toBe(200);
      expect(
        (await t.api('GET', path, { headers: { 'accept-language': 'sv-SE', 'if-none-match': enTag } })).status,
        path,
      ).toBe(200);
    }
  });

  it.each(['xx', 'SE', 'sv', 'EN', '', 'se,en'])('refuses lang=%j with a 400 naming the languages', async (value) => {
    for (const path of [`/api/public/products?lang=${value}`, `/api/public/products/SFL-4-FULL?lang=${value}`]) {
      const res = await t.api('GET', path, { headers: { origin: SHOP } });
      expect(res.status, path).toBe(400);
      expect(res.json.error.code).toBe('validation');
      expect(res.json.error.details).toEqual([
        expect.objectContaining({ path: '/lang', message: 'lang must be one of en, se.' }),
      ]);
      // The CORS answer and its Vary survive the error (the shop's page can read why).
      expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(varyOf(res.headers)).toEqual(expect.arrayContaining(['origin', 'accept-language']));
    }
    // Twice given is refused too, and in Swedish for a Swedish caller.
    const twice = await t.api('GET', '/api/public/products?lang=se&lang=en', { headers: { 'accept-language': 'sv' } });
    expect(twice.status).toBe(400);
    expect(twice.json.error.details[0].message).toBe('lang måste vara ett av en, se.');
  });

  it('describes lang and the new fields in the OpenAPI document, and no translations', async () => {
    type Op = {
      parameters?: { name: string; in: string; schema: { enum?: string[] } }[];
      responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    };
    const doc = (await t.api('GET', '/api/docs/json')).json as { paths: Record<string, { get: Op }> };
    for (const path of ['/api/public/products', '/api/public/products/{sku}']) {
      const op = doc.paths[path]!.get;
      expect(op.parameters?.find((p) => p.name === 'lang' && p.in === 'query')?.schema.enum, path).toEqual([
        'en',
        'se',
      ]);
    }
    const item =
      doc.paths['/api/public/products/{sku}']!.get.responses['200']!.content!['application/json']!.schema.properties!;
    expect(Object.keys(item).sort()).toEqual([...ITEM_KEYS].sort());
    expect(item.fallback).toMatchObject({ type: 'array', items: { enum: ['name', 'details'] } });
  });
});
