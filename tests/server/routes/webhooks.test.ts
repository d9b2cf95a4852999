import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  ADMIN,
  createData,
  createUser,
  dialects,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
} from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { freePort, startReceiver, until, type Received, type Receiver } from '../helpers/receiver.js';

// Retries 50 ms apart (doubling, capped at 200 ms), so a receiver that comes back is reached quickly; no assertion
// depends on time: each waits for what it expects.
const FAST = { retry: { baseMs: 50, capMs: 200, giveUpMs: 24 * 3_600_000 }, pollMs: 50 };
const env = { WEBHOOK_ALLOW_PRIVATE: 'true' };

/** Checks a Console-Signature header the way a receiver would, with nothing of the server's code. */
function validSignature(secret: string, got: Received): boolean {
  const header = String(got.headers['console-signature']);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${got.body}`).digest('hex');
  return expected === m[2] && Math.abs(Date.now() / 1000 - Number(m[1])) < 300;
}

const events = (r: Receiver) =>
  r.received.map((x) => JSON.parse(x.body) as { id: string; kind: string; recordId: string; version: number | null });

// Node's warnings are defects here: a batch of sends each listening to the dispatcher's one shutdown signal once
// crossed Node's default of 10 listeners (MaxListenersExceededWarning).
const warnings: string[] = [];
const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
beforeAll(() => void process.on('warning', onWarning));
afterAll(() => {
  process.off('warning', onWarning);
  expect(warnings).toEqual([]);
});

describe.each(dialects())('webhooks (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await startApp({ dialect, env, build: { webhooks: FAST } });
    cookie = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterEach(async () => {
    // Each test's receivers go, so the next test's changes reach only its own.
    await t.db.deleteFrom('webhook_deliveries').execute();
    await t.db.deleteFrom('webhooks').execute();
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => t?.close());

  const add = async (url: string) => {
    const res = await t.api('POST', '/api/webhooks', { cookie, body: { url } });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: string; secret: string };
  };
  const changeAppStatus = async () =>
    expect((await t.api('PUT', '/api/app/status', { cookie, body: { active: true } })).status).toBe(200);

  it('signs each committed change to every receiver, shows its secret once, and records the delivery', async () => {
    const r = await startReceiver();
    receivers.push(r);
    const hook = await add(r.url);
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    const listed = await t.api('GET', '/api/webhooks', { cookie });
    expect(listed.json.items).toEqual([{ id: hook.id, url: r.url, created: expect.any(String) }]);
    expect(listed.text).not.toContain(hook.secret);

    await changeAppStatus();
    await until('the receiver hears the change', () => r.received.length === 1);
    const [got] = r.received;
    expect(validSignature(hook.secret, got!)).toBe(true);
    expect(validSignature('whsec_another', got!)).toBe(false);
    expect(got!.headers['content-type']).toBe('application/json');
    const event = JSON.parse(got!.body);
    expect(Object.keys(event).sort()).toEqual(['id', 'kind', 'recordId', 'time', 'version']);
    expect(event).toMatchObject({ kind: 'appStatus', recordId: 'app', version: null });

    await until('the delivery is marked delivered', async () => {
      const d = (await t.api('GET', '/api/webhook-deliveries', { cookie })).json.items[0];
      return d?.status === 'delivered';
    });
    const d = (await t.api('GET', '/api/webhook-deliveries', { cookie })).json.items[0];
    expect(d).toMatchObject({
      webhookId: hook.id,
      url: r.url,
      kind: 'appStatus',
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
    });
  });

  it("tells of a product's change with its id and version, the ones the storefront's feed shows", async () => {
    const r = await startReceiver();
    receivers.push(r);
    await add(r.url);
    const me = (await t.api('GET', '/api/me', { cookie })).json as { uid: string };
    const image = await storedImage(t, me.uid);
    const body = {
      sku: `WH-${Date.now()}`,
      category: 'Linen',
      mc: 'Linen care',
      name: 'Runner',
      details: 'Linen',
      price: '1 SEK',
      active: true,
      images: [image],
    };
    const made = await t.api('POST', '/api/products', { cookie, body });
    expect(made.status, made.text).toBe(201);
    const edited = await t.api('PATCH', `/api/products/${made.json.id}`, {
      cookie,
      body: { price: '2 SEK' },
      headers: { 'if-match': '"1"' },
    });
    expect(edited.status, edited.text).toBe(200);
    await until('both changes arrive', () => r.received.length === 2);
    const got = events(r).sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
    expect(got.map((e) => [e.kind, e.recordId, e.version])).toEqual([
      ['product', made.json.id, 1],
      ['product', made.json.id, 2],
    ]);
  });

  it(
    'queues one delivery per receiver for every row of a ' + 'CSV import, all in the outbox when the import answers',
    async () => {
      // Two receivers that are never up: the deliveries stay queued, and 2 × 600 rows cross the 500-row insert batches.
      const hooks = [
        await add(`http://127.0.0.1:${await freePort()}/a`),
        await add(`http://127.0.0.1:${await freePort()}/b`),
      ];
      const me = (await t.api('GET', '/api/me', { cookie })).json as { uid: string };
      const image = await storedImage(t, me.uid);
      const stamp = Date.now();
      const rows = Array.from({ length: 600 }, (_, i) => ({
        line: i + 2,
        cells: {
          sku: `WHI-${stamp}-${i}`,
          category: 'Linen',
          mc: 'Linen care',
          name: `Napkin ${i}`,
          details: 'Linen',
          price: '9 SEK',
          active: 'true',
          images: image,
        },
      }));
      const res = await t.api('POST', '/api/products/import', { cookie, body: { rows, apply: true } });
      expect(res.status, res.text).toBe(200);
      const ids = (await t.db.selectFrom('products').select('id').where('sku', 'like', `WHI-${stamp}-%`).execute())
        .map((p) => p.id)
        .sort();
      expect(ids).toHaveLength(600);
      const queued = await t.db.selectFrom('webhook_deliveries').select(['webhook_id', 'kind', 'body']).execute();
      for (const hook of hooks) {
        const mine = queued
          .filter((d) => d.webhook_id === hook.id)
          .map((d) => JSON.parse(d.body) as { kind: string; recordId: string; version: number });
        expect(mine.map((e) => e.recordId).sort()).toEqual(ids);
        expect(mine.every((e) => e.kind === 'product' && e.version === 1)).toBe(true);
      }
    },
  );

  it("tells of a user's change by the uid alone", async () => {
    const r = await startReceiver();
    receivers.push(r);
    await add(r.url);
    const eva = await createUser(t, 'noRole', { firstName: 'Eva', lastName: 'Berg' });
    await until('the creation arrives', () => r.received.length >= 1);
    const res = await t.api('PATCH', `/api/users/${eva.uid}`, { cookie, body: { isEditor: true } });
    expect(res.status, res.text).toBe(200);
    await until('the flag change arrives', () => r.received.length >= 2);
    for (const got of r.received) {
      expect(JSON.parse(got.body)).toEqual({
        id: expect.any(String),
        kind: 'user',
        recordId: eva.uid,
        version: null,
        time: expect.any(String),
      });
      for (const leak of [eva.email, 'Eva', 'Berg']) expect(got.body).not.toContain(leak);
    }
  });

  it('sends a test event to one receiver only, on the button', async () => {
    const [a, b] = [await startReceiver(), await startReceiver()];
    receivers.push(a, b);
    const hook = await add(a.url);
    await add(b.url);
    const res = await t.api('POST', '/api/webhook-deliveries', { cookie, body: { webhookId: hook.id } });
    expect(res.status).toBe(202);
    await until('the test event arrives', () => a.received.length === 1);
    expect(events(a)[0]).toMatchObject({ kind: 'test', recordId: hook.id });
    expect(validSignature(hook.secret, a.received[0]!)).toBe(true);
    expect(b.received).toHaveLength(0);
  });

  it('keeps trying a receiver that is down, and delivers once it is back', async () => {
    const port = await freePort();
    const hook = await add(`http://127.0.0.1:${port}/hook`);
    await changeAppStatus();
    await until('a failed try is recorded', async () => {
      const d = (await t.api('GET', '/api/webhook-deliveries', { cookie })).json.items[0];
      return d?.status === 'retrying' && d.attempts >= 2 && Boolean(d.lastError) && d.nextAt !== null;
    });
    const r = await startReceiver(port);
    receivers.push(r);
    await until('the event arrives after the receiver is back', () => r.received.length === 1);
    expect(validSignature(hook.secret, r.received[0]!)).toBe(true);
    await until(
      'it is marked delivered',
      async () => (await t.api('GET', '/api/webhook-deliveries', { cookie })).json.items[0]?.status === 'delivered',
    );
  });

  it('removes a receiver with its deliveries', async () => {
    const hook = await add(`http://127.0.0.1:${await freePort()}/gone`);
    await changeAppStatus();
    expect((await t.api('DELETE', `/api/webhooks/${hook.id}`, { cookie })).status).toBe(204);
    expect((await t.api('GET', '/api/webhooks', { cookie })).json.items).toEqual([]);
    expect(await t.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
    expect((await t.api('DELETE', `/api/webhooks/${hook.id}`, { cookie })).status).toBe(404);
  });

  it('keeps at most 20 receivers', async () => {
    for (let i = 0; i < 20; i++) await add(`http://127.0.0.1:9/r${i}`);
    const res = await t.api('POST', '/api/webhooks', { cookie, body: { url: 'http://127.0.0.1:9/r20' } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('At most 20 receivers');
    expect((await t.api('GET', '/api/webhooks', { cookie })).json.items).toHaveLength(20);
  });

  it('refuses receiver addresses that are not plain http(s)', async () => {
    for (const url of [
      'ftp://example.com/x',
      'javascript:alert(1)',
      'http://user:pw@example.com/',
      'not a url',
      `http://example.com/\u0000`,
      '',
    ]) {
      const res = await t.api('POST', '/api/webhooks', { cookie, body: { url } });
      expect(res.status, url).toBe(400);
    }
    expect((await t.api('GET', '/api/webhooks', { cookie })).json.items).toEqual([]);
  });
});

describe.each(dialects())('webhook deliveries across a restart and across instances (%s)', (dialect) => {
  let data: DataStore;
  beforeAll(async () => {
    data = await createData(dialect);
  });
  afterAll(async () => data?.drop());

  it('delivers after the server restarts, to a receiver that was down before', async () => {
    const first = await startApp({ dialect, data, env, build: { webhooks: FAST } });
    const cookie = await signIn(first, ADMIN.email, ADMIN.password);
    const port = await freePort();
    const hook = (await first.api('POST', '/api/webhooks', { cookie, body: { url: `http://127.0.0.1:${port}/hook` } }))
      .json;
    await first.api('PUT', '/api/app/status', { cookie, body: { active: true } });
    await until('a failed try is recorded', async () => {
      const row = await first.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirst();
      return row?.status === 'retrying';
    });
    await first.close();

    const r = await startReceiver(port);
    try {
      const second = await startApp({ dialect, data, env, build: { webhooks: FAST } });
      try {
        await until('the event arrives from the new server', () => r.received.length === 1);
        expect(validSignature(hook.secret, r.received[0]!)).toBe(true);
        expect(events(r)[0]!.kind).toBe('appStatus');
      } finally {
        await second.close();
      }
    } finally {
      await r.close();
    }
  });

  it('two instances on one database deliver each event once', async () => {
    const a = await startApp({ dialect, data, env, build: { webhooks: FAST } });
    const b = await startApp({ dialect, data, env, build: { webhooks: FAST } });
    const r = await startReceiver();
    try {
      const cookie = await signIn(a, ADMIN.email, ADMIN.password);
      await a.db.deleteFrom('webhooks').execute();
      const hook = (await a.api('POST', '/api/webhooks', { cookie, body: { url: r.url } })).json;
      // Both instances' dispatchers see every queued row (b by its poll); each row may go out once only.
      const queued = await Promise.all(
        Array.from({ length: 30 }, () =>
          a.api('POST', '/api/webhook-deliveries', { cookie, body: { webhookId: hook.id } }),
        ),
      );
      expect(queued.every((q) => q.status === 202)).toBe(true);
      await until('all 30 arrive', () => r.received.length >= 30);
      await until('all are marked delivered', async () => {
        const rows = await a.db.selectFrom('webhook_deliveries').select('status').execute();
        return rows.length === 30 && rows.every((x) => x.status === 'delivered');
      });
      expect(new Set(events(r).map((e) => e.id)).size).toBe(30);
      expect(r.received).toHaveLength(30);
    } finally {
      await r.close();
      await a.close();
      await b.close();
    }
  });
});
