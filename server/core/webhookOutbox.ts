import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../db/schema.js';
import { readPage } from '../db/read.js';
import type { Delivery, DeliveryStatus, WebhookEvent } from '../../domain/webhooks.js';
import { nextTry, type RetryPolicy } from './deliveryRetry.js';

type Row = Selectable<WebhookDeliveriesTable>;

/** A delivery row as the page shows it. */
function toDelivery(r: Row & { url: string }): Delivery {
  const event = JSON.parse(r.body) as WebhookEvent;
  return {
    id: r.id,
    webhookId: r.webhook_id,
    url: r.url,
    kind: event.kind,
    recordId: event.recordId,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    nextAt: r.status === 'pending' || r.status === 'retrying' ? r.next_at : null,
    created: r.created,
    finished: r.finished,
  };
}

/** One page of deliveries, newest first, after an optional cursor. */
export async function listDeliveries(
  db: Kysely<Database>,
  opts: { limit: number; after: { key: string; id: string } | null },
): Promise<{ items: Delivery[]; more: boolean }> {
  const rows = await readPage<Row>(
    db,
    { table: 'webhook_deliveries', key: 'created', order: 'desc' },
    opts.after,
    opts.limit,
  );
  const ids = [...new Set(rows.map((r) => r.webhook_id))];
  const urls = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('webhooks').select(['id', 'url']).where('id', 'in', ids).execute()).map((w) => [
          w.id,
          w.url,
        ]),
  );
  const items = rows.slice(0, opts.limit).map((r) => toDelivery({ ...r, url: urls.get(r.webhook_id) ?? '' }));
  return { items, more: rows.length > opts.limit };
}

/** A delivery claimed for sending, with where it goes and the secret to sign it with. */
export interface Claimed {
  id: string;
  claim: string;
  url: string;
  secret: string;
  body: string;
  attempts: number;
  created: string;
}

/**
 * Claims up to `batch` due deliveries for `leaseMs`, so no other dispatcher (another instance on the same PostgreSQL)
 * sends them meanwhile: one UPDATE whose subquery skips rows another transaction has locked (PostgreSQL's
 * `for update skip locked`; SQLite has one writer at a time). A dispatcher that dies mid-send lets go when the lease
 * ends.
 */
export async function claimDue(
  db: Kysely<Database>,
  batch: number,
  leaseMs: number,
  at = new Date(),
): Promise<Claimed[]> {
  const claim = randomUUID();
  const nowText = at.toISOString();
  const until = new Date(at.getTime() + leaseMs).toISOString();
  const skipLocked = db.getExecutor().adapter instanceof PostgresAdapter ? sql` for update skip locked` : sql``;
  await sql`update webhook_deliveries set claimed_by = ${claim}, claimed_until = ${until}
    where id in (select id from webhook_deliveries
      where status in ('pending', 'retrying') and next_at <= ${nowText}
        and (claimed_until is null or claimed_until < ${nowText})
      order by next_at limit ${batch}${skipLocked})`.execute(db);
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.body', 'd.attempts', 'd.created', 'w.url', 'w.secret'])
    .where('d.claimed_by', '=', claim)
    .execute();
  return rows.map((r) => ({ ...r, claim }));
}

/** How one try went: the receiver's HTTP status, or the error when it did not answer. */
export type Outcome = { status: number; error?: undefined } | { status?: undefined; error: string };

/** Records a try: delivered on a 2xx, else retrying on the backoff schedule, or failed once a day has passed. */
export async function recordTry(
  db: Kysely<Database>,
  c: Claimed,
  outcome: Outcome,
  policy: RetryPolicy,
  at = new Date(),
): Promise<DeliveryStatus> {
  const attempts = c.attempts + 1;
  const ok = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
  const error = ok ? null : (outcome.error ?? `HTTP ${outcome.status}`).slice(0, 500);
  const retryAt = ok ? null : nextTry(Date.parse(c.created), attempts, at.getTime(), policy);
  const status: DeliveryStatus = ok ? 'delivered' : retryAt === null ? 'failed' : 'retrying';
  await db
    .updateTable('webhook_deliveries')
    .set({
      status,
      attempts,
      last_status: outcome.status ?? null,
      last_error: error,
      next_at: retryAt === null ? at.toISOString() : new Date(retryAt).toISOString(),
      finished: status === 'delivered' || status === 'failed' ? at.toISOString() : null,
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', c.id)
    .where('claimed_by', '=', c.claim)
    .execute();
  return status;
}

/**
 * Deletes delivered and failed deliveries finished before `before` (pending and retrying ones stay); answers how many.
 */
export async function pruneDeliveries(db: Kysely<Database>, before: Date): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['delivered', 'failed'])
    .where('finished', '<', before.toISOString())
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/**
 * Lets go of claims at once (this instance is shutting down): their rows, unless a try was recorded meanwhile, are
 * due again for any dispatcher, as they were, without waiting for the lease to run out. Answers how many.
 */
export async function releaseClaims(db: Kysely<Database>, claims: readonly string[]): Promise<number> {
  if (claims.length === 0) return 0;
  const { numUpdatedRows } = await db
    .updateTable('webhook_deliveries')
    .set({ claimed_by: null, claimed_until: null })
    .where('claimed_by', 'in', claims)
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

/**
 * The outbox's backlog: deliveries not yet delivered nor given up (pending or retrying), and when the oldest was made.
 */
export async function outboxBacklog(db: Kysely<Database>): Promise<{ depth: number; oldest: string | null }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.countAll<number | string>().as('depth'), eb.fn.min('created').as('oldest')])
    .where('status', 'in', ['pending', 'retrying'])
    .executeTakeFirstOrThrow();
  return { depth: Number(row.depth), oldest: row.oldest ?? null };
}
