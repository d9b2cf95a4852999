import type { Kysely } from 'kysely';
import type { ResourceDescription } from '../../../domain/resourceDescription.js';
import { openDb, type Dialect } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { createData, type DataStore } from './app.js';

/**
 * A test's data (createData) with the console's migrations run and the tables of resources a test makes up, as the
 * migration `npm run resources` would write for them makes them; start the app on it with `build: { described }`.
 * The caller drops it.
 */
export async function dataWithTables(dialect: Dialect, madeUp: readonly ResourceDescription[]): Promise<DataStore> {
  const data = await createData(dialect);
  const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
  try {
    await migrate(db);
    await applyTableSteps(db.kysely as unknown as Kysely<unknown>, planSteps([...madeUp], []).steps);
  } finally {
    await db.kysely.destroy();
  }
  return data;
}
