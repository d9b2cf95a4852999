import type { Kysely, Selectable } from 'kysely';
import type { Database, HistoryTable } from '../db/schema.js';
import { chunks, now } from '../db/index.js';
import { readRows } from '../db/read.js';
import type { HistoryAction, HistoryDiff, HistoryEntry, HistoryKind } from '../../domain/history.js';
import { DomainError } from './errors.js';
import { said } from '../../domain/translate.js';
import { idsOf, labelOf, referencesOf, type ResourceDescription } from '../../domain/resourceDescription.js';
import { productDescription } from '../../domain/productDescription.js';

// The change history, in one place: every core change goes through commit() (core/commit.ts), which calls record()
// in the change's own transaction, so a change and its entry commit together or not at all, on both databases. It is
// not an after-commit listener (core/events.ts): a listener runs after the commit, and a crash between the two would
// lose the entry.

type Row = Selectable<HistoryTable>;

/** One change to record: which record, what happened, and the field-level difference. */
export interface NewEntry {
  kind: HistoryKind;
  /** The described resource's name (kind 'record'). */
  resource?: string;
  recordId: string;
  action: HistoryAction;
  diff: HistoryDiff;
  /** The bulk edit it is part of (migration 015). */
  batch?: string;
}

// The field-level difference is the browser's too (a described resource's history over Firestore).
export { diffOf } from '../../domain/history.js';

/** The name the acting user has now, kept in the entry so a later rename does not rewrite history. */
async function nameOf(trx: Kysely<Database>, actor: string | null): Promise<string> {
  if (!actor) return '';
  const [u] = await readRows<{ first_name: string; last_name: string }>(
    trx,
    'select first_name, last_name from users where id = ?',
    [actor],
  );
  return u ? `${u.first_name} ${u.last_name}`.trim() : '';
}

/**
 * Records changes made by `actor` (null: the operator's command line or the first start) inside `trx`, the
 * transaction of the change itself. A 'changed' entry whose difference is empty (a save that changed nothing) is not
 * kept. Passwords never reach here: no caller passes one.
 */
export async function record(trx: Kysely<Database>, actor: string | null, entries: readonly NewEntry[]): Promise<void> {
  const kept = entries.filter((e) => e.action !== 'changed' || Object.keys(e.diff).length > 0);
  if (kept.length === 0) return;
  const at = now();
  const actorName = await nameOf(trx, actor);
  const rows = kept.map((e) => ({
    at,
    actor,
    actor_name: actorName,
    kind: e.kind,
    resource: e.resource ?? null,
    record_id: e.recordId,
    action: e.action,
    diff: JSON.stringify(e.diff),
    batch: e.batch ?? null,
  }));
  for (const part of chunks(rows)) await trx.insertInto('history').values(part).execute();
}

/** A history row as the API shapes it. */
export function toEntry(r: Row): HistoryEntry {
  return {
    id: String(r.seq),
    at: r.at,
    actor: r.actor,
    actorName: r.actor_name,
    kind: r.kind as HistoryKind,
    resource: r.resource,
    recordId: r.record_id,
    action: r.action as HistoryAction,
    diff: JSON.parse(r.diff) as HistoryDiff,
    batch: r.batch ?? null,
  };
}

/**
 * What a history list may be narrowed to: one record, or the Activity page's person, kind and days (UTC, inclusive).
 */
export interface HistoryFilter {
  record?: { kind: HistoryKind; id: string; resource?: string };
  person?: string;
  kind?: HistoryKind;
  action?: HistoryAction;
  from?: string;
  to?: string;
  /** Only entries of these kinds, and of these described resources (kind 'record'): what the reader may read. */
  readable?: { kinds: readonly HistoryKind[]; resources: readonly string[] };
}

