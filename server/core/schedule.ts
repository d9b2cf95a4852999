import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProductsTable } from '../db/schema.js';
import { bit } from '../db/index.js';
import { readRows } from '../db/read.js';
import { SCHEDULER_ACTOR } from '../../domain/schedule.js';
import { commit } from './commit.js';
import { diffOf, type NewEntry } from './history.js';
import type { Change } from './events.js';
import { historyValues, toProduct } from './products.js';
import type { ResourceDescription } from '../../domain/resourceDescription.js';
import { applyDueChanges } from './scheduledChanges.js';

type Row = Selectable<ProductsTable>;

/** The most due changes one run applies; a longer backlog (a server down for a while) goes on at the next run. */
const BATCH = 200;

/**
 * The PostgreSQL advisory lock the scheduler's transaction holds: one instance applies the due changes, the others
 * find it taken and skip that run. Any fixed 64-bit number no other lock of ours uses.
 */
const LEASE_KEY = 7_262_026_012;

/** What a product's due times make of it: the status the later one sets, and which of the two are applied. */
function dueChange(r: Row, at: string): { active: boolean; from: boolean; until: boolean } {
  const from = r.active_from !== null && r.active_from <= at;
  const until = r.active_until !== null && r.active_until <= at;
  // Both due (the server was stopped through both): the later decides; the same time cannot be saved.
  const active = from && until ? r.active_from! > r.active_until! : from;
  return { active, from, until };
}

/**
 * Applies every scheduled status change due at `at` (the clock is the caller's: tests pass theirs), once: each product
 * gets its status from the time that fell due, that time is cleared, and the change is recorded in the history as the
 * scheduler's and announced (webhooks, the feed, live pages) through commit(). On PostgreSQL only the instance that
 * takes the advisory lock applies a run; each row's update is also conditional on the version it read, so a change
 * cannot apply twice even without the lock, and an editor's save in between wins (the time, still due, applies at the
 * next run). Answers how many products changed.
 */
export async function applyDue(db: Kysely<Database>, at: Date): Promise<number> {
  const when = at.toISOString();
  // Most runs find nothing due: one read of the two indexes, without a transaction or the lock.
  const [any] = await readRows<{ id: string }>(
    db,
    'select id from products where active_from <= ? union all select id from products where active_until <= ? limit 1',
    [when, when],
  );
  if (!any) return 0;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return commit(db, SCHEDULER_ACTOR, async (trx) => {
    if (postgres) {
      const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${LEASE_KEY}) as got`.execute(trx);
      if (!rows[0]?.got) return { value: 0 };
    }
    const due = await readRows<Row>(
      trx,
      'select * from products where id in (select id from products where active_from ' +
        '<= ? union select id from products where active_until <= ?) order by id limit ?',
      [when, when, BATCH],
    );
    const history: NewEntry[] = [];
    const announce: Change[] = [];
    for (const r of due) {
      const change = dueChange(r, when);
      const next: Row = {
        ...r,
        active: bit(change.active),
        active_from: change.from ? null : r.active_from,
        active_until: change.until ? null : r.active_until,
        version: r.version + 1,
        updated: when,
        updated_by: SCHEDULER_ACTOR,
      };
      const res = await trx
        .updateTable('products')
        .set({
          active: next.active,
          active_from: next.active_from,
          active_until: next.active_until,
          version: next.version,
          updated: next.updated,
          updated_by: next.updated_by,
        })
        .where('id', '=', r.id)
        .where('version', '=', r.version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) continue;
      history.push({
        kind: 'product',
        recordId: r.id,
        action: 'changed',
        diff: diffOf(historyValues(toProduct(r)), historyValues(toProduct(next))),
      });
      announce.push({ kind: 'product', id: r.id, version: next.version, actor: SCHEDULER_ACTOR });
    }
    return { value: announce.length, history, announce };
  });
}

/**
 * One run of the scheduler at `at`: the products' scheduled status (applyDue), then the described records' scheduled
 * changes (core/scheduledChanges.ts, applyDueChanges) of `described`. Answers how many records changed.
 */
export async function applyAllDue(
  db: Kysely<Database>,
  described: readonly ResourceDescription[],
  at: Date,
): Promise<number> {
  // One after the other, each even when the first fails (its error is then the run's, logged by the caller).
  let failed: { err: unknown } | null = null;
  let changed = 0;
  for (const run of [() => applyDue(db, at), () => applyDueChanges(db, described, at)])
    try {
      changed += await run();
    } catch (err) {
      failed ??= { err };
    }
  if (failed) throw failed.err;
  return changed;
}

/**
 * Runs applyAllDue every `everyMs` on the clock `clock` (default: the real one); returns a function that stops it and
 * resolves once a run under way has finished (so the database closes after it).
 */
export function startScheduler(
  db: Kysely<Database>,
  opts: {
    everyMs: number;
    clock?: () => Date;
    described?: readonly ResourceDescription[];
    log: { warn(obj: object, msg: string): void };
  },
): () => Promise<void> {
  const clock = opts.clock ?? (() => new Date());
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = applyAllDue(db, opts.described ?? [], clock())
      .then(() => undefined)
      .catch((err: unknown) => opts.log.warn({ err }, 'the scheduled changes could not be applied'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, opts.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
