import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

const SHOP = 'https://shop.example';
const base = {
  category: 'Cotton',
  mc: 'Cotton care',
  name: 'Tea towel',
  details: 'Soft cotton',
  price: '99 SEK',
  active: true,
};

/** Every key anywhere in a JSON value. */
const keysOf = (v: unknown): string[] =>
  v !== null && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]) : [];

describe.each(dialects())('the storefront feed (%s)', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let cookie: string;
  let image: string;
  beforeAll(async () => {
    t = await startApp({
      dialect,
      env: { STOREFRONT_ENABLED: 'true', STOREFRONT_ORIGINS: `${SHOP}, https://other.example` },
    });
    editor = await createUser(t, 'editor', { firstName: 'Eva', lastName: 'Berg' });
    cookie = await signIn(t, editor.email, editor.password);
    image = await storedImage(t, editor.uid);
  });
  afterAll(async () => t?.close());

  const make = async (sku: string, active = true) => {
    const res = await t.api('POST', '/api/products', { cookie, body: { ...base, sku, active, images: [image] } });
    expect(res.status).toBe(201);
    return res.json as { id: string; version: number };
  };
  const allPages = async () => {
    const items: { sku: string }[] = [];
    let after: string | null = null;
    do {
      const res = await t.api('GET', `/api/public/products?limit=2${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      items.push(...res.json.items);
      after = res.json.next;
    } while (after);
    return items;
  };

  it('pages active products only, without a session, with absolute image addresses and nothing of staff', async () => {
    await make('SF-ON-1');
    await make('SF-ON-2');
    await make('SF-OFF', false);
    const items = await allPages();
    const skus = items.map((p) => p.sku);
    expect(skus).toContain('SF-ON-1');
    expect(skus).toContain('SF-ON-2');
    expect(skus).not.toContain('SF-OFF');
    const one = (await t.api('GET', '/api/public/products/SF-ON-1')).json;
    expect(one.images[0]).toMatch(new RegExp(`^${t.publicUrl}/api/public/images/[\\w-]+\\.jpg$`));
    expect(one.thumbnails[0]).toMatch(new RegExp(`^${t.publicUrl}/api/public/images/[\\w-]+\\.webp$`));
    expect(one.primary).toBe(one.images[0]);
    // The addresses serve the stored image and its thumbnail, byte for byte.
    const stored = Buffer.from(await (await fetch(`${t.baseUrl}${image}`)).arrayBuffer());
    const served = await fetch(one.images[0]);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    const thumb = await fetch(one.thumbnails[0]);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    await thumb.arrayBuffer();
    // A name the feed did not hand out, or one changed by a character, is not found.
    const token = /images\/([\w-]+)\.jpg$/.exec(one.images[0])![1]!;
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    for (const name of [`${flipped}.jpg`, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg', '..%2F..%2Fconsole.sqlite']) {
      expect((await t.api('GET', `/api/public/images/${name}`)).status, name).toBe(404);
    }
    // Nothing of users: no authors, no emails, no names of staff, no status.
    const text = JSON.stringify(items) + JSON.stringify(one);
    for (const leak of [editor.uid, editor.email, 'Eva', 'Berg']) expect(text).not.toContain(leak);
    for (const key of keysOf(one))
      expect(['createdBy', 'updatedBy', 'created_by', 'updated_by', 'active', 'email']).not.toContain(key);
  });

  it('answers a disabled SKU exactly as an unknown one, and drops a product the moment it is disabled', async () => {
    const p = await make('SF-GOES');
    expect((await t.api('GET', '/api/public/products/SF-GOES')).status).toBe(200);
    const off = await t.api('PATCH', `/api/products/${p.id}`, {
      cookie,
      body: { active: false },
      headers: { 'if-match': `"${p.version}"` },
    });
    expect(off.status).toBe(200);
    const disabled = await t.api('GET', '/api/public/products/SF-GOES');
    const unknown = await t.api('GET', '/api/public/products/SF-NEVER');
    expect(disabled.status).toBe(404);
    expect(disabled.json).toEqual(unknown.json);
    expect((await allPages()).map((x) => x.sku)).not.toContain('SF-GOES');
  });

  it('gives strong ETags, 304 with no body for the current one, and a new tag after a change', async () => {
    const p = await make('SF-ETAG');
    const first = await t.api('GET', '/api/public/products/SF-ETAG');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const again = await t.api('GET', '/api/public/products/SF-ETAG', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // A weak form of the same tag (as a CDN may pass it on) matches too; another tag does not.
    expect(
      (await t.api('GET', '/api/public/products/SF-ETAG', { headers: { 'if-none-match': `"x", W/${etag}` } })).status,
    ).toBe(304);
    expect((await t.api('GET', '/api/public/products/SF-ETAG', { headers: { 'if-none-match': '"x"' } })).status).toBe(
      200,
    );
    await t.api('PATCH', `/api/products/${p.id}`, {
      cookie,
      body: { price: '79 SEK' },
      headers: { 'if-match': `"${p.version}"` },
    });
    const changed = await t.api('GET', '/api/public/products/SF-ETAG', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.json.price).toBe('79 SEK');
    // The list and the texts too.
    for (const path of ['/api/public/products', '/api/public/texts/se']) {
      const a = await t.api('GET', path);
      expect(a.status).toBe(200);
      expect((await t.api('GET', path, { headers: { 'if-none-match': a.headers.get('etag')! } })).status).toBe(304);
    }
  });

  it('serves each language’s texts, and refuses any other', async () => {
    const en = await t.api('GET', '/api/public/texts/en');
    expect(en.status).toBe(200);
    expect(en.json.id).toBe('en');
    expect(typeof en.json.version).toBe('number');
    expect(Object.keys(en.json.texts).length).toBeGreaterThan(0);
    expect((await t.api('GET', '/api/public/texts/fr')).status).toBe(400);
  });

  it('allows the configured origins exactly, without credentials, and no other', async () => {
    const ok = await t.api('GET', '/api/public/products', { headers: { origin: SHOP } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/etag/i);
    expect(ok.headers.get('vary')).toMatch(/origin/i);
    for (const origin of ['https://evil.example', `${SHOP}.evil.example`, 'http://shop.example', 'null']) {
      const res = await t.api('GET', '/api/public/products', { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const pre = await fetch(`${t.baseUrl}/api/public/products/SF-ON-1`, {
      method: 'OPTIONS',
      headers: {
        origin: SHOP,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/if-none-match/i);
    const refused = await fetch(`${t.baseUrl}/api/public/products`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('is described in the OpenAPI document, with the schema of each answer', async () => {
    const doc = (await t.api('GET', '/api/docs/json')).json as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
            >;
          }
        >
      >;
    };
    const props = (path: string) =>
      Object.keys(doc.paths[path]!.get!.responses['200']!.content!['application/json']!.schema.properties ?? {});
    expect(props('/api/public/products')).toEqual(['items', 'next']);
    expect(props('/api/public/products/{sku}')).toEqual(
      expect.arrayContaining(['sku', 'name', 'price', 'images', 'thumbnails', 'version']),
    );
    expect(props('/api/public/products/{sku}')).not.toContain('active');
    expect(props('/api/public/texts/{id}')).toEqual(['id', 'texts', 'version']);
    for (const path of ['/api/public/products', '/api/public/products/{sku}', '/api/public/texts/{id}'])
      expect(doc.paths[path]!.get!.responses).toHaveProperty('304');
  });

  it('refuses hostile paths and queries with a 400', async () => {
    for (const path of [
      '/api/public/products/%00',
      '/api/public/products/%ED%A0%80',
      `/api/public/products/${'A'.repeat(65)}`,
      '/api/public/products?limit=1e400',
      '/api/public/products?limit=0',
      '/api/public/products?after=not-a-cursor',
      '/api/public/products?after=%00',
      '/api/public/texts/%00',
    ]) {
      const res = await t.api('GET', path);
      expect(res.status, `${path} ${res.text}`).toBe(400);
      // Fastify refuses a path that is not valid UTF-8 before any route runs, in its own shape; the rest are ours.
      if (!path.includes('%ED')) expect(res.json.error.code, path).toBe('validation');
    }
  });
});

describe.each(dialects())('the storefront feed when not enabled (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { STOREFRONT_ORIGINS: SHOP } });
  });
  afterAll(async () => t?.close());

  it('answers 404 on every public route, as an unknown address does', async () => {
    const unknown = await t.api('GET', '/api/public/nothing-here');
    for (const path of ['/api/public/products', '/api/public/products/ANY', '/api/public/texts/en']) {
      const res = await t.api('GET', path, { headers: { origin: SHOP } });
      expect(res.status, path).toBe(404);
      expect(res.json, path).toEqual(unknown.json);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
