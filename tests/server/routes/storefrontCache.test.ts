import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, pgAvailable, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { slowLink } from '../helpers/slowLink.js';

// The feed answers from memory (server/live/feedCache.ts): a kept answer is proved by a change made behind core's
// back (plain SQL, which announces nothing) not showing, and every change made through core shows at once, on every
// instance, before the editor is told it is saved.

const ENV = { STOREFRONT_ENABLED: 'true', PUBLIC_REQUESTS_PER_MINUTE: '0' };
/** Short alive period and drop wait, so an instance trusts its memory within a fraction of a second. */
const build = { feedPeers: { aliveMs: 150, ackMs: 2000 } };
const base = {
  category: 'Cotton',
  mc: 'Cotton care',
  name: 'Tea towel',
  details: 'Soft cotton',
  price: '99 SEK',
  active: true,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `app` trusts its memory (on PostgreSQL, one alive period after start or a reconnect), then reads `path`
 * so it is kept.
 */
async function untilKept(app: TestApp, path: string): Promise<void> {
  for (let i = 0; i < 100 && !app.services.feed.trusted; i++) await sleep(50);
  expect(app.services.feed.trusted).toBe(true);
  expect((await app.api('GET', path)).status).toBe(200);
}

describe.each(dialects())('the feed from memory (%s)', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let cookie: string;
  let product: { id: string; version: number };
  beforeAll(async () => {
    t = await startApp({ dialect, env: ENV, build });
    editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    const image = await storedImage(t, editor.uid);
    const res = await t.api('POST', '/api/products', { cookie, body: { ...base, sku: 'FC-1', images: [image] } });
    expect(res.status).toBe(201);
    product = res.json;
  });
  afterAll(async () => t?.close());

  const behindCore = (price: string) => sql`update products set price = ${price} where sku = 'FC-1'`.execute(t.db);
  const edit = async (body: object) => {
    const res = await t.api('PATCH', `/api/products/${product.id}`, {
      cookie,
      body,
      headers: { 'if-match': `"${product.version}"` },
    });
    expect(res.status, res.text).toBe(200);
    product = res.json;
  };

  it(
    'answers the list, a product and a 304 from memory, ' + 'and shows a change made through the console at once',
    async () => {
      for (const path of ['/api/public/products', '/api/public/products/FC-1', '/api/public/products?lang=se']) {
        await untilKept(t, path);
        const kept = await t.api('GET', path);
        await behindCore('1 SEK');
        // Not read again: the plain-SQL price does not show, and the kept ETag still matches.
        const again = await t.api('GET', path);
        expect(again.text).toBe(kept.text);
        expect((await t.api('GET', path, { headers: { 'if-none-match': kept.headers.get('etag')! } })).status).toBe(
          304,
        );
        // Never the price written behind the core ('1 SEK'): setting the stored value is a save that changes nothing.
        const price = `${product.version + 1} SEK`;
        await edit({ price });
        const fresh = await t.api('GET', path);
        expect(fresh.text).toContain(`"price":"${price}"`);
        expect(fresh.headers.get('etag')).not.toBe(kept.headers.get('etag'));
        expect((await t.api('GET', path, { headers: { 'if-none-match': kept.headers.get('etag')! } })).status).toBe(
          200,
        );
      }
    },
  );

  it('shows a disabled product gone at once, and the texts after a language edit', async () => {
    await untilKept(t, '/api/public/products/FC-1');
    await edit({ active: false });
    expect((await t.api('GET', '/api/public/products/FC-1')).status).toBe(404);
    expect((await t.api('GET', '/api/public/products')).json.items.map((p: { sku: string }) => p.sku)).not.toContain(
      'FC-1',
    );
    await edit({ active: true });

    await untilKept(t, '/api/public/texts/se');
    const texts = await t.api('GET', '/api/public/texts/se');
    const put = await t.api('PUT', '/api/languages/se', {
      cookie,
      body: { texts: { ...texts.json.texts, cache_probe: 'Hej' } },
      headers: { 'if-match': `"${texts.json.version}"` },
    });
    expect(put.status, put.text).toBe(200);
    expect((await t.api('GET', '/api/public/texts/se')).json.texts.cache_probe).toBe('Hej');
  });

  it('keeps no answer read before a change that landed while it was read', () => {
    const cache = t.services.feed;
    const generation = cache.generation('products');
    cache.dropLocal(['products']);
    cache.set('probe', 'products', generation, { body: Buffer.from('old'), etag: '"old"' });
    expect(cache.get('probe')).toBeUndefined();
    cache.set('probe', 'products', cache.generation('products'), { body: Buffer.from('new'), etag: '"new"' });
    expect(cache.get('probe')?.body.toString()).toBe('new');
    cache.dropLocal(['texts']);
    expect(cache.get('probe')?.body.toString()).toBe('new');
    cache.dropLocal(['products']);
    expect(cache.get('probe')).toBeUndefined();
  });
});

