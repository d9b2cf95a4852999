import type { Kysely } from 'kysely';

/** Products and the register of stored uploads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('sku', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('mc', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('price', 'varchar(50)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('primary_image', 'varchar(400)')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated', 'varchar(32)')
    .addColumn('created_by', 'varchar(64)')
    .addColumn('updated_by', 'varchar(64)')
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_created_idx').on('files').column('created').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('products').execute();
}
