import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  createData,
  dialects,
  pgAvailable,
  request,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
} from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { startProcess } from '../helpers/process.js';

// A change and its webhook outbox rows are written in one transaction (core/commit.ts): a crash at any moment leaves
// both or neither. The server runs as its own process and is killed with SIGKILL at the worst moment there was: the
// product written, its outbox rows not yet. That moment is held open by a lock on the receivers' table, which the
// outbox's first read waits for.
describe.runIf(pgAvailable())('a committed change always has its webhook event, after kill -9 (postgres)', () => {
  let data: DataStore;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    data = await createData('postgres');
    // An instance in this process, for the set-up (a receiver, an image); the writes go to the other.
    t = await startApp({ dialect: 'postgres', data, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    dir = mkdtempSync(join(tmpdir(), 'console-crash-'));
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no product without its outbox row when the server dies between the two', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    // A receiver nobody listens on: the rows stay pending, which is all this test reads.
    const hook = await t.api('POST', '/api/webhooks', { cookie: admin, body: { url: 'http://127.0.0.1:9/hook' } });
    expect(hook.status, hook.text).toBe(201);
    const me = await t.api('GET', '/api/me', { cookie: admin });
    const image = await storedImage(t, me.json.id as string);

    const server = await startProcess({ ...data, dataDir: dir }, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    const lock = new pg.Client({ connectionString: data.databaseUrl! });
    await lock.connect();
    try {
      const cookie = await signIn(
        {
          ...t,
          baseUrl: server.url,
          publicUrl: server.url,
          api: (m, p, o = {}) => request(server.url, m, p, { origin: server.url, ...o }),
        },
        ADMIN.email,
        ADMIN.password,
      );
      await lock.query('begin');
      await lock.query('lock table webhooks in access exclusive mode');
      const body = {
        sku: 'CRASH-1',
        name: 'Towel',
        category: 'Linen',
        mc: 'Linen care',
        price: '1 kr',
        details: 'Washed',
        active: true,
        images: [image],
      };
      const answer = request(server.url, 'POST', '/api/products', { cookie, body, origin: server.url }).then(
        (r) => r.status,
        () => 'no answer',
      );
      // The server's write is waiting on the lock: the moment to die.
      await vi.waitFor(
        async () => {
          const { rows } = await lock.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          expect(rows[0].n).toBeGreaterThan(0);
        },
        { timeout: 20_000, interval: 50 },
      );
      await server.kill();
      expect(await answer).toBe('no answer');
    } finally {
      await lock.query('rollback').catch(() => undefined);
      await lock.end();
      await server.kill();
    }
    const products = await t.db.selectFrom('products').select('id').execute();
    const bodies = (await t.db.selectFrom('webhook_deliveries').select('body').execute()).map((r) => r.body);
    for (const p of products)
      expect(
        bodies.some((b) => b.includes(p.id)),
        `the event of product ${p.id}`,
      ).toBe(true);
  }, 120_000);
});

// The same under a plain writer loop on both databases: eight writers creating products, the server killed with
// SIGKILL while they run; every product that is there has its event.
describe.each(dialects())('a writer loop killed with kill -9 (%s)', (dialect) => {
  let data: DataStore;
  let t: TestApp;
  beforeAll(async () => {
    data = await createData(dialect);
    t = await startApp({ dialect, data, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  it('leaves every committed product with its outbox row', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    expect(
      (await t.api('POST', '/api/webhooks', { cookie: admin, body: { url: 'http://127.0.0.1:9/hook' } })).status,
    ).toBe(201);
    const me = await t.api('GET', '/api/me', { cookie: admin });
    const image = await storedImage(t, me.json.id as string);
    // SQLite is one file: the instance here lets go of it while the other process writes.
    await t.close();
    const server = await startProcess(data, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    let answered = 0;
    try {
      const cookie = await signIn(
        {
          ...t,
          baseUrl: server.url,
          publicUrl: server.url,
          api: (m, p, o = {}) => request(server.url, m, p, { origin: server.url, ...o }),
        },
        ADMIN.email,
        ADMIN.password,
      );
      let n = 0;
      let dead = false;
      const writer = async (): Promise<void> => {
        while (!dead) {
          const body = { sku: `LOOP-${n++}`, name: 'Towel', category: 'Linen', mc: 'Linen care', price: '1 kr' };
          const res = await request(server.url, 'POST', '/api/products', {
            cookie,
            origin: server.url,
            body: { ...body, details: 'Washed', active: true, images: [image] },
          }).catch(() => null);
          if (res?.status === 201) answered++;
          else dead = true;
        }
      };
      const writers = Array.from({ length: 8 }, writer);
      await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(40), { timeout: 60_000, interval: 20 });
      await server.kill();
      await Promise.all(writers);
    } finally {
      await server.kill();
    }
    t = await startApp({ dialect, data, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    const products = await t.db.selectFrom('products').select('id').execute();
    expect(products.length).toBeGreaterThanOrEqual(answered);
    const events = await t.db.selectFrom('webhook_deliveries').select('body').execute();
    const told = new Set(events.map((r) => (JSON.parse(r.body) as { recordId: string }).recordId));
    expect(products.filter((p) => !told.has(p.id))).toEqual([]);
  }, 120_000);
});
