import type { Kysely } from 'kysely';

/** Users, app status, languages and the sign-in throttle. Portable: ids and times are made in code. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_type', 'varchar(32)', (c) => c.notNull().defaultTo('staff'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_editor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated', 'varchar(32)')
    .execute();
  await db.schema.createIndex('users_created_idx').on('users').columns(['created', 'id']).execute();

  await db.schema
    .createTable('app_status')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('languages')
    .addColumn('id', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .execute();

  await db.schema
    .createTable('throttle')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['throttle', 'languages', 'app_status', 'users']) await db.schema.dropTable(t).execute();
}
