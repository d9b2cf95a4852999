import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dialects, freshDb, pgUrl } from '../helpers/index.js';

// The database suites' helper (tests/server/helpers/freshDb.ts): each test gets an empty database of its own, and
// nothing of it is left once the test is over (no folder in the temp folder, no database on PostgreSQL).
describe.each(dialects())('a fresh database for each test (%s)', (dialect) => {
  const fresh = freshDb(dialect);
  let made: { dir: string; database: string | null } | undefined;

  it('opens an empty database of its own, which migrations and a restart find again', async () => {
    const db = await fresh.open();
    made = {
      dir: fresh.data().dataDir,
      database: fresh.data().databaseUrl && new URL(fresh.data().databaseUrl!).pathname.slice(1),
    };
    expect(existsSync(made.dir)).toBe(true);
    await fresh.migrateTo('001_initial');
    const again = await fresh.reopen();
    expect(again).not.toBe(db);
    const { rows } = await sql<{ name: string }>`select name from schema_migrations`.execute(again.kysely);
    expect(rows.map((r) => r.name)).toEqual(['001_initial']);
  });

  it('has closed the previous test’s database, removed its folder and dropped its PostgreSQL database', async () => {
    expect(made).toBeDefined();
    expect(existsSync(made!.dir)).toBe(false);
    if (made!.database === null) return;
    const c = new pg.Client({ connectionString: pgUrl('postgres') });
    await c.connect();
    try {
      const left = await c.query('select datname from pg_database where datname = $1', [made!.database]);
      expect(left.rows).toEqual([]);
    } finally {
      await c.end();
    }
  });
});
