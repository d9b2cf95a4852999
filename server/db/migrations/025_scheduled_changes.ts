import type { Kysely } from 'kysely';

/**
 * Scheduled changes of described records (a description's `schedule`): one field of one record set to a value (JSON,
 * as the API takes it) at a time (`due`, ISO-8601 UTC). The scheduler deletes a row as it applies it, so every row is
 * a change still pending; an index on `due` finds what fell due without reading the table, one on the record its own.
 * Records written before it have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_changes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('resource', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('field', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('due', 'varchar(32)', (c) => c.notNull())
    .addColumn('created', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)')
    .execute();
  await db.schema.createIndex('scheduled_changes_due').on('scheduled_changes').columns(['due', 'id']).execute();
  await db.schema
    .createIndex('scheduled_changes_record')
    .on('scheduled_changes')
    .columns(['resource', 'record_id', 'due'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_changes').execute();
}
