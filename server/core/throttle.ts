import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { doubling } from '../../domain/retry.js';

/** Counts events per key in fixed windows, in the database so every instance shares the count. */
export class Throttle {
  constructor(
    protected readonly db: Kysely<Database>,
    private readonly limit: number,
    protected readonly windowMs: number,
  ) {}

  /** True while the key has reached its limit in the current window. */
  async blocked(key: string): Promise<boolean> {
    const r = await this.row(key);
    return !!r && r.reset_at > new Date().toISOString() && r.count >= this.limit;
  }

  /** Counts one more event for the key; `slide` starts the window anew from this event. */
  async hit(key: string, slide = false): Promise<void> {
    const nowIso = new Date().toISOString();
    const resetAt = new Date(Date.now() + this.windowMs).toISOString();
    const r = await this.row(key);
    if (!r) {
      await this.db
        .insertInto('throttle')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({ count: eb('throttle.count', '+', 1), reset_at: resetAt })),
        )
        .execute();
    } else if (r.reset_at <= nowIso) {
      await this.db.updateTable('throttle').set({ count: 1, reset_at: resetAt }).where('key', '=', key).execute();
    } else {
      await this.db
        .updateTable('throttle')
        .set((eb) => ({ count: eb('count', '+', 1), ...(slide ? { reset_at: resetAt } : {}) }))
        .where('key', '=', key)
        .execute();
    }
  }

  /** Forgets the key (after a successful sign-in). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('throttle').where('key', '=', key).execute();
  }

  protected row(key: string) {
    return this.db.selectFrom('throttle').selectAll().where('key', '=', key).executeTakeFirst();
  }
}

/**
 * Growing delays instead of a lock: after `free` failures for a key, each further attempt must wait firstDelayMs
 * after the last failure, doubling with each failure up to maxDelayMs. A quiet window forgets the key.
 */
export class Backoff extends Throttle {
  constructor(
    db: Kysely<Database>,
    private readonly free: number,
    windowMs: number,
    private readonly firstDelayMs = 30_000,
    private readonly maxDelayMs = windowMs,
  ) {
    super(db, free, windowMs);
  }

  /** Milliseconds the key must still wait before its next attempt; 0 lets it through. */
  async waitMs(key: string): Promise<number> {
    const r = await this.row(key);
    if (!r || r.count < this.free) return 0;
    // Every failure slides the window, so the last failure was one window before its end.
    const lastFailure = Date.parse(r.reset_at) - this.windowMs;
    const delay = doubling(r.count - this.free, this.firstDelayMs, this.maxDelayMs);
    return Math.max(0, lastFailure + delay - Date.now());
  }

  /** Counts a failure and starts the quiet window anew. */
  fail(key: string): Promise<void> {
    return this.hit(key, true);
  }
}
