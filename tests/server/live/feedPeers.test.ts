import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { FeedCache, pgFeedPeers } from '../../../server/live/feedCache.js';
import { pgAvailable, pgUrl } from '../helpers/index.js';

// The listening connection is given back to the pool once. When the database ends it after `close` (a test run
// dropping its database, an operator ending idle connections), its error must not release it a second time: pg-pool
// throws on a double release, which surfaced as an uncaught exception in an unrelated test file.

describe.runIf(pgAvailable())('the feed cache’s listening connection on PostgreSQL', () => {
  const name = `feedpeers-${randomUUID()}`;
  const pool = new pg.Pool({ connectionString: pgUrl('test'), application_name: name, max: 3 });
  const poolErrors: Error[] = [];
  pool.on('error', (err) => poolErrors.push(err));
  // As the server's pool does (server/db/index.ts): a connection ended while in use fails its query, which its caller
  // hears; pg would also raise it as an uncaught exception.
  pool.on('connect', (client) => client.on('error', () => undefined));
  afterAll(() => pool.end());

  const terminateOurs = async (): Promise<number> => {
    const admin = new pg.Client({ connectionString: pgUrl('postgres') });
    await admin.connect();
    try {
      const res = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [name],
      );
      return res.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  };

  const until = async (done: () => boolean): Promise<void> => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  };
  const peersOf = (warnings: string[]) =>
    pgFeedPeers(pool, new FeedCache(), { warn: (_o, msg) => warnings.push(msg) }, { aliveMs: 100, ackMs: 500 });

  it('is released once when the database ends it after close', async () => {
    const warnings: string[] = [];
    const peers = await peersOf(warnings);
    expect(peers.trusted).toBe(false);
    await peers.close();
    expect(pool.idleCount).toBeGreaterThan(0);
    expect(await terminateOurs()).toBeGreaterThan(0);
    // The pool hears the idle connection end; that is the moment a second release would have thrown.
    await until(() => pool.totalCount === 0);
    expect(pool.totalCount).toBe(0);
    expect(poolErrors.length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });

  it('reconnects after the database ends it while open, and releases the new one on close', async () => {
    const warnings: string[] = [];
    const peers = await peersOf(warnings);
    await until(() => peers.trusted);
    expect(peers.trusted).toBe(true);
    expect(await terminateOurs()).toBeGreaterThan(0);
    await until(() => !peers.trusted);
    expect(peers.trusted).toBe(false);
    expect(warnings).toContain('feed cache: listening connection lost; answering from the database until it is back');
    await until(() => peers.trusted);
    expect(peers.trusted).toBe(true);
    await peers.close();
    expect(peers.trusted).toBe(false);
    // Given back: nothing stays checked out (an alive message sent just before close may still be on its way back).
    await until(() => pool.totalCount === pool.idleCount);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});
