import { randomBytes } from 'node:crypto';
import { getMigrations } from 'better-auth/db/migration';
import type { Auth } from './auth/index.js';
import type { Db } from './db/index.js';
import { migrate } from './db/migrate.js';
import { seedLanguages } from './core/languages.js';
import { readActiveRow, writeActive } from './core/appStatus.js';
import { countUsers } from './core/users.js';
import { registerUser } from './auth/register.js';
import { installGenerations } from './auth/generations.js';

/** What the first start made, so main.ts can print a generated password once. */
export interface SetupResult {
  createdAdmin: { email: string; password: string; generated: boolean } | null;
}

/** The key of the PostgreSQL advisory lock held while an instance does the first-start work (any fixed number). */
const SETUP_LOCK = 72_611_001;

/**
 * Runs `fn` while holding PostgreSQL's advisory lock for the first-start work, so instances starting together on one
 * database do it one after another: the first migrates and seeds, the others find it done. (Kysely's migrator locks
 * its own migrations, but not the identity library's tables, the seeds or the first admin.) SQLite: one instance, no
 * lock.
 */
async function oneAtATime<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (!db.pool) return fn();
  const client = await db.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Migrates both our tables and the identity library's, then seeds languages and app status; never makes users (the CLI
 * uses this).
 */
export function prepare(db: Db, auth: Auth): Promise<void> {
  return oneAtATime(db, () => prepareNow(db, auth));
}

async function prepareNow(db: Db, auth: Auth): Promise<void> {
  await migrate(db);
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  await installGenerations(db);
  await seedLanguages(db.kysely);
  if ((await readActiveRow(db.kysely)) === null) await writeActive(db.kysely, true);
}

/** The server's first-start work: prepare(), then the first admin when there is no user at all. */
export function setup(
  db: Db,
  auth: Auth,
  admin: { email: string | null; password: string | null },
): Promise<SetupResult> {
  return oneAtATime(db, async () => {
    await prepareNow(db, auth);
    if ((await countUsers(db.kysely)) > 0) return { createdAdmin: null };
    const email = admin.email ?? 'admin@example.com';
    const generated = !admin.password;
    const password = admin.password ?? randomBytes(12).toString('base64url');
    await registerUser(auth, db.kysely, {
      email,
      password,
      firstName: 'Shop',
      lastName: 'Admin',
      isAdmin: true,
      isEditor: true,
    });
    return { createdAdmin: { email, password, generated } };
  });
}
