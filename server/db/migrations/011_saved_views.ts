import type { Kysely } from 'kysely';

/**
 * Saved views of the products list: a name and the list's search and filters (JSON), a person's own or shared with
 * all staff. A person's names are unique among their own views.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull())
    .addColumn('created', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_views_owner_name').on('saved_views').columns(['owner', 'name']).unique().execute();
  await db.schema.createIndex('saved_views_shared').on('saved_views').columns(['shared', 'created']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_views').execute();
}
