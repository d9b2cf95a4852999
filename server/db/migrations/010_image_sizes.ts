import type { Kysely } from 'kysely';

/**
 * The WebP sizes made of each stored image (server/core/imageSizes.ts), as the widths made, comma-separated
 * ('400,800,1600'; '' when none yet). The feed lists only these, so an image uploaded before sizes existed has none
 * until `npm run cli -- images --backfill` makes them. The width and height of the original were already here (002).
 * Numbered 010: 009 is another branch's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('variants', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('variants').execute();
}
