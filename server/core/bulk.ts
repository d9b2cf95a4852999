import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { chunks, now } from '../db/index.js';
import { readRows } from '../db/read.js';
import {
  BULK_BATCH,
  type AnyBulkRequest,
  type BulkItem,
  type BulkResult,
  type BulkUndoResult,
} from '../../domain/bulk.js';
import { diffOf, type HistoryDiff } from '../../domain/history.js';
import { undoChange, type HistoryOwner } from '../../domain/recordHistory.js';
import type { ResourceDescription } from '../../domain/resourceDescription.js';
import { said, type Said } from '../../domain/translate.js';
import { commit } from './commit.js';
import { DomainError } from './errors.js';
import type { Change } from './events.js';
import type { NewEntry } from './history.js';

// Bulk edit, the engine's: one path for products (core/productBulk.ts) and every described resource with `bulk: true`
// (core/described.ts, bulkTarget). Locked reads, each record changed only from the version it was selected at, one
// transaction, announcement and history insert per BULK_BATCH records through commit(), one summary line per batch
// ('bulkChanged', Activity's one line) and one Undo of the whole batch.

type Row = Record<string, unknown>;
type Values = Record<string, unknown>;

/** What the engine needs of a resource: its table, whose history, its settable fields and how they are stored. */
export interface BulkTarget {
  table: string;
  owner: HistoryOwner;
  /** Its description (the undo of one change, domain/recordHistory.ts). */
  description: ResourceDescription;
  /** The fields a bulk change may set, as the API and the history name them. */
  fields: readonly string[];
  /** The column a record is named by in an outcome, and the outcome's key for it ('sku' for a product). */
  label: { column: string; key: 'sku' | 'label' };
  /** Other columns `refuse` reads. */
  extra?: readonly string[];
  /** A row's values of `fields`, as the API holds them. */
  valuesOf: (row: Row) => Values;
  /** Values as the columns hold them. */
  columnsOf: (values: Values) => Row;
  /** Why this record may not take these values (a product's 'Active from' still to come), else undefined. */
  refuse?: (row: Row, values: Values, at: string) => Said | undefined;
  /** The set's own checks before anything is written (a reference's record exists); throws to refuse. */
  check?: (db: Kysely<Database>, set: Values) => Promise<void>;
  /** Why a record is refused when it is gone. */
  notFound: Said;
}

