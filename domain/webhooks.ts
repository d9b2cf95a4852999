import { z } from 'zod';
import { said } from './translate.js';
import { textAllowed } from './text.js';

/** The most receivers a console keeps (each change is one outbox row per receiver). */
export const MAX_WEBHOOKS = 20;

/** What a delivery can be: waiting for its first try, waiting to try again, done, or given up after a day. */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What an event is about: the kinds of committed change (core/events.ts), plus the page's test event. */
export const EVENT_KINDS = ['product', 'user', 'language', 'appStatus', 'record', 'test'] as const;

/** A receiver's address: http(s), no user name or password in it, at most 2000 characters. */
export const WebhookUrl = z
  .string()
  .trim()
  .max(2000, said('errors.tooLong', { max: 2000 }))
  .refine((s) => textAllowed(s, 'line') && plainHttpUrl(s), said('webhooks.badUrl'));

/** True when `s` parses as an http(s) URL without credentials. */
function plainHttpUrl(s: string): boolean {
  if (!URL.canParse(s)) return false;
  const u = new URL(s);
  return (
    (u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === '' && u.hostname !== ''
  );
}

/** Add a receiver. */
export const WebhookCreate = z.object({ url: WebhookUrl }).strict();
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/** A receiver as admins see it (its secret only in the answer that made it). */
export const Webhook = z.object({ id: z.string(), url: z.string(), created: z.string() });
export type Webhook = z.infer<typeof Webhook>;

/** The answer to adding a receiver: the receiver and its signing secret, shown this once. */
export const NewWebhook = Webhook.extend({ secret: z.string() });
export type NewWebhook = z.infer<typeof NewWebhook>;

/** One delivery of one event to one receiver, and how it went. */
export const Delivery = z.object({
  id: z.string(),
  webhookId: z.string(),
  url: z.string(),
  kind: z.enum(EVENT_KINDS),
  /** The event's record id (a product's id, a user's uid, 'en', …), as sent. */
  recordId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, when it answered. */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAt: z.string().nullable(),
  created: z.string(),
  finished: z.string().nullable(),
});
export type Delivery = z.infer<typeof Delivery>;

/** Send a test event to a receiver. */
export const TestEventRequest = z.object({ webhookId: z.string().max(64) }).strict();

/** The event a receiver gets (JSON body of the POST). `version` is null for records without one (users, app status). */
export const WebhookEvent = z.object({
  id: z.string(),
  kind: z.enum(EVENT_KINDS),
  recordId: z.string(),
  version: z.number().int().nullable(),
  time: z.string(),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;
