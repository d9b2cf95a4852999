import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { bit, now } from '../db/index.js';

const ID = 'app';

/** Whether the app is active; unknown (no row) counts as inactive. */
export async function readActive(db: Kysely<Database>): Promise<boolean> {
  const r = await db.selectFrom('app_status').select('active').where('id', '=', ID).executeTakeFirst();
  return Boolean(r?.active);
}

/** The stored flag, or null when no status row exists yet. */
export async function readActiveRow(db: Kysely<Database>): Promise<boolean | null> {
  const r = await db.selectFrom('app_status').select('active').where('id', '=', ID).executeTakeFirst();
  return r ? Boolean(r.active) : null;
}

/** Sets the app status; the caller publishes the change after this returns (after commit). */
export async function writeActive(db: Kysely<Database>, active: boolean): Promise<void> {
  const updated = await db
    .updateTable('app_status')
    .set({ active: bit(active), updated: now() })
    .where('id', '=', ID)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto('app_status').values({ id: ID, active: bit(active), updated: now() }).execute();
  }
}
