import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { chunks, now } from '../db/index.js';
import { MAX_WEBHOOKS, type NewWebhook, type Webhook, type WebhookEvent } from '../../domain/webhooks.js';
import { isPrivateAddress, literalAddress } from '../lib/address.js';
import { newSecret } from '../lib/signature.js';
import { DomainError } from './errors.js';
import type { Change } from './events.js';
import { said } from '../../domain/translate.js';

/** Every receiver, oldest first (its secret stays in the database). */
export async function listWebhooks(db: Kysely<Database>): Promise<Webhook[]> {
  return db.selectFrom('webhooks').select(['id', 'url', 'created']).orderBy('created').orderBy('id').execute();
}

/**
 * Adds a receiver with a new signing secret, answered this once. A host written as a loopback or private IP address
 * is refused here unless `allowPrivate`; a name is checked each time a delivery connects (lib/post.ts).
 */
export async function createWebhook(
  db: Kysely<Database>,
  actor: { uid: string },
  url: string,
  allowPrivate: boolean,
): Promise<NewWebhook> {
  const literal = literalAddress(new URL(url).hostname);
  if (!allowPrivate && (literal !== null ? isPrivateAddress(literal) : /^localhost\.?$/i.test(new URL(url).hostname))) {
    throw new DomainError('validation', said('webhooks.privateAddress'), [
      { path: 'body/url', message: said('webhooks.privateAddress') },
    ]);
  }
  const { count } = await db
    .selectFrom('webhooks')
    .select((e) => e.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_WEBHOOKS)
    throw new DomainError('validation', said('webhooks.tooMany', { max: MAX_WEBHOOKS }));
  const row = { id: randomUUID(), url, secret: newSecret(), created: now(), created_by: actor.uid };
  await db.insertInto('webhooks').values(row).execute();
  return { id: row.id, url: row.url, created: row.created, secret: row.secret };
}

/** Removes a receiver and its deliveries. */
export async function deleteWebhook(db: Kysely<Database>, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
    const { numDeletedRows } = await tx.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
    if (numDeletedRows === 0n) throw new DomainError('not_found', said('webhooks.notFound'));
  });
}

/** The event a committed change becomes: which record and its version, never more (a user's is only the uid). */
export function eventOf(change: Change, time = now()): WebhookEvent {
  const base = { id: randomUUID(), time };
  switch (change.kind) {
    case 'product':
    case 'language':
      return { ...base, kind: change.kind, recordId: change.id, version: change.version };
    case 'record':
      return { ...base, kind: 'record', recordId: `${change.resource}/${change.id}`, version: change.version };
    case 'user':
      return { ...base, kind: 'user', recordId: change.id, version: null };
    case 'appStatus':
      return { ...base, kind: 'appStatus', recordId: change.id, version: null };
  }
}

/**
 * Writes one outbox row per receiver (all, or only `webhookId`) and event; answers the rows' ids. The receivers are
 * read once for the whole batch, so an import of 10,000 rows costs one read and a few inserts, and none without
 * receivers.
 */
export async function enqueue(
  db: Kysely<Database>,
  events: readonly WebhookEvent[],
  webhookId?: string,
): Promise<string[]> {
  if (events.length === 0) return [];
  let q = db.selectFrom('webhooks').select('id');
  if (webhookId !== undefined) q = q.where('id', '=', webhookId);
  const receivers = await q.execute();
  if (receivers.length === 0) return [];
  const created = now();
  const rows = events.flatMap((event) => {
    const body = JSON.stringify(event);
    return receivers.map((r) => ({
      id: randomUUID(),
      webhook_id: r.id,
      kind: event.kind,
      body,
      status: 'pending',
      attempts: 0,
      next_at: created,
      claimed_by: null,
      claimed_until: null,
      last_status: null,
      last_error: null,
      created,
      finished: null,
    }));
  });
  for (const part of chunks(rows)) await db.insertInto('webhook_deliveries').values(part).execute();
  return rows.map((r) => r.id);
}

/** Queues a test event for one receiver; answers the delivery's id. */
export async function queueTestEvent(db: Kysely<Database>, webhookId: string): Promise<string> {
  const [id] = await enqueue(
    db,
    [{ id: randomUUID(), kind: 'test', recordId: webhookId, version: null, time: now() }],
    webhookId,
  );
  if (id === undefined) throw new DomainError('not_found', said('webhooks.notFound'));
  return id;
}
