import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Counts events per key in fixed windows, in the database so every instance shares the count. */
export class Throttle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** True while the key has reached its limit in the current window. */
  async blocked(key: string): Promise<boolean> {
    const r = await this.db.selectFrom('throttle').selectAll().where('key', '=', key).executeTakeFirst();
    return !!r && r.reset_at > new Date().toISOString() && r.count >= this.limit;
  }

  /** Counts one more event for the key. */
  async hit(key: string): Promise<void> {
    const nowIso = new Date().toISOString();
    const resetAt = new Date(Date.now() + this.windowMs).toISOString();
    const r = await this.db.selectFrom('throttle').selectAll().where('key', '=', key).executeTakeFirst();
    if (!r) {
      await this.db
        .insertInto('throttle')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ count: eb('throttle.count', '+', 1) })))
        .execute();
    } else if (r.reset_at <= nowIso) {
      await this.db.updateTable('throttle').set({ count: 1, reset_at: resetAt }).where('key', '=', key).execute();
    } else {
      await this.db.updateTable('throttle').set((eb) => ({ count: eb('count', '+', 1) })).where('key', '=', key).execute();
    }
  }

  /** Forgets the key (after a successful sign-in). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('throttle').where('key', '=', key).execute();
  }
}
