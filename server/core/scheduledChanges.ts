import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../db/index.js';
import { readRows } from '../db/read.js';
import { scheduledFieldsOf, type ResourceDescription } from '../../domain/resourceDescription.js';
import { fieldSchema } from '../../domain/recordSchemas.js';
import type { HistoryValue } from '../../domain/history.js';
import { SCHEDULER_ACTOR } from '../../domain/schedule.js';
import type { ScheduledChange, ScheduledChangeCreate } from '../../domain/scheduledChanges.js';
import { issueSaid, said, type Said } from '../../domain/translate.js';
import { commit } from './commit.js';
import { DomainError } from './errors.js';
import { assertPointers } from './pointers.js';
import { getRecord, updateRecord } from './described.js';

// Scheduled changes of described records (a description's `schedule`, domain/scheduledChanges.ts): added, listed and
// cancelled by those who may edit the record, and applied by the scheduler's tick (core/schedule.ts's startScheduler)
// as an edit of the scheduler's through the engine's own versioned update, once across every instance.

type Row = Database['scheduled_changes'];

/** The most due changes one run applies; a longer backlog goes on at the next run. */
const BATCH = 200;

/**
 * The PostgreSQL advisory lock each applying transaction takes (the products' scheduler has its own): one instance
 * applies the due changes, another finds it taken and leaves the rest of its run. Any fixed number no other lock of
 * ours uses.
 */
const LEASE_KEY = 7_262_026_049;

const refuse = (field: string, message: Said) =>
  new DomainError('validation', message, [{ path: `/${field}`, message }]);

const shown = (row: Row): ScheduledChange => ({
  id: row.id,
  field: row.field,
  value: JSON.parse(row.value) as unknown,
  at: row.due,
  created: row.created,
});

/** A record's pending changes, soonest first (the record itself must exist: not found otherwise). */
export async function listScheduled(
  db: Kysely<Database>,
  r: ResourceDescription,
  id: string,
): Promise<ScheduledChange[]> {
  await getRecord(db, r, id);
  const rows = await readRows<Row>(
    db,
    'select * from scheduled_changes where resource = ? and record_id = ? order by due, id',
    [r.name, id],
  );
  return rows.map(shown);
}

/**
 * The pending changes of each of `recs` (one query for a page), answered with them as `scheduled` where they have
 * any: the list's mark beside a record.
 */
export async function withScheduled<T extends Record<string, unknown>>(
  db: Kysely<Database>,
  r: ResourceDescription,
  recs: T[],
): Promise<(T & { scheduled?: ScheduledChange[] })[]> {
  if (!r.schedule || recs.length === 0) return recs;
  const ids = recs.map((rec) => String(rec.id));
  const rows = await readRows<Row>(
    db,
    `select * from scheduled_changes where resource = ? and record_id in (${ids.map(() => '?').join(', ')}) ` +
      'order by due, id',
    [r.name, ...ids],
  );
  const by = new Map<string, ScheduledChange[]>();
  for (const row of rows) by.set(row.record_id, [...(by.get(row.record_id) ?? []), shown(row)]);
  return recs.map((rec) => {
    const pending = by.get(String(rec.id));
    return pending ? { ...rec, scheduled: pending } : rec;
  });
}

/**
 * Schedules `change` for a record: a field its description lets be scheduled, a value its own rule takes (a reference
 * to a record that exists), a time still to come (`at`, the caller's clock). Each refused naming its part, nothing
 * stored.
 */
export async function addScheduled(
  db: Kysely<Database>,
  r: ResourceDescription,
  actor: { uid: string },
  id: string,
  change: ScheduledChangeCreate,
  at: string = now(),
): Promise<ScheduledChange> {
  const spec = scheduledFieldsOf(r).find(([k]) => k === change.field)?.[1];
  if (!spec) throw refuse('field', said('scheduled.badField'));
  const parsed = fieldSchema(spec).safeParse(change.value);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message;
    throw refuse('value', first ? issueSaid(first) : said('scheduled.badValue'));
  }
  if (change.at <= at) throw refuse('at', said('schedule.past'));
  await getRecord(db, r, id);
  try {
    await assertPointers(db, r, { [change.field]: parsed.data });
  } catch (err) {
    if (err instanceof DomainError) throw refuse('value', err.said);
    throw err;
  }
  const row: Row = {
    id: randomUUID(),
    resource: r.name,
    record_id: id,
    field: change.field,
    value: JSON.stringify(parsed.data),
    due: change.at,
    created: at,
    created_by: actor.uid,
  };
  await db.insertInto('scheduled_changes').values(row).execute();
  return shown(row);
}

