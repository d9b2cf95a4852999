import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { changedAll, type Change } from './events.js';
import { record, type NewEntry } from './history.js';
import { enqueue, eventOf } from './webhooks.js';

/** What one change did: its result, the history entries it makes, and the changes to announce once committed. */
export interface Outcome<T> {
  value: T;
  history?: readonly NewEntry[];
  announce?: readonly Change[];
}

// The announcements of each open commit, by its transaction: a commit made inside another (a flag change inside an
// admin's guarded change) adds its own to the outer one's, which announces them all once the whole has committed.
const pending = new WeakMap<object, Change[]>();

/**
 * The one way core changes data: runs `work` in a transaction, records the history entries it returns and writes the
 * webhook outbox rows of its changes (one per receiver and change) in that same transaction (as `actor`'s; null is the
 * operator's command line or the first start), and announces its changes after the commit, never before and never
 * for a change rolled back. So a change, its entry, its webhook events and its announcement go together or not at all
 * (a crash after the commit cannot lose the events), and no core function threads them by hand.
 */
export async function commit<T>(
  db: Kysely<Database>,
  actor: string | null,
  work: (trx: Kysely<Database>) => Promise<Outcome<T>>,
): Promise<T> {
  const run = async (trx: Kysely<Database>, announced: Change[]): Promise<T> => {
    const out = await work(trx);
    await record(trx, actor, out.history ?? []);
    announced.push(...(out.announce ?? []));
    return out.value;
  };
  if (db.isTransaction) {
    const outer = pending.get(db);
    // A transaction opened elsewhere would commit without announcing: listeners would never hear of the change.
    if (!outer)
      throw new Error('commit() was given a transaction it did not open; its changes would never be announced');
    return run(db, outer);
  }
  const announced: Change[] = [];
  const value = await db.transaction().execute(async (trx) => {
    pending.set(trx, announced);
    const out = await run(trx, announced);
    // The outermost commit writes the outbox rows of every change made in it, nested commits' included.
    await enqueue(
      trx,
      announced.map((c) => eventOf(c)),
    );
    return out;
  });
  await changedAll(db, announced);
  return value;
}
