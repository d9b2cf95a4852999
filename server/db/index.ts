import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from './schema.js';
import { numbered, registerDirectReads } from './read.js';

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

/**
 * Opens SQLite under dataDir (WAL) or PostgreSQL when a URL is given. `onIdleError` hears of a pooled PostgreSQL
 * connection that broke while idle (a restart, a terminated backend); the pool drops it and opens another.
 */
export function openDb(
  opts: { databaseUrl: string | null; dataDir: string },
  onIdleError: (err: Error) => void = () => undefined,
): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // Without a listener, pg raises such an error as an uncaught exception, which would end the server.
    pool.on('error', onIdleError);
    // A connection in use that breaks (the same restart, a backend ended while a query or a transaction runs) fails
    // its query, which its caller hears; pg would also raise it as an uncaught exception, since the pool listens only
    // to idle connections. The pool drops the broken connection when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Named statements: each connection parses and plans a read once, then only binds.
    const names = new Map<string, string>();
    registerDirectReads(kysely, async (text, params, planned) => {
      // A search is planned for its own values: a plan kept for any value walks the SKU index for a rare word or
      // gathers every match of a common one (docs/decisions.md, "Partial-name search at a million products").
      if (planned === 'each') return (await pool.query(numbered(text), [...params])).rows;
      let name = names.get(text);
      if (!name) names.set(text, (name = `read_${names.size + 1}`));
      return (await pool.query({ name, text: numbered(text), values: [...params] })).rows;
    });
    return { kysely, dialect: 'postgres', pool, sqlite: null, close: () => kysely.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const path = join(opts.dataDir, 'console.sqlite');
  // Password hashes and sessions live here: owner only (SQLite gives its -wal and -shm files the same mode).
  ownerOnly(path);
  const file = new SQLite(path);
  file.pragma('journal_mode = WAL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  const statements = keepStatements(file);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  // better-sqlite3 answers synchronously, so a direct read never splits a query Kysely is running. While Kysely
  // holds a transaction open on this one connection, the reader declines and the read waits its turn through
  // Kysely instead of seeing uncommitted rows.
  const readNow = (text: string, params: readonly unknown[]): unknown[] | null =>
    file.inTransaction ? null : (statements.prepare(text).all(params) as unknown[]);
  // Single values (the kept session's generation) from statements of their own, set to answer the first column
  // alone: Kysely's kept statements must keep answering rows.
  const values = new Map<string, SQLite.Statement>();
  const readValueNow = (text: string, params: readonly unknown[]): unknown => {
    if (file.inTransaction) return undefined;
    let st = values.get(text);
    if (!st) values.set(text, (st = file.prepare(text).pluck()));
    return st.get(params);
  };
  registerDirectReads(
    kysely,
    (text, params) => {
      const rows = readNow(text, params);
      return rows ? Promise.resolve(rows) : null;
    },
    readValueNow,
  );
  return { kysely, dialect: 'sqlite', pool: null, sqlite: file, close: () => kysely.destroy() };
}

/**
 * Kysely asks better-sqlite3 to prepare every query anew, and preparing was a fifth of a simple API request's time
 * (BENCHMARKS.md); the most recently used statements are kept instead. Safe because Kysely runs one query at a
 * time on this connection and better-sqlite3 runs each to completion synchronously.
 */
function keepStatements(file: SQLite.Database, max = 200): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => file.close(),
    prepare(sql) {
      let st = kept.get(sql);
      if (st) kept.delete(sql);
      else st = file.prepare(sql);
      // Re-inserted last, so the first key is always the least recently used.
      kept.set(sql, st);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      return st;
    },
  };
}

/** Makes `path` readable and writable by its owner only (0600), creating it empty when missing. */
export function ownerOnly(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/**
 * `items` in runs of at most 500: the rows of one multi-row statement. At the widest table's 15 columns that is 7,500
 * bound values, far below SQLite's and PostgreSQL's limits.
 */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Now as ISO-8601 text, the time format of every table. */
export const now = (): string => new Date().toISOString();

/** A boolean as the 0/1 integer both dialects store. */
export const bit = (b: boolean): number => (b ? 1 : 0);
