import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedResources } from '../../../server/resources.js';
import {
  describeResource,
  fieldsOfResource,
  publishedOf,
  type FieldDescription,
  type ResourceDescription,
} from '../../../domain/resourceDescription.js';
import {
  dataWithTables,
  createUser,
  dialects,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
} from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { bodyOf, everyKind, valueOf, type Context } from '../helpers/recordValues.js';

/** The made-up resource with a field of every kind, each published but its notes. */
const everyPublished = describeResource({
  ...everyKind,
  fields: Object.fromEntries(
    fieldsOfResource(everyKind).map(([k, f]): [string, FieldDescription] => [
      k,
      k === 'notes' ? f : { ...f, publish: true },
    ]),
  ),
});
/** The resources with a feed: those of the console that publish a field, and the made-up one. */
const WITH: ResourceDescription[] = [...servedResources.filter((d) => publishedOf(d).length > 0), everyPublished];
const WITHOUT = servedResources.filter((d) => publishedOf(d).length === 0);

// A field's `publish` is the engine's: a described resource with one has its storefront feed, /api/public/<name>
// (server/routes/storefront.ts, core/describedFeed.ts), paged, in a language, kept in memory until a change.
describe.each(dialects())('the feed of a described resource (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let cookie: string;
  const ctx: Context = { image: '', ids: new Map() };

  beforeAll(async () => {
    // The made-up resource's table, as its generated migration would make it.
    data = await dataWithTables(dialect, [everyPublished]);
    t = await startApp({
      dialect,
      data,
      env: { STOREFRONT_ENABLED: 'true' },
      build: { described: [...servedResources, everyPublished] },
    });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    ctx.image = await storedImage(t, editor.uid, 'guide.jpg');
    // A record of each resource a reference points to (references are checked).
    for (const d of WITH)
      for (const [, f] of fieldsOfResource(d))
        if (f.kind === 'reference' && !ctx.ids.has(f.to!)) {
          const target = servedResources.find((x) => x.name === f.to)!;
          const res = await t.api('POST', `/api/${target.name}`, { cookie, body: bodyOf(target, 9000, ctx) });
          expect(res.status, res.text).toBe(201);
          ctx.ids.set(target.name, res.json.id);
        }
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  it('is turned on by care guides', () => {
    expect(WITH.map((d) => d.name)).toContain('careguides');
  });

  describe.each(WITH.map((d) => [d.name, d] as const))('%s', (name, d) => {
    const published = publishedOf(d);
    const translated = published.filter(([, f]) => f.kind === 'translated').map(([k]) => k);
    const images = published.filter(([, f]) => f.kind === 'images').map(([k]) => k);
    const made: { id: string; version: number }[] = [];
    const add = async (n: number, swedish = true) => {
      const body = bodyOf(d, n, ctx);
      if (!swedish) delete body.translations;
      const res = await t.api('POST', `/api/${name}`, { cookie, body });
      expect(res.status, res.text).toBe(201);
      made.push(res.json);
      return res.json as Record<string, unknown> & { id: string; version: number };
    };

    it('pages every record without a session: published fields, public image addresses, nothing of staff', async () => {
      const one = await add(1);
      await add(2);
      await add(3);
      const seen: Record<string, unknown>[] = [];
      let after: string | null = null;
      do {
        const res = await t.api('GET', `/api/public/${name}?limit=2${after ? `&after=${after}` : ''}`);
        expect(res.status, res.text).toBe(200);
        expect(res.json.items.length).toBeLessThanOrEqual(2);
        seen.push(...res.json.items);
        after = res.json.next;
      } while (after);
      expect(seen.map((r) => r.id).sort()).toEqual(made.map((r) => r.id).sort());
      const item = seen.find((r) => r.id === one.id)!;
      expect(Object.keys(item).sort()).toEqual(
        [...published.map(([k]) => k), 'id', 'version', 'lang', 'fallback', 'imageSets'].sort(),
      );
      expect(item.lang).toBe('en');
      expect(item.fallback).toEqual([]);
      for (const [k, f] of published) {
        if (f.kind === 'images') {
          const urls = item[k] as string[];
          expect(urls).toHaveLength((one[k] as string[]).length);
          for (const url of urls) {
            expect(url).toMatch(new RegExp(`^${t.publicUrl}/api/public/images/[A-Za-z0-9_-]+\\.jpg$`));
            // Nothing of the uploader's name (their uid) reaches the shop's site.
            expect(url).not.toContain('Uploads');
            const file = await t.api('GET', url.slice(t.publicUrl.length));
            expect(file.status).toBe(200);
          }
          expect((item.imageSets as Record<string, { url: string }[]>)[k]!.map((s) => s.url)).toEqual(urls);
        } else expect(item[k], k).toEqual(one[k]);
      }
    });

    it('answers one record by id, in Swedish where it is written and in English where it is not', async () => {
      const rec = await add(10);
      const en = await t.api('GET', `/api/public/${name}/${rec.id}`);
      expect(en.status, en.text).toBe(200);
      expect(en.json.id).toBe(rec.id);
      const se = await t.api('GET', `/api/public/${name}/${rec.id}?lang=se`);
      expect(se.json.lang).toBe('se');
      for (const k of translated)
        expect(se.json[k]).toBe((rec.translations as Record<string, Record<string, string>>).se![k]);
      expect(se.json.fallback).toEqual([]);
      const bare = await add(11, false);
      const fell = await t.api('GET', `/api/public/${name}/${bare.id}?lang=se`);
      for (const k of translated) expect(fell.json[k]).toBe(bare[k]);
      expect(fell.json.fallback).toEqual(translated);
      // Accept-Language decides without lang.
      const header = await t.api('GET', `/api/public/${name}/${rec.id}`, { headers: { 'accept-language': 'sv-SE' } });
      expect(header.json.lang).toBe('se');
      expect((await t.api('GET', `/api/public/${name}/no-such-id`)).status).toBe(404);
      expect((await t.api('GET', `/api/public/${name}?lang=xx`)).status).toBe(400);
      expect((await t.api('GET', `/api/public/${name}?after=%27`)).status).toBe(400);
      expect(images.length + translated.length).toBeGreaterThan(0);
    });

    it('keeps answers until a change: 304 for its tag, the new value after an edit, 404 after a delete', async () => {
      const rec = await add(20);
      const first = await t.api('GET', `/api/public/${name}/${rec.id}`);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect((await t.api('GET', `/api/public/${name}/${rec.id}`, { headers: { 'if-none-match': etag } })).status).toBe(
        304,
      );
      const list = await t.api('GET', `/api/public/${name}?limit=100`);
      const field = published.find(([, f]) => !f.unique && !f.locked && f.kind !== 'images')![0];
      const value = valueOf(d.fields[field]!, 21, ctx);
      const saved = await t.api('PATCH', `/api/${name}/${rec.id}`, {
        cookie,
        origin: t.publicUrl,
        body: { [field]: value },
        headers: { 'if-match': `"${rec.version}"` },
      });
      expect(saved.status, saved.text).toBe(200);
      const after = await t.api('GET', `/api/public/${name}/${rec.id}`, { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(after.json[field]).toEqual(value);
      const listAfter = await t.api('GET', `/api/public/${name}?limit=100`);
      expect(listAfter.headers.get('etag')).not.toBe(list.headers.get('etag'));
      const gone = await t.api('DELETE', `/api/${name}/${rec.id}`, {
        cookie: (await adminCookie()) ?? cookie,
        origin: t.publicUrl,
        headers: { 'if-match': `"${saved.json.version}"` },
      });
      expect(gone.status, gone.text).toBe(204);
      expect((await t.api('GET', `/api/public/${name}/${rec.id}`)).status).toBe(404);
    });
  });

  let admin: string | undefined;
  const adminCookie = async (): Promise<string> => {
    if (admin) return admin;
    const a = await createUser(t, 'admin');
    admin = await signIn(t, a.email, a.password);
    return admin;
  };

  it.each(WITHOUT.map((d) => [d.name] as const))('has no feed of %s, which publishes no field', async (name) => {
    expect((await t.api('GET', `/api/public/${name}`)).status).toBe(404);
  });
});

describe('the feed of a described resource when not enabled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect: 'sqlite' });
  });
  afterAll(async () => t?.close());

  it('answers 404, as an address the server does not have', async () => {
    expect((await t.api('GET', '/api/public/careguides')).status).toBe(404);
  });
});

describe('a resource whose name is one of the feed own addresses', () => {
  it.each(['texts', 'images'])('cannot publish when named %s: its description names why', (name) => {
    const of = (publish: boolean) => () =>
      describeResource({
        name,
        area: 'products',
        fields: { title: { kind: 'line', max: 20, publish } },
        sort: { field: 'title', order: 'asc' },
        search: 'title',
      });
    expect(of(true)).toThrow(`${name}: /api/public/${name} is the feed's own`);
    expect(of(false)).not.toThrow();
  });
});
