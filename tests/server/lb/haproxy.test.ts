import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  createData,
  createUser,
  openEvents,
  pgAvailable,
  request,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
} from '../helpers/index.js';
import { haproxyAvailable, startHaproxy } from '../helpers/haproxy.js';
import { storedImage, makeImage } from '../helpers/images.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { tusUpload } from '../helpers/tus.js';
import { startBucket, type TestBucket } from '../helpers/s3.js';
import { shutdown } from '../../../server/shutdown.js';
import http from 'node:http';

const BUCKET = 'console-lb';
/** How long a condition under load may take to come true. */
const WAIT = { timeout: 20_000, interval: 20 };

// Two instances on one PostgreSQL database and one bucket (s3rver), each with its own data folder, behind a real
// HAProxy
// balancing every request round robin with no stickiness: what staff do works whichever instance answers.
describe.runIf(pgAvailable() && haproxyAvailable())('two instances behind HAProxy, round robin, nothing sticky', () => {
  let bucket: TestBucket;
  let data: DataStore;
  let otherDir: string;
  let a: TestApp;
  let b: TestApp;
  let lb: Awaited<ReturnType<typeof startHaproxy>>;
  let via: TestApp;
  let receiver: Receiver;
  const seen = { a: [] as string[], b: [] as string[] };

  beforeAll(async () => {
    bucket = await startBucket(BUCKET);
    data = await createData('postgres');
    otherDir = mkdtempSync(join(tmpdir(), 'console-b-'));
    receiver = await startReceiver();
    // PUBLIC_URL is the balancer's address; its port is known only once it runs, so it is chosen first.
    const { freePort } = await import('../helpers/receiver.js');
    const lbPort = await freePort();
    const env = {
      ...bucket.env,
      AUTH_SECRET: 'y'.repeat(40),
      PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SESSION_CACHE_SECONDS: '0',
      // The balancer, as docs/operating.md has it: whose X-Forwarded-For is believed.
      TRUST_PROXY: '127.0.0.1',
    };
    [a, b] = await Promise.all([
      startApp({ dialect: 'postgres', env, data, build: { webhooks: { pollMs: 100 } } }),
      startApp({
        dialect: 'postgres',
        env,
        data: { ...data, dataDir: otherDir },
        build: { webhooks: { pollMs: 100 } },
      }),
    ]);
    a.app.server.on('request', (req: { url?: string }) => seen.a.push(req.url ?? ''));
    b.app.server.on('request', (req: { url?: string }) => seen.b.push(req.url ?? ''));
    lb = await startHaproxy([new URL(a.baseUrl).port, new URL(b.baseUrl).port].map(Number), lbPort);
    via = {
      ...a,
      baseUrl: lb.url,
      publicUrl: lb.url,
      api: (method, path, o = {}) => request(lb.url, method, path, { origin: lb.url, ...o }),
    };
  });
  afterAll(async () => {
    await lb?.close();
    await b?.close();
    await a?.close();
    await data?.drop();
    await receiver?.close();
    await bucket?.close();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  });

  const reset = () => {
    seen.a.length = 0;
    seen.b.length = 0;
  };

  it('keeps a session signed in whichever instance answers', async () => {
    const cookie = await signIn(via, ADMIN.email, ADMIN.password);
    reset();
    for (let i = 0; i < 6; i++) expect((await via.api('GET', '/api/me', { cookie })).status).toBe(200);
    expect(seen.a.filter((u) => u === '/api/me').length).toBe(3);
    expect(seen.b.filter((u) => u === '/api/me').length).toBe(3);
  });

  it('edits a product through both, with one history entry and one webhook delivery per change', async () => {
    const admin = await signIn(via, ADMIN.email, ADMIN.password);
    expect((await via.api('POST', '/api/webhooks', { cookie: admin, body: { url: receiver.url } })).status).toBe(201);
    const editor = await createUser(a, 'editor');
    const cookie = await signIn(via, editor.email, editor.password);
    const image = await storedImage(a, editor.uid);
    const body = {
      sku: 'LB-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '100 kr',
      details: 'Washed',
      active: true,
      images: [image],
    };
    const created = await via.api('POST', '/api/products', { cookie, body });
    expect(created.status, created.text).toBe(201);
    let version = created.json.version as number;
    for (const price of ['110 kr', '120 kr', '130 kr']) {
      const res = await via.api('PATCH', `/api/products/${created.json.id}`, {
        cookie,
        body: { price },
        headers: { 'if-match': `"${version}"` },
      });
      expect(res.status, res.text).toBe(200);
      version = res.json.version;
    }
    // Stale on whichever instance answers.
    expect(
      (
        await via.api('PATCH', `/api/products/${created.json.id}`, {
          cookie,
          body: { price: '1 kr' },
          headers: { 'if-match': '"1"' },
        })
      ).status,
    ).toBe(409);
    const entries = await sql<{
      n: string;
    }>`select count(*) as n from history where kind = 'product' and record_id = ${created.json.id}`.execute(a.db);
    expect(Number(entries.rows[0]!.n)).toBe(4);
    const rows = await sql<{
      n: string;
    }>`select count(*) as n from webhook_deliveries where body like ${`%${created.json.id}%`}`.execute(a.db);
    expect(Number(rows.rows[0]!.n)).toBe(4);
    // Each delivered once, whichever instance's dispatcher took it.
    // Wait until every row is finished: a dispatcher sends only rows it claimed as due, so once all four are delivered
    // after one attempt each, no second send of any can still be on its way.
    const finished = async () =>
      (
        await sql<{
          status: string;
          attempts: number;
        }>`select status, attempts from webhook_deliveries where body like ${`%${created.json.id}%`}`.execute(a.db)
      ).rows;
    for (let i = 0; i < 100 && (await finished()).some((r) => r.status !== 'delivered'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await finished()).map((r) => [r.status, Number(r.attempts)])).toEqual(Array(4).fill(['delivered', 1]));
    const ids = receiver.received
      .filter((r) => r.body.includes(created.json.id))
      .map((r) => JSON.parse(r.body).id as string);
    expect(ids.length).toBe(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('takes an upload whose requests land on both instances', async () => {
    const editor = await createUser(a, 'editor');
    const cookie = await signIn(via, editor.email, editor.password);
    const data = await makeImage('png', 3_000_000);
    reset();
    const res = await tusUpload(via, cookie, data, { chunkSize: 512 * 1024 });
    expect(res.ok, res.body).toBe(true);
    expect(seen.a.filter((u) => u.startsWith('/api/uploads')).length).toBeGreaterThan(0);
    expect(seen.b.filter((u) => u.startsWith('/api/uploads')).length).toBeGreaterThan(0);
    const { address } = JSON.parse(res.body) as { address: string };
    for (let i = 0; i < 2; i++) {
      const served = await fetch(`${lb.url}${address}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    }
  });

  it('brings an app status change made through one instance to the pages on both', async () => {
    const admin = await signIn(via, ADMIN.email, ADMIN.password);
    reset();
    const streams = [await openEvents(lb.url), await openEvents(lb.url)];
    try {
      expect(seen.a.some((u) => u.startsWith('/api/app/status/events'))).toBe(true);
      expect(seen.b.some((u) => u.startsWith('/api/app/status/events'))).toBe(true);
      for (const s of streams) expect((await s.next<{ active: boolean }>(3000)).active).toBe(true);
      expect((await via.api('PUT', '/api/app/status', { cookie: admin, body: { active: false } })).status).toBe(200);
      for (const s of streams) expect((await s.next<{ active: boolean }>(3000)).active).toBe(false);
      expect((await via.api('PUT', '/api/app/status', { cookie: admin, body: { active: true } })).status).toBe(200);
      for (const s of streams) expect((await s.next<{ active: boolean }>(3000)).active).toBe(true);
    } finally {
      for (const s of streams) s.close();
    }
  });

  // TRUST_PROXY names the balancer, so the instances believe its X-Forwarded-For: the balancer sets that header itself,
  // dropping one the client sent, so a client cannot choose the address its failed sign-ins count against.
  it('counts a failed sign-in under the client’s own address, not one it made up in X-Forwarded-For', async () => {
    const forged = ['203.0.113.7', '198.51.100.23, 203.0.113.8'];
    for (const xff of forged) {
      const res = await via.api('POST', '/api/auth/sign-in/email', {
        body: { email: ADMIN.email, password: 'not the password' },
        headers: { 'x-forwarded-for': xff },
      });
      expect(res.status).toBe(401);
    }
    const keys = (await a.db.selectFrom('throttle').select('key').execute()).map((r) => r.key);
    expect(keys.filter((k) => /203\.0\.113|198\.51\.100/.test(k))).toEqual([]);
    expect(keys).toContain('ip:127.0.0.1');
  });

  /**
   * A GET on a connection of its own, as a browser's first request is: a connection kept alive and reused by the
   * client can meet the balancer closing it at the same moment, which a browser retries on its own and undici's fetch
   * does not (RFC 9112, 9.3.1); that race is the client's, not the instance's stopping.
   */
  const fresh = (url: string, cookie: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const req = http.get(url, { agent: false, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
    });

  // Last: it stops the second instance. Under steady load through the balancer, an instance stopping gracefully
  // (what SIGTERM does, server/shutdown.ts) loses no request: those under way finish, and a connection it refuses is
  // tried again on the other instance (retries, option redispatch).
  it('loses no request while one instance stops gracefully under load', async () => {
    const cookie = await signIn(via, ADMIN.email, ADMIN.password);
    const statuses = new Map<string, number>();
    let stopped = false;
    const worker = async (): Promise<void> => {
      while (!stopped) {
        const res = await fresh(`${lb.url}/api/products?limit=10`, cookie).then(
          String,
          (e: Error) => `error ${e.message}`,
        );
        statuses.set(res, (statuses.get(res) ?? 0) + 1);
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    // The load reaches both instances before the second stops...
    await vi.waitFor(() => expect(Math.min(seen.a.length, seen.b.length)).toBeGreaterThanOrEqual(10), WAIT);
    reset();
    const down = shutdown(b.app, b.services, 5000);
    // ...and goes on past its stop, every request then on the first.
    await down;
    const atStop = seen.a.length;
    await vi.waitFor(() => expect(seen.a.length).toBeGreaterThanOrEqual(atStop + 50), WAIT);
    stopped = true;
    await Promise.all(workers);
    expect(Object.fromEntries(statuses)).toEqual({ '200': expect.any(Number) });
    expect(statuses.get('200')).toBeGreaterThan(50);
    // The other instance answered on while this one went.
    expect(seen.a.length).toBeGreaterThan(10);
  });
});
