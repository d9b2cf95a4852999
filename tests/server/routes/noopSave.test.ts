import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import { fieldsOfResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { servedResources } from '../../../server/resources.js';
import { onChange, type Change } from '../../../server/core/events.js';
import { bodyOf, everyKind, valueOf, type Context, type Values } from '../helpers/recordValues.js';
import { callerOf, dataWithTables, dialects, startApp, type DataStore, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// A save that changes nothing (the same values, or none) is no change: no new version, no history entry, no
// announcement (webhook, live list); the answer is the record as it is. A stale version is still refused. Products and
// every described resource, through the one versioned update (server/core/versionedUpdate.ts), on both databases.

const RESOURCES: ResourceDescription[] = [...servedResources, everyKind];

describe.each(dialects())('a save that changes nothing (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let admin: string;
  const ctx: Context = { image: '', ids: new Map() };
  const heard: Change[] = [];
  let stop = () => {};

  beforeAll(async () => {
    // The made-up resource's table, as its generated migration would make it.
    data = await dataWithTables(dialect, [everyKind]);
    t = await startApp({ dialect, data, env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, build: { described: RESOURCES } });
    admin = (await callerOf(t, 'admin')).cookie!;
    const uid = (await t.api('GET', '/api/me', { cookie: admin })).json.uid as string;
    ctx.image = await storedImage(t, uid);
    // A webhook receiver, so each announced change also leaves its delivery row (none answers there).
    expect((await call('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/noop' })).status).toBe(201);
    stop = onChange(t.db, (changes) => void heard.push(...changes));
  });
  afterAll(async () => {
    stop();
    await t?.close();
    await data?.drop();
  });

  const call = (method: string, path: string, body?: unknown, ifMatch?: number) =>
    t.api(method, path, {
      cookie: admin,
      body,
      origin: t.publicUrl,
      headers: ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` },
    });
  const count = async (table: 'history' | 'webhook_deliveries') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * Saves `body` from `version` and expects the record as it was: the same version and ETag, and nothing recorded or
   * announced.
   */
  const expectNoChange = async (path: string, body: Values, version: number, before: Values) => {
    const counts = [await count('history'), await count('webhook_deliveries')];
    heard.length = 0;
    const res = await call('PATCH', path, body, version);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${version}"`);
    expect(res.json).toEqual(before);
    expect((await call('GET', path)).json).toEqual(before);
    expect([await count('history'), await count('webhook_deliveries')]).toEqual(counts);
    expect(heard).toEqual([]);
  };

  /** A real change, which is recorded and announced (so the counts above can tell). */
  const expectChange = async (path: string, body: Values, version: number): Promise<Values> => {
    const counts = [await count('history'), await count('webhook_deliveries')];
    heard.length = 0;
    const res = await call('PATCH', path, body, version);
    expect(res.status, res.text).toBe(200);
    expect(res.json.version).toBe(version + 1);
    expect([await count('history'), await count('webhook_deliveries')]).toEqual(counts.map((n) => n + 1));
    expect(heard).toHaveLength(1);
    return res.json as Values;
  };

  /** The same save from an older version: still refused as stale, and nothing written. */
  const expectStale = async (path: string, body: Values, version: number, stale: string) => {
    const before = (await call('GET', path)).json as Values;
    const res = await call('PATCH', path, body, version);
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.message).toBe(stale);
    expect((await call('GET', path)).json).toEqual(before);
  };

  it.each(RESOURCES.map((d) => [d.name, d] as const))(
    '%s: the same values, or none, keep the version',
    async (_name, d) => {
      for (const [, f] of fieldsOfResource(d)) {
        if (f.kind !== 'reference' || ctx.ids.has(f.to!)) continue;
        const target = RESOURCES.find((x) => x.name === f.to)!;
        ctx.ids.set(target.name, (await call('POST', `/api/${target.name}`, bodyOf(target, 9000, ctx))).json.id);
      }
      const body = bodyOf(d, 2, ctx);
      const made = await call('POST', `/api/${d.name}`, body);
      expect(made.status, made.text).toBe(201);
      const path = `/api/${d.name}/${made.json.id}`;
      await expectNoChange(path, body, 1, made.json);
      await expectNoChange(path, {}, 1, made.json);
      // A real change still makes a version, after which the same save from version 1 is stale.
      const [k, spec] = fieldsOfResource(d).find(
        ([, f]) => !f.locked && !f.unique && ['line', 'text', 'translated', 'integer', 'choice'].includes(f.kind),
      )!;
      const edited = await expectChange(path, { [k]: valueOf(spec, 3, ctx) }, 1);
      await expectNoChange(path, { [k]: valueOf(spec, 3, ctx) }, 2, edited);
      await expectStale(path, body, 1, messages.records.stale);
      await expectStale(path, {}, 1, messages.records.stale);
    },
  );

  it('products: the same values, or none, keep the version', async () => {
    const body = {
      sku: 'NOOP-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '249 kr',
      details: 'Washed',
      active: true,
      images: [ctx.image],
      translations: { se: { name: 'Handduk', details: 'Tvättad' } },
    };
    const made = await call('POST', '/api/products', body);
    expect(made.status, made.text).toBe(201);
    const path = `/api/products/${made.json.id}`;
    await expectNoChange(path, body, 1, made.json);
    await expectNoChange(path, {}, 1, made.json);
    await expectNoChange(path, { translations: { se: { name: 'Handduk' } }, activeFrom: null }, 1, made.json);
    const edited = await expectChange(path, { price: '199 kr' }, 1);
    await expectNoChange(path, { ...body, price: '199 kr' }, 2, edited);
    await expectStale(path, body, 1, messages.products.stale);
    await expectStale(path, {}, 1, messages.products.stale);
  });
});
