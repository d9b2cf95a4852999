import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ADMIN, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { startReceiver, until, type Receiver } from '../helpers/receiver.js';
import { messages } from '../../../domain/messages.js';
import { pruneDeliveries } from '../../../server/core/webhookOutbox.js';
import { DELIVERY_KEEP_MS } from '../../../server/services.js';

describe.each(dialects())('webhook receivers on private addresses, by default (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let r: Receiver;
  beforeAll(async () => {
    t = await startApp({
      dialect,
      build: { webhooks: { retry: { baseMs: 20, capMs: 20, giveUpMs: 3_600_000 }, pollMs: 20 } },
    });
    cookie = await signIn(t, ADMIN.email, ADMIN.password);
    r = await startReceiver();
  });
  afterAll(async () => {
    await r?.close();
    await t?.close();
  });

  it('refuses loopback, private and link-local hosts when a receiver is added', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://localhost/',
      'http://[::1]/',
      'http://10.1.2.3/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ]) {
      const res = await t.api('POST', '/api/webhooks', { cookie, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.json.error.message, url).toBe(messages.webhooks.privateAddress);
    }
    expect((await t.api('GET', '/api/webhooks', { cookie })).json.items).toEqual([]);
  });

  it('refuses, at delivery, a name that resolves to a loopback address', async () => {
    // As if a public name had been added and now resolves to 127.0.0.1 (DNS rebinding): the check is where it connects.
    const id = randomUUID();
    await t.db
      .insertInto('webhooks')
      .values({
        id,
        url: `http://localhost:${r.port}/hook`,
        secret: 'whsec_x',
        created: new Date().toISOString(),
        created_by: null,
      })
      .execute();
    await t.api('POST', '/api/webhook-deliveries', { cookie, body: { webhookId: id } });
    await until('two refused tries', async () => {
      const row = await t.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', id)
        .executeTakeFirst();
      return row !== undefined && row.attempts >= 2 && row.status === 'retrying';
    });
    const row = await t.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_error).toMatch(/private/);
    expect(r.received).toHaveLength(0);
  });
});

describe.each(dialects())('pruning finished deliveries (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  it('deletes delivered and failed ones finished before the cut, and keeps recent and unfinished ones', async () => {
    const webhook = randomUUID();
    await t.db
      .insertInto('webhooks')
      .values({
        id: webhook,
        url: 'https://hooks.example/x',
        secret: 'whsec_x',
        created: new Date().toISOString(),
        created_by: null,
      })
      .execute();
    const ago = (days: number): string => new Date(Date.now() - days * 24 * 3_600_000).toISOString();
    const row = (id: string, status: string, finished: string | null) => ({
      id,
      webhook_id: webhook,
      kind: 'test',
      body: '{}',
      status,
      attempts: 1,
      next_at: ago(-1),
      claimed_by: null,
      claimed_until: null,
      last_status: null,
      last_error: null,
      created: ago(45),
      finished,
    });
    await t.db
      .insertInto('webhook_deliveries')
      .values([
        row('old-delivered', 'delivered', ago(40)),
        row('old-failed', 'failed', ago(31)),
        row('recent', 'delivered', ago(29)),
        row('waiting', 'retrying', null),
      ])
      .execute();
    expect(await pruneDeliveries(t.db, new Date(Date.now() - DELIVERY_KEEP_MS))).toBe(2);
    const left = await t.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', webhook)
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.id)).toEqual(['recent', 'waiting']);
  });
});

describe.each(dialects())('a receiver that keeps failing (%s)', (dialect) => {
  let t: TestApp;
  let r: Receiver;
  beforeAll(async () => {
    // Given up after 3 s instead of a day (long enough for a second try on a busy machine: the test waits, never
    // times).
    t = await startApp({
      dialect,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      build: { webhooks: { retry: { baseMs: 20, capMs: 200, giveUpMs: 3000 }, pollMs: 20 } },
    });
    r = await startReceiver();
    r.answer = 500;
  });
  afterAll(async () => {
    await r?.close();
    await t?.close();
  });

  it('is retried with backoff, then marked failed with its last answer', async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password);
    const hook = (await t.api('POST', '/api/webhooks', { cookie, body: { url: r.url } })).json;
    await t.api('POST', '/api/webhook-deliveries', { cookie, body: { webhookId: hook.id } });
    await until(
      'the delivery fails',
      async () => (await t.api('GET', '/api/webhook-deliveries', { cookie })).json.items[0]?.status === 'failed',
    );
    const d = (await t.api('GET', '/api/webhook-deliveries', { cookie })).json.items[0];
    expect(d).toMatchObject({
      status: 'failed',
      lastStatus: 500,
      lastError: 'HTTP 500',
      nextAt: null,
      finished: expect.any(String),
    });
    expect(d.attempts).toBeGreaterThan(1);
    expect(r.received.length).toBe(d.attempts);
  });
});