/** The day after a YYYY-MM-DD day, as the start of that day in ISO text. */
const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** One page of entries, newest first (by sequence), after an optional entry id, narrowed by a filter. */
export async function listHistory(
  db: Kysely<Database>,
  filter: HistoryFilter,
  opts: { limit: number; after: number | null },
  /** The described resources served, so their records' entries are labelled too (by their label field). */
  resources: readonly ResourceDescription[] = [],
): Promise<{ items: HistoryEntry[]; more: boolean }> {
  if (filter.from && filter.to && filter.from > filter.to)
    throw new DomainError('validation', said('history.badRange'));
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (filter.record) add('kind = ? and record_id = ?', filter.record.kind, filter.record.id);
  if (filter.record?.resource) add('resource = ?', filter.record.resource);
  if (filter.person) add('actor = ?', filter.person);
  if (filter.kind) add('kind = ?', filter.kind);
  if (filter.action) add('action = ?', filter.action);
  if (filter.from) add('at >= ?', `${filter.from}T00:00:00.000Z`);
  if (filter.to) add('at < ?', dayAfter(filter.to));
  if (opts.after !== null) add('seq < ?', opts.after);
  if (filter.readable) {
    // In the query itself, so a page, its cursor and its bulk counts see only what the reader may read.
    const { kinds, resources: named } = filter.readable;
    const ofKinds = kinds.filter((k) => k !== 'record');
    const either = [
      ...(ofKinds.length > 0 ? [`kind in (${ofKinds.map(() => '?').join(', ')})`] : []),
      ...(named.length > 0 ? [`(kind = 'record' and resource in (${named.map(() => '?').join(', ')}))`] : []),
    ];
    add(either.length > 0 ? `(${either.join(' or ')})` : '1 = 0', ...ofKinds, ...named);
  }
  // Activity shows a bulk edit as its one summary line; each product's own entry stays in that product's history.
  if (!filter.record) add("(batch is null or action in ('bulkChanged', 'bulkUndone'))");
  const text =
    `select * from history ${where.length > 0 ? `where ${where.join(' and ')} ` : ''}order ` + `by seq desc limit ?`;
  const rows = await readRows<Row>(db, text, [...params, opts.limit + 1]);
  const items = rows.slice(0, opts.limit).map(toEntry);
  // One record's own history (its edit page's panel) needs no names for it, only its references'.
  const named = await withValueLabels(db, items, resources);
  return {
    items: filter.record ? named : await withCounts(db, await withLabels(db, named, resources)),
    more: rows.length > opts.limit,
  };
}

/**
 * Each described record's and product's entry with the labels of the references its diff holds (`labels`, by id: the
 * label field of the record pointed to, as a record's answer carries them), read in one query per resource pointed to
 * for the page. A record no longer there has none, and the screens show its id.
 */
async function withValueLabels(
  db: Kysely<Database>,
  entries: HistoryEntry[],
  resources: readonly ResourceDescription[],
): Promise<HistoryEntry[]> {
  const wanted = new Map<string, Set<string>>();
  const refsOf = (e: HistoryEntry) => {
    const d =
      e.kind === 'record'
        ? resources.find((x) => x.name === e.resource)
        : e.kind === 'product'
          ? productDescription
          : undefined;
    return d ? referencesOf(d) : [];
  };
  for (const e of entries)
    for (const { field, to } of refsOf(e))
      for (const v of (e.diff[field] ?? []).flatMap(idsOf)) wanted.set(to, (wanted.get(to) ?? new Set()).add(v));
  if (wanted.size === 0) return entries;
  const labels = new Map<string, string>();
  for (const [to, ids] of wanted) {
    const target = resources.find((d) => d.name === to);
    if (!target) continue;
    const list = [...ids];
    // Names from the descriptions, never from a request.
    const rows = await readRows<{ id: string; label: unknown }>(
      db,
      `select id, "${labelOf(target)}" as label from "${to}" where id in (${list.map(() => '?').join(', ')})`,
      list,
    );
    for (const r of rows) labels.set(`${to}:${r.id}`, String(r.label));
  }
  return entries.map((e) => {
    const its: Record<string, string> = {};
    for (const { field, to } of refsOf(e))
      for (const v of (e.diff[field] ?? []).flatMap(idsOf)) {
        const label = labels.get(`${to}:${v}`);
        if (label !== undefined) its[v] = label;
      }
    return Object.keys(its).length > 0 ? { ...e, labels: its } : e;
  });
}

/** Each bulk edit's summary line with the number of products its entries changed, in one query for the page. */
async function withCounts(db: Kysely<Database>, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  const batches = entries
    .filter((e) => e.batch && (e.action === 'bulkChanged' || e.action === 'bulkUndone'))
    .map((e) => e.batch!);
  if (batches.length === 0) return entries;
  const marks = batches.map(() => '?').join(', ');
  const rows = await readRows<{ batch: string; n: number | string }>(
    db,
    `select batch, count(*) as n from history where batch in (${marks}) and action = 'changed' group by batch`,
    batches,
  );
  const counts = new Map(rows.map((r) => [r.batch, Number(r.n)]));
  return entries.map((e) => (e.batch && e.action.startsWith('bulk') ? { ...e, count: counts.get(e.batch) ?? 0 } : e));
}