describe('the feed from memory on SQLite: a change by another process (the command line)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect: 'sqlite', env: ENV });
    const editor = await createUser(t, 'editor');
    const cookie = await signIn(t, editor.email, editor.password);
    const image = await storedImage(t, editor.uid);
    expect(
      (await t.api('POST', '/api/products', { cookie, body: { ...base, sku: 'FC-CLI', images: [image] } })).status,
    ).toBe(201);
  });
  afterAll(async () => t?.close());

  it('is seen within about a second through SQLite’s data_version', async () => {
    await untilKept(t, '/api/public/products/FC-CLI');
    const other = new Database(join(t.data.dataDir, 'console.sqlite'));
    try {
      other.prepare(`update products set price = '5 SEK' where sku = 'FC-CLI'`).run();
    } finally {
      other.close();
    }
    let price = '';
    for (let i = 0; i < 40 && price !== '5 SEK'; i++) {
      await sleep(100);
      price = (await t.api('GET', '/api/public/products/FC-CLI')).json.price;
    }
    expect(price).toBe('5 SEK');
  });
});

describe.runIf(pgAvailable())('the feed from memory on two instances of one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let link: Awaited<ReturnType<typeof slowLink>>;
  let cookie: string;
  let product: { id: string; version: number };
  beforeAll(async () => {
    a = await startApp({ dialect: 'postgres', env: ENV, build });
    // b hears the database 150 ms late, so a drop reaches it well after a's own commit: a must wait for it.
    link = await slowLink(5432, 150);
    const url = new URL(a.data.databaseUrl!);
    url.port = String(link.port);
    b = await startApp({
      dialect: 'postgres',
      env: ENV,
      build: { feedPeers: { aliveMs: 500, ackMs: 3000 } },
      data: { ...a.data, databaseUrl: url.toString() },
    });
    const editor = await createUser(a, 'editor');
    cookie = await signIn(a, editor.email, editor.password);
    const image = await storedImage(a, editor.uid);
    const res = await a.api('POST', '/api/products', { cookie, body: { ...base, sku: 'FC-2', images: [image] } });
    expect(res.status).toBe(201);
    product = res.json;
  });
  afterAll(async () => {
    await b?.close();
    await link?.close();
    await a?.close();
  });

  it('never serves a stale answer on a slow instance after the other acknowledged an edit (10 rounds)', async () => {
    await untilKept(b, '/api/public/products/FC-2');
    for (let round = 0; round < 10; round++) {
      const path = round % 2 === 0 ? '/api/public/products/FC-2' : '/api/public/products';
      const kept = await b.api('GET', path);
      const price = `${round} SEK`;
      const res = await a.api('PATCH', `/api/products/${product.id}`, {
        cookie,
        body: { price },
        headers: { 'if-match': `"${product.version}"` },
      });
      expect(res.status).toBe(200);
      product = res.json;
      // Straight after the editor was told: the other instance already answers the new price, 304 no more.
      const after = await b.api('GET', path, { headers: { 'if-none-match': kept.headers.get('etag')! } });
      expect(after.status).toBe(200);
      expect(after.text).toContain(`"price":"${price}"`);
    }
  });

  it(
    'answers from the database while its listening connection ' + 'is down, and from memory again once it is back',
    async () => {
      await untilKept(b, '/api/public/products/FC-2');
      const pids = await sql<{
        pid: number;
      }>`select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN feed_cache'`.execute(
        a.db,
      );
      expect(pids.rows.length).toBe(2);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'LISTEN feed_cache'`.execute(a.db);
      for (let i = 0; i < 40 && b.services.feed.trusted; i++) await sleep(25);
      // A change no instance announces: with no listening connection, an instance cannot trust its memory.
      await sql`update products set price = '7 SEK' where sku = 'FC-2'`.execute(a.db);
      expect((await b.api('GET', '/api/public/products/FC-2')).json.price).toBe('7 SEK');
      // Reconnected (after about a second) and trusted again (one alive period later): kept once more.
      await untilKept(b, '/api/public/products/FC-2');
      await sql`update products set price = '8 SEK' where sku = 'FC-2'`.execute(a.db);
      expect((await b.api('GET', '/api/public/products/FC-2')).json.price).toBe('7 SEK');
    },
  );
});
