import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import { fieldsOfResource, hasSearch, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { bodyOf, everyKind, pad, type Context, type Values } from '../helpers/recordValues.js';
import { servedResources } from '../../../server/resources.js';
import { callerOf, dataWithTables, dialects, startApp, type DataStore, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// What the list routes take in their query (routes/pages.ts): a parameter a list does not know, and `q` on a described
// resource with no searchable field, are refused by name in the caller's language, not ignored; every parameter the
// browser sends still answers. And the partial-name search of every described resource folds accents both ways.

const RESOURCES: ResourceDescription[] = [...servedResources, everyKind];
const SAID = { en: messages.errors, sv: sv.errors };

describe.each(dialects())('the list routes’ query parameters (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let admin: string;
  const ctx: Context = { image: '', ids: new Map() };

  beforeAll(async () => {
    // The made-up resource's table, as its generated migration would make it.
    data = await dataWithTables(dialect, [everyKind]);
    t = await startApp({ dialect, data, build: { described: RESOURCES } });
    admin = (await callerOf(t, 'admin')).cookie!;
    ctx.image = await storedImage(t, (await t.api('GET', '/api/me', { cookie: admin })).json.uid as string);
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const get = (path: string, lang: 'en' | 'sv' = 'en') =>
    t.api('GET', path, { cookie: admin, headers: { 'accept-language': lang } });
  /** A 400 naming the parameter, in English and in Swedish. */
  const refused = async (path: string, name: string, key: 'unknownParameter' | 'noPartialSearch') => {
    for (const lang of ['en', 'sv'] as const) {
      const res = await get(path, lang);
      expect(res.status, res.text).toBe(400);
      const message = format(SAID[lang][key], { name });
      expect(res.json.error).toEqual({ code: 'validation', message, details: [{ path: `/${name}`, message }] });
    }
  };
  const ids = (res: { json: { items: Values[] } }) => res.json.items.map((r) => r.id);

  describe.each(RESOURCES.map((d) => [d.name, d] as const))('%s', (name, d) => {
    const path = `/api/${name}`;

    it('refuses a parameter it does not know, and q where nothing is searched, naming it', async () => {
      await refused(`${path}?bogus=1`, 'bogus', 'unknownParameter');
      await refused(`${path}?limit=5&Limit=5`, 'Limit', 'unknownParameter');
      if (!hasSearch(d)) await refused(`${path}?q=zzz`, 'q', 'noPartialSearch');
      // What the browser sends still answers: a page, the next page, the exact search, the partial-name search.
      for (let n = 7101; n <= 7103; n += 1) {
        const res = await t.api('POST', path, { cookie: admin, origin: t.publicUrl, body: bodyOf(d, n, ctx) });
        expect(res.status, res.text).toBe(201);
      }
      const first = await get(`${path}?limit=2`);
      expect(first.status, first.text).toBe(200);
      expect((await get(`${path}?limit=2&after=${encodeURIComponent(first.json.next)}`)).status).toBe(200);
      const term = String(bodyOf(d, 7101, ctx)[d.search]);
      expect((await get(`${path}?${d.search}=${encodeURIComponent(term)}`)).json.items).toHaveLength(1);
      if (hasSearch(d)) expect((await get(`${path}?q=7101&limit=10`)).status).toBe(200);
    });

    it.runIf(hasSearch(d))(
      'finds words with or without their accents, both ways; the exact search stays exact',
      async () => {
        const [k, f] = fieldsOfResource(d).find(([, x]) => x.search)!;
        const make = async (n: number, words: string) => {
          const body = { ...bodyOf(d, n, ctx), [k]: f.kind === 'text' ? `${words}\n${pad(n)}` : `${words} ${pad(n)}` };
          const res = await t.api('POST', path, { cookie: admin, origin: t.publicUrl, body });
          expect(res.status, res.text).toBe(201);
          return res.json as Values;
        };
        const accented = await make(7201, 'Örngott Linné');
        const plain = await make(7202, 'Orngott Linne');
        const found = async (q: string) => ids(await get(`${path}?q=${encodeURIComponent(q)}&limit=100`));
        for (const q of ['orngott', 'ÖRNGOTT', 'linne', 'Linné', 'örngott linne'])
          expect((await found(q)).sort(), q).toEqual([accented.id, plain.id].sort());
        expect(await found('orngott 7201')).toEqual([accented.id]);
        expect(await found('LINNÉ 7202')).toEqual([plain.id]);
        if (k === d.search) {
          const exact = (v: string) => get(`${path}?${d.search}=${encodeURIComponent(v)}`);
          expect(ids(await exact(String(accented[k])))).toEqual([accented.id]);
          expect(ids(await exact('Orngott Linne 7201'))).toEqual([]);
        }
      },
    );
  });

  it('products and users refuse a parameter they do not know, and take every one the browser sends', async () => {
    await refused('/api/products?bogus=1', 'bogus', 'unknownParameter');
    await refused('/api/products?q=a&status=active', 'status', 'unknownParameter');
    await refused('/api/users?q=ann', 'q', 'noPartialSearch');
    await refused('/api/users?bogus=1&limit=5', 'bogus', 'unknownParameter');
    for (const query of [
      'limit=10',
      'q=linen&category=Linen&active=true&missing=se&scheduled=true&limit=10',
      'sku=NONE-1',
    ])
      expect((await get(`/api/products?${query}`)).status, query).toBe(200);
    for (const query of ['limit=10', `email=${encodeURIComponent('nobody@example.com')}`])
      expect((await get(`/api/users?${query}`)).status, query).toBe(200);
  });
});
