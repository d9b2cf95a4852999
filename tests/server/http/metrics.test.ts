import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callerOf, dialects, openEvents, startApp, uniqueEmail, type TestApp } from '../helpers/index.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample's value from Prometheus' text format: the line `name{labels} value` (labels as written, in order). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const head = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(head));
  return line === undefined ? undefined : Number(line.slice(head.length));
}

// GET /metrics: Prometheus' text format, behind METRICS_TOKEN, one registry per app.
describe.each(dialects())('metrics (%s)', (dialect) => {
  let t: TestApp;
  const scrape = async (): Promise<string> => {
    const res = await t.api('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text;
  };
  beforeAll(async () => {
    t = await startApp({ dialect, env: { METRICS_TOKEN: TOKEN, SIGNIN_FAILURES_PER_HOUR: '1' } });
  });
  afterAll(async () => t?.close());

  it('answers only the token: 401 without it, with a wrong one, or with a session alone', async () => {
    const admin = await callerOf(t, 'admin');
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-of-the-same-kind-000000' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { cookie: admin.cookie! },
    ];
    for (const headers of refused) {
      const res = await t.api('GET', '/metrics', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(res.json.error.code).toBe('unauthenticated');
      expect(res.text).not.toContain('console_');
    }
    const res = await t.api('GET', '/metrics', { headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses any other Authorization header alike: 401, never an error (generated headers)', async () => {
    const header = fc.oneof(
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }),
      fc.string({ maxLength: 40 }).map((x) => `Bearer ${TOKEN.slice(0, 10)}${x.replace(/[^\x21-\x7e]/g, '')}`),
      fc.integer({ min: 0, max: TOKEN.length - 1 }).map((n) => `Bearer ${TOKEN.slice(0, n)}`),
      fc.constantFrom(
        `Bearer  ${TOKEN} extra`,
        `Token ${TOKEN}`,
        TOKEN,
        `Bearer ${TOKEN.toUpperCase()}`,
        `Bearer ${'x'.repeat(8000)}`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const res = await t.api('GET', '/metrics', { headers: { authorization } });
        expect(res.status).toBe(401);
        expect(res.json.error.code).toBe('unauthenticated');
      }),
      { numRuns: 60 },
    );
  });

  it('counts requests and their time by route pattern and status, never by the address itself', async () => {
    const admin = await callerOf(t, 'admin');
    const labels = 'method="GET",route="/api/products/:id",status_code="404"';
    const before = await scrape();
    const count = sample(before, 'console_http_requests_total', labels) ?? 0;
    const timed = sample(before, 'console_http_request_duration_seconds_count', labels) ?? 0;
    for (const id of ['no-such-product-1', 'no-such-product-2']) {
      expect((await t.api('GET', `/api/products/${id}`, { cookie: admin.cookie })).status).toBe(404);
    }
    // Refused by the access guard: counted as well, under its own status.
    expect((await t.api('GET', '/api/products/no-such-product-3')).status).toBe(401);
    expect((await t.api('GET', '/api/no-such-address')).status).toBe(404);
    const after = await scrape();
    expect(sample(after, 'console_http_requests_total', labels)).toBe(count + 2);
    expect(sample(after, 'console_http_request_duration_seconds_count', labels)).toBe(timed + 2);
    expect(sample(after, 'console_http_request_duration_seconds_bucket', `le="+Inf",${labels}`)).toBe(timed + 2);
    expect(
      sample(after, 'console_http_requests_total', 'method="GET",route="/api/products/:id",status_code="401"'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'console_http_requests_total', 'method="GET",route="unmatched",status_code="404"'),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('no-such-product');
    expect(after).not.toContain('no-such-address');
    // The process's own figures come along.
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts failed sign-ins: refused ones, and those the throttle turned away', async () => {
    const failures = async (reason: string) =>
      sample(await scrape(), 'console_signin_failures_total', `reason="${reason}"`) ?? 0;
    const [refused, throttled] = [await failures('refused'), await failures('throttled')];
    const email = uniqueEmail('signin');
    const res = await t.api('POST', '/api/auth/sign-in/email', { body: { email, password: 'not the password' } });
    expect(res.status).toBe(401);
    expect(await failures('refused')).toBe(refused + 1);
    // SIGNIN_FAILURES_PER_HOUR=1 here: the next try from this address for this account waits.
    expect(
      (await t.api('POST', '/api/auth/sign-in/email', { body: { email, password: 'not the password' } })).status,
    ).toBe(429);
    expect(await failures('throttled')).toBe(throttled + 1);
    expect(await failures('refused')).toBe(refused + 1);
  });

  it('shows the open event streams, and their end', async () => {
    const base = sample(await scrape(), 'console_event_stream_clients') ?? NaN;
    expect(base).toBe(0);
    const stream = await openEvents(t.baseUrl);
    await stream.next(5000);
    expect(sample(await scrape(), 'console_event_stream_clients')).toBe(1);
    stream.close();
    await vi.waitFor(async () => expect(sample(await scrape(), 'console_event_stream_clients')).toBe(0), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('shows the webhook outbox: deliveries waiting and how old the oldest is', async () => {
    expect(sample(await scrape(), 'console_webhook_outbox_depth')).toBe(0);
    expect(sample(await scrape(), 'console_webhook_outbox_oldest_age_seconds')).toBe(0);
    const webhook = randomUUID();
    const made = new Date(Date.now() - 600_000).toISOString();
    // Waiting rows due tomorrow, so the dispatcher leaves them be; a delivered one does not count.
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await t.db
      .insertInto('webhooks')
      .values({ id: webhook, url: 'https://shop.example/hook', secret: 's', created: made, created_by: null })
      .execute();
    const row = (status: string, created: string) => ({
      id: randomUUID(),
      webhook_id: webhook,
      kind: 'product',
      body: '{}',
      status,
      attempts: 0,
      next_at: later,
      claimed_by: null,
      claimed_until: null,
      last_status: null,
      last_error: null,
      created,
      finished: null,
    });
    await t.db
      .insertInto('webhook_deliveries')
      .values([row('pending', made), row('retrying', new Date().toISOString()), row('delivered', made)])
      .execute();
    try {
      const text = await scrape();
      expect(sample(text, 'console_webhook_outbox_depth')).toBe(2);
      expect(sample(text, 'console_webhook_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
    } finally {
      await t.db.deleteFrom('webhook_deliveries').where('webhook_id', '=', webhook).execute();
      await t.db.deleteFrom('webhooks').where('id', '=', webhook).execute();
    }
  });

  it('shows uploads being received', async () => {
    const editor = await callerOf(t, 'editor');
    expect(sample(await scrape(), 'console_uploads_in_progress')).toBe(0);
    // A tus creation-with-upload whose body is still coming.
    const req = http.request(new URL('/api/uploads', t.baseUrl), {
      method: 'POST',
      headers: {
        cookie: editor.cookie,
        origin: t.publicUrl,
        'tus-resumable': '1.0.0',
        'upload-length': '100000',
        'content-type': 'application/offset+octet-stream',
        'content-length': '100000',
      },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(1000));
    try {
      await vi.waitFor(async () => expect(sample(await scrape(), 'console_uploads_in_progress')).toBe(1), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      req.destroy();
    }
    await vi.waitFor(async () => expect(sample(await scrape(), 'console_uploads_in_progress')).toBe(0), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('shows the database pool on PostgreSQL, and nothing for it on SQLite (one connection, no pool)', async () => {
    const text = await scrape();
    if (dialect === 'postgres') {
      expect(sample(text, 'console_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'console_db_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'console_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('console_db_pool');
    }
  });
});

describe.each(dialects())('metrics without METRICS_TOKEN (%s)', (dialect) => {
  let t: TestApp;
  // A built browser app in dist/: its fallback answers index.html for console addresses, but never for /metrics.
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await startApp({ dialect, build: { distDir: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has no /metrics at all: with or without a token, 404 (never the app page)', async () => {
    expect((await t.api('GET', '/no-such-page-at-all')).status).toBe(200);
    for (const path of ['/metrics', '/metrics/', '/metrics?x=1'])
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const res = await t.api('GET', path, { headers });
        expect(res.status, path).toBe(404);
        expect(res.json.error.code).toBe('not_found');
        expect(res.text).not.toContain('console_');
      }
  });
});

describe('two apps in one process', () => {
  it('keep their metrics apart (a registry each)', async () => {
    const [a, b] = await Promise.all([
      startApp({ dialect: 'sqlite', env: { METRICS_TOKEN: TOKEN } }),
      startApp({ dialect: 'sqlite', env: { METRICS_TOKEN: TOKEN } }),
    ]);
    try {
      for (let i = 0; i < 3; i++) await a.api('GET', '/api/health');
      const read = async (x: TestApp) =>
        (await x.api('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text;
      const labels = 'method="GET",route="/api/health",status_code="200"';
      expect(sample(await read(a), 'console_http_requests_total', labels)).toBe(3);
      expect(sample(await read(b), 'console_http_requests_total', labels)).toBeUndefined();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
