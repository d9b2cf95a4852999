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

/** Migrates both our tables and the identity library's, then seeds languages and app status; never makes users (the CLI uses this). */
export async function prepare(db: Db, auth: Auth): Promise<void> {
  await migrate(db);
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  await installGenerations(db);
  await seedLanguages(db.kysely);
  if ((await readActiveRow(db.kysely)) === null) await writeActive(db.kysely, true);
}

/** The server's first-start work: prepare(), then the first admin when there is no user at all. */
export async function setup(db: Db, auth: Auth, admin: { email: string | null; password: string | null }): Promise<SetupResult> {
  await prepare(db, auth);
  if ((await countUsers(db.kysely)) > 0) return { createdAdmin: null };
  const email = admin.email ?? 'admin@example.com';
  const generated = !admin.password;
  const password = admin.password ?? randomBytes(12).toString('base64url');
  await registerUser(auth, db.kysely, { email, password, firstName: 'Shop', lastName: 'Admin', isAdmin: true, isEditor: true });
  return { createdAdmin: { email, password, generated } };
}
