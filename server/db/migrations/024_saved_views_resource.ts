import type { Kysely } from 'kysely';

/**
 * Saved views of any list, not only the products': each view names its resource (the views saved before are the
 * products'), and a person's names are unique among their own views of one list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('saved_views')
    .addColumn('resource', 'varchar(64)', (c) => c.notNull().defaultTo('products'))
    .execute();
  await db.schema.dropIndex('saved_views_owner_name').execute();
  await db.schema
    .createIndex('saved_views_owner_resource_name')
    .on('saved_views')
    .columns(['owner', 'resource', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('saved_views_owner_resource_name').execute();
  await db
    .deleteFrom('saved_views' as never)
    .where('resource' as never, '<>', 'products' as never)
    .execute();
  await db.schema.createIndex('saved_views_owner_name').on('saved_views').columns(['owner', 'name']).unique().execute();
  await db.schema.alterTable('saved_views').dropColumn('resource').execute();
}
