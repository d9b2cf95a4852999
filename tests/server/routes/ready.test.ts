import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, startApp, type TestApp } from '../helpers/index.js';

// GET /api/ready: what a load balancer asks before it sends an instance traffic (GET /api/health stays liveness).
describe.each(dialects())('readiness (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Each call probes the file store afresh here; the kept answer has a suite of its own below.
    t = await startApp({ dialect, build: { readyProbeCacheMs: 0 } });
  });
  afterAll(async () => t?.close());

  it('answers 200 without signing in when the database, its migrations and the file store are all right', async () => {
    const res = await t.api('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ready: true, failing: [], checks: { database: 'ok', migrations: 'ok', files: 'ok' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 naming the file store when it cannot be written, and 200 again once it can', async () => {
    // Where the probe would make its folder, a plain file: writing fails as on a full or read-only disk.
    const blocker = join(t.data.dataDir, 'files', 'ready');
    rmSync(blocker, { recursive: true, force: true });
    writeFileSync(blocker, 'in the way');
    try {
      const res = await t.api('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({
        ready: false,
        failing: ['files'],
        checks: { database: 'ok', migrations: 'ok', files: expect.stringMatching(/^failed: E[A-Z]+$/) },
      });
    } finally {
      rmSync(blocker, { force: true });
    }
    expect((await t.api('GET', '/api/ready')).status).toBe(200);
    // The probe leaves nothing behind.
    expect((await t.api('GET', '/api/ready')).json.checks.files).toBe('ok');
  });

  it('answers 503 naming the migration the database has not run (an instance newer than its database)', async () => {
    const row = await t.db
      .selectFrom('schema_migrations' as never)
      .selectAll()
      .where('name' as never, '=', '008_product_translations' as never)
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', '008_product_translations' as never)
      .execute();
    try {
      const res = await t.api('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        ready: false,
        failing: ['migrations'],
        checks: { database: 'ok', migrations: 'pending: 008_product_translations', files: 'ok' },
      });
    } finally {
      await t.db
        .insertInto('schema_migrations' as never)
        .values(row as never)
        .execute();
    }
    expect((await t.api('GET', '/api/ready')).status).toBe(200);
  });
});

// A load balancer asks every second or so: the file store's probe writes, so its answer is kept a moment and shared.
describe.each(dialects())('readiness, the file store probe kept a moment (%s)', (dialect) => {
  let t: TestApp;
  let probes = 0;
  beforeAll(async () => {
    t = await startApp({ dialect, build: { readyProbeCacheMs: 4000 } });
    // Counts the real store's probes (every write of one goes through here).
    const store = t.services.store;
    const probe = store.probe.bind(store);
    store.probe = async () => {
      probes += 1;
      return probe();
    };
  });
  afterAll(async () => t?.close());

  it(
    'writes once for many calls within the period, calls at ' +
      'the same moment included, and again once it has passed',
    async () => {
      const first = await Promise.all([
        t.api('GET', '/api/ready'),
        t.api('GET', '/api/ready'),
        t.api('GET', '/api/ready'),
      ]);
      for (const res of first) expect(res.json).toMatchObject({ ready: true, checks: { files: 'ok' } });
      for (let i = 0; i < 2; i++) expect((await t.api('GET', '/api/ready')).status).toBe(200);
      expect(probes).toBe(1);
      // Past the period the next call probes again (waited for, not timed).
      await vi.waitFor(
        async () => {
          await t.api('GET', '/api/ready');
          expect(probes).toBe(2);
        },
        { timeout: 15_000, interval: 250 },
      );
    },
  );

  it('keeps a failing answer the same way: the store is not written to on every call while it fails', async () => {
    const blocker = join(t.data.dataDir, 'files', 'ready');
    rmSync(blocker, { recursive: true, force: true });
    writeFileSync(blocker, 'in the way');
    try {
      await vi.waitFor(async () => expect((await t.api('GET', '/api/ready')).status).toBe(503), {
        timeout: 15_000,
        interval: 250,
      });
      const before = probes;
      expect((await t.api('GET', '/api/ready')).json.failing).toEqual(['files']);
      expect(probes).toBe(before);
    } finally {
      rmSync(blocker, { force: true });
    }
    await vi.waitFor(async () => expect((await t.api('GET', '/api/ready')).status).toBe(200), {
      timeout: 15_000,
      interval: 250,
    });
  });
});
