import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../helpers/index.js';

// GET /api/ready: what a load balancer asks before it sends an instance traffic (GET /api/health stays liveness).
describe.each(dialects())('readiness (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
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
      expect(res.json).toMatchObject({ ready: false, failing: ['files'], checks: { database: 'ok', migrations: 'ok', files: expect.stringMatching(/^failed: E[A-Z]+$/) } });
    } finally {
      rmSync(blocker, { force: true });
    }
    expect((await t.api('GET', '/api/ready')).status).toBe(200);
    // The probe leaves nothing behind.
    expect((await t.api('GET', '/api/ready')).json.checks.files).toBe('ok');
  });

  it('answers 503 naming the migration the database has not run (an instance newer than its database)', async () => {
    const row = await t.db.selectFrom('schema_migrations' as never).selectAll().where('name' as never, '=', '008_product_translations' as never).executeTakeFirstOrThrow();
    await t.db.deleteFrom('schema_migrations' as never).where('name' as never, '=', '008_product_translations' as never).execute();
    try {
      const res = await t.api('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ ready: false, failing: ['migrations'], checks: { database: 'ok', migrations: 'pending: 008_product_translations', files: 'ok' } });
    } finally {
      await t.db.insertInto('schema_migrations' as never).values(row as never).execute();
    }
    expect((await t.api('GET', '/api/ready')).status).toBe(200);
  });
});
