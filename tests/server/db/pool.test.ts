import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, pgAvailable, signIn, startApp, type TestApp } from '../helpers/index.js';

// A PostgreSQL restart ends every pooled connection, idle ones included. pg raises that as an uncaught exception
// unless the pool has an error listener; the server must log it and go on (vitest fails the run on an uncaught one).
describe.runIf(pgAvailable())('the PostgreSQL pool when its connections are ended', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect: 'postgres' });
  });
  afterAll(async () => t?.close());

  it('keeps serving after every backend of its database is terminated', async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(200);
    // Each idle connection of the pool hears its end as an error of the pool's: what the server must survive.
    const pool = t.services.db.pool!;
    const idle = pool.idleCount;
    expect(idle).toBeGreaterThan(0);
    let heard = 0;
    const hear = (): void => void (heard += 1);
    pool.on('error', hear);
    const admin = new pg.Client({ connectionString: t.data.databaseUrl! });
    await admin.connect();
    try {
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ' +
          'datname = current_database() AND pid <> pg_backend_pid()',
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(heard).toBeGreaterThanOrEqual(idle), { timeout: 10_000, interval: 10 });
    pool.off('error', hear);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(200);
  });

  it("does not release the live feed's connection twice when it breaks after the feed closed", async () => {
    const uncaught: unknown[] = [];
    const hear = (err: unknown): void => void uncaught.push(err);
    process.on('uncaughtException', hear);
    // An app of its own: the one above is still reconnecting its feed after the first test.
    const fresh = await startApp({ dialect: 'postgres' });
    try {
      // Closed first (its connection goes back to the pool, idle), then every backend ends, as when the database is
      // dropped or PostgreSQL restarts while a server shuts down.
      await fresh.services.broker.close();
      const pool = fresh.services.db.pool!;
      const idle = pool.idleCount;
      let heard = 0;
      const hear = (): void => void (heard += 1);
      pool.on('error', hear);
      const admin = new pg.Client({ connectionString: fresh.data.databaseUrl! });
      await admin.connect();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ' +
          'datname = current_database() AND pid <> pg_backend_pid()',
      );
      await admin.end();
      // Once the pool has heard every idle connection end, a second release would have thrown by now.
      await vi.waitFor(() => expect(heard).toBeGreaterThanOrEqual(idle), { timeout: 10_000, interval: 10 });
      pool.off('error', hear);
    } finally {
      process.off('uncaughtException', hear);
      await fresh.close();
    }
    expect(uncaught.map(String)).toEqual([]);
  });
});
