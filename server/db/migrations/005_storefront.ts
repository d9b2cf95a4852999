import type { Kysely } from 'kysely';

/**
 * Webhook receivers and their outbox: one delivery row per receiver and committed change, written after the change
 * and worked off by the dispatcher (server/webhooks), so deliveries survive a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('created', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('webhook_id', 'varchar(64)', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // The exact bytes sent (and signed) on every attempt.
    .addColumn('body', 'text', (c) => c.notNull())
    // pending, retrying, delivered or failed.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'varchar(32)', (c) => c.notNull())
    // Who is sending it and until when (a dispatcher that died mid-send lets go when this passes).
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished', 'varchar(32)')
    .execute();
  // The dispatcher's question: what is due now.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_at'])
    .execute();
  // The page's: newest first.
  await db.schema
    .createIndex('webhook_deliveries_created')
    .on('webhook_deliveries')
    .columns(['created', 'id'])
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