const isPostgres = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The records with these ids, locked until the transaction ends on PostgreSQL (SQLite's one writer needs no lock). */
async function readLocked(trx: Kysely<Database>, t: BulkTarget, ids: readonly string[]): Promise<Map<string, Row>> {
  const columns = ['id', 'version', t.label.column, ...t.fields, ...(t.extra ?? [])];
  const marks = ids.map(() => '?').join(', ');
  // Names from code (the description), never from a request.
  const text =
    `select ${[...new Set(columns)].map((c) => `"${c}"`).join(', ')} from "${t.table}" ` +
    `where id in (${marks})${isPostgres(trx) ? ' order by id for update' : ''}`;
  return new Map((await readRows<Row>(trx, text, ids)).map((r) => [String(r.id), r]));
}

/** Sets the same values on these records, each one version on (their rows are locked, their versions checked). */
async function setOn(trx: Kysely<Database>, t: BulkTarget, actor: string, ids: readonly string[], values: Values) {
  if (ids.length === 0) return;
  const set = Object.entries(t.columnsOf(values)).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  await sql`update ${sql.table(t.table)} set ${sql.join(set)}, version = version + 1, updated = ${now()},
    updated_by = ${actor} where id in (${sql.join(ids)})`.execute(trx);
}

/** The owner's condition on history rows ('product'; or 'record' of one resource). */
const ownerSql = (o: HistoryOwner): { text: string; params: unknown[] } =>
  o.resource === null
    ? { text: 'kind = ? and resource is null', params: [o.kind] }
    : { text: 'kind = ? and resource = ?', params: [o.kind, o.resource] };

/** A bulk change's summary entry of this resource: the batch it began, as the one line Activity shows. */
async function summaryOf(db: Kysely<Database>, t: BulkTarget, batch: string) {
  const o = ownerSql(t.owner);
  const [row] = await readRows<{ actor: string | null; diff: string }>(
    db,
    `select actor, diff from history where batch = ? and action = 'bulkChanged' and ${o.text}`,
    [batch, ...o.params],
  );
  return row;
}

/**
 * Holds a batch for the rest of the transaction (PostgreSQL: the lock of its summary row; SQLite's one writer needs
 * none), so that whether it was undone is read and acted on by one transaction at a time: two Undos of one batch at
 * the same moment give 200 and 409 on both databases, and a change cannot continue a batch while it is being undone.
 */
async function holdBatch(trx: Kysely<Database>, batch: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select seq from history where batch = ${batch} and action = 'bulkChanged' for update`.execute(trx);
}

/** True when a batch was undone already. */
async function undone(db: Kysely<Database>, t: BulkTarget, batch: string): Promise<boolean> {
  const o = ownerSql(t.owner);
  const rows = await readRows<{ seq: number }>(
    db,
    `select seq from history where ${o.text} and record_id = ? and action = 'bulkUndone'`,
    [...o.params, batch],
  );
  return rows.length > 0;
}

const entryOf = (t: BulkTarget, recordId: string, action: NewEntry['action'], diff: HistoryDiff, batch?: string) => ({
  kind: t.owner.kind,
  ...(t.owner.resource === null ? {} : { resource: t.owner.resource }),
  recordId,
  action,
  diff,
  ...(batch === undefined ? {} : { batch }),
});

const announced = (t: BulkTarget, id: string, version: number, actor: string): Change =>
  ({
    kind: t.owner.kind,
    ...(t.owner.resource === null ? {} : { resource: t.owner.resource }),
    id,
    version,
    actor,
  }) as Change;

const labelOfRow = (t: BulkTarget, r: Row) => ({ [t.label.key]: String(r[t.label.column] ?? '') });

/**
 * Sets the same values on many records (the resource's editors). Each record changes only from the version it was
 * selected at (else 'conflict'); one already so is 'unchanged'; one gone, or one the resource refuses, is 'refused'.
 * One transaction, one announcement and one history insert per `BULK_BATCH` records; each changed record gets its own
 * entry, and the batch one summary entry, which is the batch's one line in Activity and what its Undo names. A batch
 * begins with the first record it changes (the transaction that changes it writes the summary, and the answer names
 * the batch from then on); `batch` continues it, by the same person with the same set. A change that changed nothing
 * (every id unknown, say) begins no batch and writes no line.
 */
export async function bulkChange(
  db: Kysely<Database>,
  t: BulkTarget,
  actor: { uid: string },
  req: AnyBulkRequest,
): Promise<BulkResult> {
  const fields = t.fields.filter((f) => req.set[f] !== undefined);
  const set: Values = Object.fromEntries(fields.map((f) => [f, req.set[f]]));
  /** The set as the summary records it: {field: [null, value]}. */
  const diff = Object.fromEntries(fields.map((f) => [f, [null, set[f]]])) as HistoryDiff;
  const batch = req.batch;
  if (batch !== undefined) {
    const summary = await summaryOf(db, t, batch);
    if (!summary) throw new DomainError('not_found', said('bulk.batchNotFound'));
    if (summary.actor !== actor.uid || summary.diff !== JSON.stringify(diff))
      throw new DomainError('validation', said('bulk.batchMismatch'));
  }
  await t.check?.(db, set);
  // The batch's id: the one continued, or a new one once this change first changes a record.
  let id = batch;
  const items: BulkItem[] = [];
  for (const part of chunks(req.ids, BULK_BATCH)) {
    const out = await commit(db, actor.uid, async (trx) => {
      if (batch !== undefined) {
        // Read inside the transaction, the batch held: an Undo under way finishes first, and this one is refused.
        await holdBatch(trx, batch);
        if (await undone(trx, t, batch)) throw new DomainError('conflict', said('bulk.alreadyUndone'));
      }
      const rows = await readLocked(trx, t, part);
      const at = now();
      const done: BulkItem[] = [];
      const changed: { row: Row; before: Values }[] = [];
      for (const rid of part) {
        const r = rows.get(rid);
        if (!r) {
          done.push({ id: rid, outcome: 'refused', reason: t.notFound });
          continue;
        }
        const version = Number(r.version);
        const named = labelOfRow(t, r);
        const before = t.valuesOf(r);
        const refusal = t.refuse?.(r, set, at);
        if (version !== req.versions[rid])
          done.push({ id: rid, ...named, outcome: 'conflict', version, reason: said('bulk.conflict') });
        else if (fields.every((f) => sameValue(before[f], set[f])))
          done.push({ id: rid, ...named, outcome: 'unchanged', version });
        else if (refusal) done.push({ id: rid, ...named, outcome: 'refused', version, reason: refusal });
        else {
          changed.push({ row: r, before });
          done.push({ id: rid, ...named, outcome: 'changed', version: version + 1 });
        }
      }
      await setOn(
        trx,
        t,
        actor.uid,
        changed.map((c) => String(c.row.id)),
        set,
      );
      const begins = id === undefined && changed.length > 0;
      const batchId = begins ? randomUUID() : id;
      const history: NewEntry[] = changed.map((c) =>
        // The set fields only: the lean read holds no others, and the others do not change.
        entryOf(
          t,
          String(c.row.id),
          'changed',
          diffOf(
            Object.fromEntries(fields.map((f) => [f, c.before[f]])) as never,
            Object.fromEntries(fields.map((f) => [f, set[f]])) as never,
          ),
          batchId,
        ),
      );
      if (begins && batchId) history.push(entryOf(t, batchId, 'bulkChanged', diff, batchId));
      const announce = changed.map((c) => announced(t, String(c.row.id), Number(c.row.version) + 1, actor.uid));
      return { value: { done, batchId }, history, announce };
    });
    items.push(...out.done);
    id = out.batchId;
  }
  const counts = { changed: 0, unchanged: 0, conflict: 0, refused: 0 };
  for (const it of items) counts[it.outcome] += 1;
  return { ...(id === undefined ? {} : { batch: id }), items, counts };
}

/**
 * Undoes a whole bulk change (the resource's editors): each record it changed goes back to its old values, unless one
 * of those fields changed again since (single undo's rule, core/historyUndo.ts); those, and records since removed, are
 * left alone and listed. Each record set back gets its own entry, and the undo one summary line ('bulkUndone'), in
 * transactions of `BULK_BATCH`.
 */
export async function undoBulk(
  db: Kysely<Database>,
  t: BulkTarget,
  actor: { uid: string },
  batch: string,
): Promise<BulkUndoResult> {
  if (!(await summaryOf(db, t, batch))) throw new DomainError('not_found', said('bulk.batchNotFound'));
  // A quick answer for the common case; the check that counts is inside the first transaction, the batch held.
  if (await undone(db, t, batch)) throw new DomainError('conflict', said('bulk.alreadyUndone'));
  const entries = await readRows<{ record_id: string; diff: string }>(
    db,
    "select record_id, diff from history where batch = ? and action = 'changed' order by seq",
    [batch],
  );
  const id = randomUUID();
  const left: BulkUndoResult['left'] = [];
  let count = 0;
  const parts = chunks(entries, BULK_BATCH);
  // A batch that changed nothing still gets its summary line, so a second Undo is refused.
  if (parts.length === 0) parts.push([]);
  for (const [k, part] of parts.entries()) {
    count += await commit(db, actor.uid, async (trx) => {
      if (k === 0) {
        // Two Undos at the same moment: the second waits here for the first's summary line, then is refused.
        await holdBatch(trx, batch);
        if (await undone(trx, t, batch)) throw new DomainError('conflict', said('bulk.alreadyUndone'));
      }
      const rows = await readLocked(
        trx,
        t,
        part.map((e) => e.record_id),
      );
      const at = now();
      const history: NewEntry[] = [];
      const announce: Change[] = [];
      // Records going back to the same old values are set in one statement.
      const groups = new Map<string, { values: Values; ids: string[] }>();
      for (const e of part) {
        const diff = JSON.parse(e.diff) as HistoryDiff;
        const r = rows.get(e.record_id);
        if (!r) {
          left.push({ id: e.record_id, [t.label.key]: null, reason: t.notFound });
          continue;
        }
        const named = labelOfRow(t, r);
        // The engine's undo of one change (domain/recordHistory.ts): null when a field changed again since.
        const values = undoChange(t.description, { diff }, t.valuesOf(r));
        if (!values) {
          left.push({ id: String(r.id), ...named, reason: said('bulk.changedSince') });
          continue;
        }
        const refusal = t.refuse?.(r, values, at);
        if (refusal) {
          left.push({ id: String(r.id), ...named, reason: refusal });
          continue;
        }
        const key = JSON.stringify(values);
        const group = groups.get(key) ?? { values, ids: [] };
        group.ids.push(String(r.id));
        groups.set(key, group);
        const back = Object.fromEntries(Object.entries(diff).map(([f, [a, b]]) => [f, [b, a]])) as HistoryDiff;
        history.push(entryOf(t, String(r.id), 'changed', back, id));
        announce.push(announced(t, String(r.id), Number(r.version) + 1, actor.uid));
      }
      for (const g of groups.values()) await setOn(trx, t, actor.uid, g.ids, g.values);
      if (k === 0) history.push(entryOf(t, batch, 'bulkUndone', {}, id));
      return { value: announce.length, history, announce };
    });
  }
  return { batch: id, undone: count, left };
}
