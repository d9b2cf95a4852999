import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { chunks, now } from '../db/index.js';
import { readRows } from '../db/read.js';
import {
  BULK_BATCH,
  BULK_MAX,
  type ProductIds,
  type BulkItem,
  type BulkRequest,
  type BulkResult,
  type BulkSet,
  type BulkUndoResult,
} from '../../domain/productBulk.js';
import { diffOf, type HistoryDiff } from '../../domain/history.js';
import { productDescription } from '../../domain/productFields.js';
import { undoChange } from '../../domain/recordHistory.js';
import { activeTooEarly } from '../../domain/schedule.js';
import { commit } from './commit.js';
import { DomainError } from './errors.js';
import type { Change } from './events.js';
import type { NewEntry } from './history.js';
import { productColumns } from './products.js';
import { productConditions, rarestWord, type ProductFilter } from './productSearch.js';
import { said } from '../../domain/translate.js';

/** The fields a bulk change may set, as the API and the history name them. */
const FIELDS = ['active', 'category', 'mc'] as const;
type Field = (typeof FIELDS)[number];
type Values = Partial<Record<Field, boolean | string>>;

/** What a bulk change's rows are read as: enough to decide each product's outcome and record its difference. */
interface Lean {
  id: string;
  sku: string;
  version: number;
  active: number | boolean;
  category: string;
  mc: string;
  active_from: string | null;
}

const valuesOf = (r: Lean): Record<Field, boolean | string> => ({
  active: Boolean(r.active),
  category: r.category,
  mc: r.mc,
});

/** The products with these ids, locked until the transaction ends on PostgreSQL (SQLite's one writer needs no lock). */
async function readLocked(trx: Kysely<Database>, ids: readonly string[]): Promise<Map<string, Lean>> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const marks = ids.map(() => '?').join(', ');
  const text =
    `select id, sku, version, active, category, mc, active_from from products ` +
    `where id in (${marks})${postgres ? ' order by id for update' : ''}`;
  return new Map((await readRows<Lean>(trx, text, ids)).map((r) => [r.id, r]));
}

/** Sets the same values on these products, each one version on (their rows are locked, their versions checked). */
async function setOn(trx: Kysely<Database>, actor: string, ids: readonly string[], values: Values): Promise<void> {
  if (ids.length === 0) return;
  const set = Object.entries(productColumns(values)).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  await sql`update products set ${sql.join(set)}, version = version + 1, updated = ${now()}, updated_by = ${actor}
    where id in (${sql.join(ids)})`.execute(trx);
}

/** A bulk change's summary entry: the batch it began, as the one line Activity shows. */
async function summaryOf(
  db: Kysely<Database>,
  batch: string,
): Promise<{ actor: string | null; diff: string } | undefined> {
  const [row] = await readRows<{ actor: string | null; diff: string }>(
    db,
    "select actor, diff from history where batch = ? and action = 'bulkChanged'",
    [batch],
  );
  return row;
}

/**
 * Holds a batch for the rest of the transaction (PostgreSQL: the lock of its summary row; SQLite's one writer needs
 * none), so that whether it was undone is read and acted on by one transaction at a time: two Undos of one batch at
 * the same moment give 200 and 409 on both databases, and a change cannot continue a batch while it is being undone.
 */