/**
 * Each entry's record as staff know it now: a product by its SKU, a user by their name (or email), a described
 * resource's record by its label field (labelOf), read in one query per kind (per resource) for the whole page. A
 * record no longer there keeps a null label, and the list falls back to its id.
 */
export async function withLabels<E extends Pick<HistoryEntry, 'kind' | 'resource' | 'recordId'>>(
  db: Kysely<Database>,
  entries: E[],
  resources: readonly ResourceDescription[],
): Promise<(E & { recordLabel: string | null })[]> {
  const ids = (kind: HistoryKind) => [...new Set(entries.filter((e) => e.kind === kind).map((e) => e.recordId))];
  const labels = new Map<string, string>();
  const products = ids('product');
  if (products.length > 0) {
    for (const p of await db.selectFrom('products').select(['id', 'sku']).where('id', 'in', products).execute())
      labels.set(`product:${p.id}`, p.sku);
    // A deleted product (its description's `access.delete`) is named by the SKU its 'deleted' entry holds.
    const gone = products.filter((id) => !labels.has(`product:${id}`));
    if (gone.length > 0) {
      const deleted = await db
        .selectFrom('history')
        .select(['record_id', 'diff'])
        .where('kind', '=', 'product')
        .where('action', '=', 'deleted')
        .where('record_id', 'in', gone)
        .execute();
      for (const e of deleted) {
        const was = (JSON.parse(e.diff) as HistoryDiff).sku?.[0];
        if (typeof was === 'string' && was !== '') labels.set(`product:${e.record_id}`, was);
      }
    }
  }
  // An account event's record is the account's user.
  const users = [...new Set([...ids('user'), ...ids('account')])];
  if (users.length > 0) {
    const found = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', users)
      .execute();
    for (const u of found) {
      const label = `${u.first_name} ${u.last_name}`.trim() || u.email;
      labels.set(`user:${u.id}`, label);
      labels.set(`account:${u.id}`, label);
    }
  }
  for (const d of resources) {
    const ids = [
      ...new Set(entries.filter((e) => e.kind === 'record' && e.resource === d.name).map((e) => e.recordId)),
    ];
    if (ids.length === 0) continue;
    // Names from the description, never from a request.
    const rows = await readRows<{ id: string; label: unknown }>(
      db,
      `select id, "${labelOf(d)}" as label from "${d.name}" where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const r of rows) labels.set(`record:${d.name}:${r.id}`, String(r.label));
    // A deleted record is named as it was when deleted: its 'deleted' entry holds every value it had.
    const gone = ids.filter((id) => !labels.has(`record:${d.name}:${id}`));
    if (gone.length > 0) {
      const deleted = await db
        .selectFrom('history')
        .select(['record_id', 'diff'])
        .where('kind', '=', 'record')
        .where('resource', '=', d.name)
        .where('action', '=', 'deleted')
        .where('record_id', 'in', gone)
        .execute();
      for (const e of deleted) {
        const was = (JSON.parse(e.diff) as HistoryDiff)[labelOf(d)]?.[0];
        if (typeof was === 'string' && was !== '') labels.set(`record:${d.name}:${e.record_id}`, was);
      }
    }
  }
  const keyOf = (e: E) => (e.kind === 'record' ? `record:${e.resource}:${e.recordId}` : `${e.kind}:${e.recordId}`);
  return entries.map((e) => ({ ...e, recordLabel: labels.get(keyOf(e)) ?? null }));
}

/** The entry with this id; not found otherwise. */
export async function getEntry(db: Kysely<Database>, id: number): Promise<HistoryEntry> {
  const [r] = await readRows<Row>(db, 'select * from history where seq = ?', [id]);
  if (!r) throw new DomainError('not_found', said('history.notFound'));
  return toEntry(r);
}

/** Removes entries older than `keepDays` days (HISTORY_KEEP_DAYS); answers how many went. */
export async function pruneHistory(db: Kysely<Database>, keepDays: number, at = Date.now()): Promise<number> {
  const before = new Date(at - keepDays * 86_400_000).toISOString();
  const res = await db.deleteFrom('history').where('at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
