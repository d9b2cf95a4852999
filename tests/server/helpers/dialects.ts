import { spawnSync } from 'node:child_process';
import type { Dialect } from '../../../server/db/index.js';

/** Where the PostgreSQL leg of the server suites runs: trust auth, user postgres. */
export const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' } as const;

/** A connection address for one database on the test PostgreSQL. */
export const pgUrl = (database: string): string => `postgres://${PG.user}@${PG.host}:${PG.port}/${database}`;

let answer: boolean | undefined;

/**
 * True when PostgreSQL at 127.0.0.1:5432 answers a query (asked once per test file, synchronously, so describe.each can
 * use it).
 */
export function pgAvailable(): boolean {
  if (answer !== undefined) return answer;
  const probe = `
    const { Client } = require('pg');
    const c = new Client({ connectionString: ${JSON.stringify(pgUrl('postgres'))}, connectionTimeoutMillis: 2000 });
    c.connect().then(() => c.query('select 1')).then(() => c.end())
      .then(() => process.exit(0), () => process.exit(1));`;
  const run = spawnSync(process.execPath, ['-e', probe], { timeout: 5000, stdio: 'ignore' });
  answer = run.status === 0;
  return answer;
}

/**
 * The dialects a database suite runs on: SQLite always, PostgreSQL when it answers.
 * Without PostgreSQL: a loud warning, or a failure when CI=true (CI must run both).
 */
export function dialects(): Dialect[] {
  if (pgAvailable()) return ['sqlite', 'postgres'];
  const why = `PostgreSQL at ${PG.host}:${PG.port} did not answer`;
  if (process.env.CI === 'true') throw new Error(`${why}; CI=true requires the PostgreSQL server suite.`);
  console.warn(
    `\n${'!'.repeat(72)}\n!! ${why}: the PostgreSQL server suite was SKIPPED (SQLite only).\n${'!'.repeat(72)}\n`,
  );
  return ['sqlite'];
}
