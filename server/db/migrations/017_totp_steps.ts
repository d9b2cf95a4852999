import type { Kysely } from 'kysely';

/**
 * The last time step of an authenticator app's code each account has used: a code is taken once,
 * and no earlier one after it (RFC 6238 §5.2), on every instance (server/auth/twoFactor.ts claimTotpStep).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_steps')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('step', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('totp_steps').execute();
}