async function holdBatch(trx: Kysely<Database>, batch: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select seq from history where batch = ${batch} and action = 'bulkChanged' for update`.execute(trx);
}

/** True when a batch was undone already. */
async function undone(db: Kysely<Database>, batch: string): Promise<boolean> {
  const rows = await readRows<{ seq: number }>(
    db,
    "select seq from history where kind = 'product' and record_id = ? and action = 'bulkUndone'",
    [batch],
  );
  return rows.length > 0;
}

/**
 * True when setting `values` would make a product active that is not, while its 'Active from' is still to come:
 * refused, as an edit is (domain/schedule.ts). One already active keeps its status as it is.
 */
const tooEarly = (r: Lean, values: Values, at: string): boolean =>
  values.active === true &&
  !r.active &&
  activeTooEarly({ active: true, activeFrom: r.active_from, activeUntil: null }, at);

/** The set as the summary records it: {field: [null, value]}. */
const setDiff = (set: BulkSet): HistoryDiff =>
  Object.fromEntries(FIELDS.filter((f) => set[f] !== undefined).map((f) => [f, [null, set[f]!]]));

/**
 * Sets a status, category or material care on many products (editors). Each product changes only from the version
 * it was selected at (else 'conflict'); one already so is 'unchanged'; one gone is 'refused'. One transaction, one
 * announcement and one history insert per `BULK_BATCH` products; each changed product gets its own entry, and the
 * batch one summary entry, which is the batch's one line in Activity and what its Undo names. A batch begins with the
 * first product it changes (the transaction that changes it writes the summary, and the answer names the batch from
 * then on); `batch` continues it, by the same person with the same set. A change that changed nothing (every id
 * unknown, say) begins no batch and writes no line.
 */
export async function bulkChange(db: Kysely<Database>, actor: { uid: string }, req: BulkRequest): Promise<BulkResult> {
  const diff = setDiff(req.set);
  const batch = req.batch;
  if (batch !== undefined) {
    const summary = await summaryOf(db, batch);
    if (!summary) throw new DomainError('not_found', said('bulk.batchNotFound'));
    if (summary.actor !== actor.uid || summary.diff !== JSON.stringify(diff))
      throw new DomainError('validation', said('bulk.batchMismatch'));
  }
  // The batch's id: the one continued, or a new one once this change first changes a product.
  let id = batch;
  const items: BulkItem[] = [];
  const fields = FIELDS.filter((f) => req.set[f] !== undefined);
  for (const part of chunks(req.ids, BULK_BATCH)) {
    const out = await commit(db, actor.uid, async (trx) => {
      if (batch !== undefined) {
        // Read inside the transaction, the batch held: an Undo under way finishes first, and this one is refused.
        await holdBatch(trx, batch);
        if (await undone(trx, batch)) throw new DomainError('conflict', said('bulk.alreadyUndone'));
      }
      const rows = await readLocked(trx, part);
      const at = now();
      const done: BulkItem[] = [];
      const changed: Lean[] = [];
      for (const pid of part) {
        const r = rows.get(pid);
        if (!r) done.push({ id: pid, outcome: 'refused', reason: said('bulk.notFound') });
        else if (r.version !== req.versions[pid])
          done.push({ id: pid, sku: r.sku, outcome: 'conflict', version: r.version, reason: said('bulk.conflict') });
        else if (fields.every((f) => valuesOf(r)[f] === req.set[f]))
          done.push({ id: pid, sku: r.sku, outcome: 'unchanged', version: r.version });
        else if (tooEarly(r, req.set, at))
          done.push({ id: pid, sku: r.sku, outcome: 'refused', version: r.version, reason: said('schedule.notYet') });
        else {
          changed.push(r);
          done.push({ id: pid, sku: r.sku, outcome: 'changed', version: r.version + 1 });
        }
      }
      await setOn(
        trx,
        actor.uid,
        changed.map((r) => r.id),
        req.set,
      );
      const begins = id === undefined && changed.length > 0;
      const batchId = begins ? randomUUID() : id;
      const history: NewEntry[] = changed.map((r) => ({
        kind: 'product',
        recordId: r.id,
        action: 'changed',
        // The set fields only: the lean read holds no others, and the others do not change.
        diff: diffOf(
          Object.fromEntries(fields.map((f) => [f, valuesOf(r)[f]])),
          Object.fromEntries(fields.map((f) => [f, req.set[f]!])),
        ),
        batch: batchId,
      }));
      if (begins && batchId)
        history.push({ kind: 'product', recordId: batchId, action: 'bulkChanged', diff, batch: batchId });
      const announce: Change[] = changed.map((r) => ({
        kind: 'product',
        id: r.id,
        version: r.version + 1,
        actor: actor.uid,
      }));
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
 * Undoes a whole bulk change (editors): each product it changed goes back to its old values, unless one of those
 * fields changed again since (single undo's rule, core/historyUndo.ts); those, and products since removed, are left
 * alone and listed. Each product set back gets its own entry, and the undo one summary line ('bulkUndone'), in
 * transactions of `BULK_BATCH`.
 */
export async function undoBulk(db: Kysely<Database>, actor: { uid: string }, batch: string): Promise<BulkUndoResult> {
  if (!(await summaryOf(db, batch))) throw new DomainError('not_found', said('bulk.batchNotFound'));
  // A quick answer for the common case; the check that counts is inside the first transaction, the batch held.
  if (await undone(db, batch)) throw new DomainError('conflict', said('bulk.alreadyUndone'));
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
        if (await undone(trx, batch)) throw new DomainError('conflict', said('bulk.alreadyUndone'));
      }
      const rows = await readLocked(
        trx,
        part.map((e) => e.record_id),
      );
      const at = now();
      const history: NewEntry[] = [];
      const announce: Change[] = [];
      // Products going back to the same old values are set in one statement.
      const groups = new Map<string, { values: Values; ids: string[] }>();
      for (const e of part) {
        const diff = JSON.parse(e.diff) as HistoryDiff;
        const r = rows.get(e.record_id);
        if (!r) {
          left.push({ id: e.record_id, sku: null, reason: said('bulk.notFound') });
          continue;
        }
        // The engine's undo of one change (domain/recordHistory.ts): null when a field changed again since.
        const values = undoChange(productDescription, { diff }, valuesOf(r)) as Values | null;
        if (!values) {
          left.push({ id: r.id, sku: r.sku, reason: said('bulk.changedSince') });
          continue;
        }
        if (tooEarly(r, values, at)) {
          left.push({ id: r.id, sku: r.sku, reason: said('schedule.notYet') });
          continue;
        }
        const key = JSON.stringify(values);
        const group = groups.get(key) ?? { values, ids: [] };
        group.ids.push(r.id);
        groups.set(key, group);
        history.push({
          kind: 'product',
          recordId: r.id,
          action: 'changed',
          diff: Object.fromEntries(Object.entries(diff).map(([f, [a, b]]) => [f, [b, a]])),
          batch: id,
        });
        announce.push({ kind: 'product', id: r.id, version: r.version + 1, actor: actor.uid });
      }
      for (const g of groups.values()) await setOn(trx, actor.uid, g.ids, g.values);
      if (k === 0) history.push({ kind: 'product', recordId: batch, action: 'bulkUndone', diff: {}, batch: id });
      return { value: announce.length, history, announce };
    });
  }
  return { batch: id, undone: count, left };
}

/**
 * The id and version of every product a search and filters match, in the list's order, up to BULK_MAX: what 'Select
 * all N matching' selects. The same conditions as the list (core/productSearch.ts), read without the rows' texts;
 * PostgreSQL looks the rarest word up in the trigram index, SQLite in products_fts when it has at most BULK_MAX
 * matches.
 */
export async function listProductIds(db: Kysely<Database>, filter: ProductFilter): Promise<ProductIds> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const lookedUp = postgres ? (await rarestWord(db, filter, 1000)).word : undefined;
  const c = await productConditions(db, filter, BULK_MAX, lookedUp);
  const where = c.where.length > 0 ? `where ${c.where.join(' and ')} ` : '';
  const rows = await readRows<{ id: string; version: number }>(
    db,
    `select id, version from products ${where}order by sku desc, id desc limit ?`,
    [...c.params, BULK_MAX + 1],
    c.planned,
  );
  return {
    items: rows.slice(0, BULK_MAX).map((r) => ({ id: r.id, version: Number(r.version) })),
    more: rows.length > BULK_MAX,
  };
}
