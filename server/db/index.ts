import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely handle plus what the identity library and the live feed need. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The pg pool (PostgreSQL only), for LISTEN/NOTIFY. */
  pool: pg.Pool | null;
  /** The better-sqlite3 handle (SQLite only), shared with the identity library. */
  sqlite: SQLite.Database | null;
  close(): Promise<void>;
}

/** Opens SQLite under dataDir (WAL) or PostgreSQL when a URL is given. */
export function openDb(opts: { databaseUrl: string | null; dataDir: string }): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pool, sqlite: null, close: () => kysely.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(join(opts.dataDir, 'console.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { kysely, dialect: 'sqlite', pool: null, sqlite: file, close: () => kysely.destroy() };
}

/** Now as ISO-8601 text, the time format of every table. */
export const now = (): string => new Date().toISOString();

/** A boolean as the 0/1 integer both dialects store. */
export const bit = (b: boolean): number => (b ? 1 : 0);
