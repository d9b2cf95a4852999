import type { Kysely } from 'kysely';

/**
 * Password hashes brought from a Firebase project by `npm run cli -- import-firebase` (issue 35), each with the
 * project's hash parameters: at the person's first sign-in the password is checked against it, made into one of ours
 * and the row deleted (server/auth/firebasePasswords.ts). Times are ISO-8601 text, as everywhere.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firebase_passwords').execute();
}
