import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { bit, now } from '../db/index.js';
import { commit } from './commit.js';
import { diffOf } from './history.js';

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

/** Sets the app status and announces it once written (the live feed follows the announcement). */
export async function writeActive(db: Kysely<Database>, active: boolean, actor: string | null = null): Promise<void> {
  await commit(db, actor, async (trx) => {
    const before = await readActiveRow(trx);
    if (before === null)
      await trx
        .insertInto('app_status')
        .values({ id: ID, active: bit(active), updated: now() })
        .execute();
    else
      await trx
        .updateTable('app_status')
        .set({ active: bit(active), updated: now() })
        .where('id', '=', ID)
        .execute();
    // Setting it to what it was is no change: record() keeps no entry with an empty difference.
    const diff = diffOf({ active: before }, { active });
    return {
      value: undefined,
      history: [{ kind: 'appStatus', recordId: ID, action: before === null ? 'created' : 'changed', diff }],
      announce: [{ kind: 'appStatus', id: ID, active, actor }],
    };
  });
}