/** Cancels one of a record's pending changes (not found when it is not, or no longer, pending). */
export async function cancelScheduled(
  db: Kysely<Database>,
  r: ResourceDescription,
  id: string,
  changeId: string,
): Promise<void> {
  const res = await db
    .deleteFrom('scheduled_changes')
    .where('id', '=', changeId)
    .where('resource', '=', r.name)
    .where('record_id', '=', id)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw new DomainError('not_found', said('scheduled.notFound'));
}

/** A stored value (JSON), or undefined where it cannot be read (which no field's rule takes). */
const readValue = (json: string): unknown => {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
};

/** A refusal the change itself earned (its value no longer valid, its record gone): dropped, not tried again. */
const dropped = (err: unknown): boolean =>
  err instanceof DomainError &&
  (err.code === 'validation' || err.code === 'not_found' || (err.code === 'conflict' && !isStale(err)));
const isStale = (err: DomainError): boolean => err.said === said('records.stale');

/**
 * Applies every scheduled change of a described record due at `at` (the caller's clock: tests pass theirs), each once,
 * in its own transaction: the row is claimed (deleted where it still is, so of two instances one applies it), and the
 * field set through the engine's versioned update (core/described.ts, updateRecord) as the scheduler's, on the record
 * as it is then (an editor's save meanwhile is kept; a value it already has changes nothing), so its history entry,
 * webhooks, feed and live lists go through commit() as every edit's. On PostgreSQL each transaction also takes an
 * advisory lock: while another instance holds it, this one leaves the run. A change its record refuses now (its value
 * no longer valid by the field's rule, a reference's record deleted, a unique value taken, its field no longer
 * scheduled, the record gone) is dropped with a note in the record's history ('scheduleDropped') instead of stopping
 * the run; a version changed under it (PostgreSQL's concurrent save) is tried again at the next run. Answers how many
 * applied.
 */
export async function applyDueChanges(
  db: Kysely<Database>,
  all: readonly ResourceDescription[],
  at: Date,
): Promise<number> {
  const when = at.toISOString();
  // Most runs find nothing due: one read of the index.
  const due = await readRows<Row>(db, 'select * from scheduled_changes where due <= ? order by due, id limit ?', [
    when,
    BATCH,
  ]);
  if (due.length === 0) return 0;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const actor = { uid: SCHEDULER_ACTOR };
  let applied = 0;
  for (const c of due) {
    const r = all.find((d) => d.name === c.resource);
    let outcome: 'applied' | 'gone' | 'busy';
    try {
      outcome = await commit(db, SCHEDULER_ACTOR, async (trx) => {
        if (postgres) {
          const { rows } = await sql<{
            got: boolean;
          }>`select pg_try_advisory_xact_lock(${LEASE_KEY}) as got`.execute(trx);
          if (!rows[0]?.got) return { value: 'busy' as const };
        }
        const claimed = await trx.deleteFrom('scheduled_changes').where('id', '=', c.id).executeTakeFirst();
        if (Number(claimed.numDeletedRows) === 0) return { value: 'gone' as const };
        const spec = r && scheduledFieldsOf(r).find(([k]) => k === c.field)?.[1];
        if (!r || !spec) throw refuse(c.field, said('scheduled.badField'));
        const parsed = fieldSchema(spec).safeParse(readValue(c.value));
        if (!parsed.success) throw refuse(c.field, said('scheduled.badValue'));
        const current = await getRecord(trx, r, c.record_id);
        await updateRecord(trx, r, actor, c.record_id, current.version, { [c.field]: parsed.data });
        return { value: 'applied' as const };
      });
    } catch (err) {
      if (!dropped(err)) throw err;
      await dropWithNote(db, c);
      continue;
    }
    if (outcome === 'busy') break;
    if (outcome === 'applied') applied += 1;
  }
  return applied;
}

/**
 * Drops a change its record refused, with a note in the record's history: the value it would have set (the record
 * gone, its delete took its changes already; a row still here is one whose record never was).
 */
async function dropWithNote(db: Kysely<Database>, c: Row): Promise<void> {
  await commit(db, SCHEDULER_ACTOR, async (trx) => {
    const res = await trx.deleteFrom('scheduled_changes').where('id', '=', c.id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return { value: undefined };
    const value = (readValue(c.value) ?? null) as HistoryValue;
    return {
      value: undefined,
      history: [
        {
          kind: 'record',
          resource: c.resource,
          recordId: c.record_id,
          action: 'scheduleDropped',
          diff: { [c.field]: [null, value] },
        },
      ],
    };
  });
}
