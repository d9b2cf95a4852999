import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './index.js';
import type { Database } from './schema.js';
import * as m001 from './migrations/001_initial.js';
import * as m002 from './migrations/002_products.js';
import * as m003 from './migrations/003_product_search.js';
import * as m004 from './migrations/004_history.js';
import * as m005 from './migrations/005_storefront.js';
import * as m006 from './migrations/006_product_search_indexes.js';
import * as m007 from './migrations/007_product_search_walk_pg.js';
import * as m008 from './migrations/008_product_translations.js';
import * as m010 from './migrations/010_image_sizes.js';
import * as m011 from './migrations/011_saved_views.js';
import * as m012 from './migrations/012_product_schedule.js';
import * as m015 from './migrations/015_history_batches.js';
import { resourceMigrations } from './migrations/resources.generated.js';
import { PRODUCTS_HAND_MADE } from './productsTable.js';
import type { TableStep } from './describedTables.js';
import * as m017 from './migrations/017_totp_steps.js';
import * as m019 from './migrations/019_firebase_import.js';
import * as m020 from './migrations/020_search_fold.js';
import * as m021 from './migrations/021_dashboard_counts.js';
import * as m022 from './migrations/022_dashboard_tallies.js';
import * as m024 from './migrations/024_saved_views_resource.js';
import * as m025 from './migrations/025_scheduled_changes.js';

/** Our migrations, in order. Add a line per new file. */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_products': m002,
  '003_product_search': m003,
  '004_history': m004,
  '005_storefront': m005,
  '006_product_search_indexes': m006,
  '007_product_search_walk_pg': m007,
  '008_product_translations': m008,
  // No 009: it was held for the accounts work of the same stop, which needed no table.
  '010_image_sizes': m010,
  '011_saved_views': m011,
  '012_product_schedule': m012,
  '015_history_batches': m015,
  // The described resources' tables (resources/*/description.ts), written by `npm run resources`.
  ...resourceMigrations,
  '017_totp_steps': m017,
  '019_firebase_import': m019,
  '020_search_fold': m020,
  '021_dashboard_counts': m021,
  '022_dashboard_tallies': m022,
  '024_saved_views_resource': m024,
  '025_scheduled_changes': m025,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

const migratorOf = (db: Kysely<Database>): Migrator =>
  new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });

/** The migrations this code has that the database has not run (none when it is current). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  return (await migratorOf(db).getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Brings the database up to the newest migration; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  const migrator = migratorOf(db.kysely);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** The steps the described resources' migrations hold (with the products' hand-made table): how each column is held. */
export const describedSteps = (): TableStep[] => [
  PRODUCTS_HAND_MADE,
  ...Object.values(resourceMigrations).flatMap((m) => (m as Migration & { steps?: TableStep[] }).steps ?? []),
];
