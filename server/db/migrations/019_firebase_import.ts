import type { Kysely } from 'kysely';

/**
 * What `npm run cli -- import-firebase` keeps. firebase_passwords: password hashes brought from a Firebase
 * project, each with the project's hash parameters: at the person's first sign-in the password is checked against it,
 * made into one of ours and the row deleted (server/auth/firebasePasswords.ts). firebase_files: each Storage object
 * already copied into our store (its MD5 as Storage gives it, and our address), so a second run copies only what is
 * new or changed. Times are ISO-8601 text, as everywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('firebase_passwords')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('signer_key', 'text', (c) => c.notNull())
    .addColumn('salt_separator', 'text', (c) => c.notNull())
    .addColumn('rounds', 'integer', (c) => c.notNull())
    .addColumn('mem_cost', 'integer', (c) => c.notNull())
    .addColumn('imported', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('firebase_files')
    .addColumn('source', 'varchar(1100)', (c) => c.primaryKey())
    .addColumn('md5', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('imported', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firebase_files').execute();
  await db.schema.dropTable('firebase_passwords').execute();
}
