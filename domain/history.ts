import { z } from 'zod';
import { searchText } from './text.js';
import { EDITABLE_PRODUCT_FIELDS, TRANSLATED_FIELDS } from './productFields.js';
import { ACCOUNT_ACTIONS } from './account.js';

/** The kinds of record the change history speaks of. */
export const HISTORY_KINDS = ['product', 'user', 'language', 'appStatus', 'record', 'account'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** What happened to the record. */
// 'account': sign-in and session events (domain/account.ts), recorded with the account's own uid as the actor.
// 'bulkChanged', 'bulkUndone': a bulk edit's one summary line (its record id is the batch's; the undone one's is the
// batch it undid), beside each product's own 'changed' entry (domain/productBulk.ts).
export const HISTORY_ACTIONS = [
  'created',
  'changed',
  'deleted',
  'keyAdded',
  'keyRemoved',
  'bulkChanged',
  'bulkUndone',
  // A scheduled change the scheduler could not make (its value no longer valid): dropped, noted with the value.
  'scheduleDropped',
  ...ACCOUNT_ACTIONS,
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** A field's value before or after; null where it had none (a new record, an added or removed key). */
export type HistoryValue = string | number | boolean | string[] | null;
/** The field-level difference: {field: [old, new]}. */
export type HistoryDiff = Record<string, [HistoryValue, HistoryValue]>;

/** One recorded change: who, when, which record, and the field-level difference {field: [old, new]}. */
export const HistoryEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** The acting user's uid; null for the operator's command line and the first start. */
  actor: z.string().nullable(),
  /** Their name when they made the change (a later rename or removal does not rewrite history). */
  actorName: z.string(),
  /** The acting account's email now, answered to admins only (anyone may call themselves anything). */
  actorEmail: z.string().optional(),
  kind: z.enum(HISTORY_KINDS),
  /** The described resource's name (kind 'record'), else null. */
  resource: z.string().nullable(),
  recordId: z.string(),
  /** How the record is known now, looked up when listed: a product's SKU, a user's name; null when there is none. */
  recordLabel: z.string().nullable().optional(),
  /** The labels of the references its diff holds, by id (a described record's: its supplier's name). */
  labels: z.record(z.string(), z.string()).optional(),
  action: z.enum(HISTORY_ACTIONS),
  // Each value is [old, new]; the values' own types vary by field, so the answer's schema leaves them open.
  diff: z.record(z.string(), z.array(z.unknown()).length(2)),
  /** The bulk edit the entry belongs to (its products' entries and its summary line); null otherwise. */
  batch: z.string().nullable().optional(),
  /** A bulk edit's summary line: how many products its entries changed (or set back). */
  count: z.number().int().optional(),
});
export type HistoryEntry = Omit<z.infer<typeof HistoryEntry>, 'diff'> & { diff: HistoryDiff };

/** A page of entries, newest first, and the cursor of the next ('More') or null. */
export const HistoryPage = z.object({ items: z.array(HistoryEntry), next: z.string().nullable() });
export type HistoryPage = { items: HistoryEntry[]; next: string | null };

/** A day as YYYY-MM-DD (the Activity page's date range, inclusive, in UTC). */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));

/** The paging every history list takes. */
export const HistoryPaging = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  after: z.string().max(500).optional(),
});

/** The Activity page's filters: a person (uid), a kind of record, a date range. */
export const ActivityQuery = HistoryPaging.extend({
  person: searchText(64).min(1).optional(),
  kind: z.enum(HISTORY_KINDS).optional(),
  /** What happened (the sign-in events' kinds: 'signInFailed'). */
  action: z.enum(HISTORY_ACTIONS).optional(),
  from: Day.optional(),
  to: Day.optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/** An entry's id in an address: the sequence number, digits only. */
export const HistoryId = z.object({ entry: z.string().regex(/^\d{1,15}$/) });

/**
 * Product fields an undo may set back (the SKU never changes; images go back as addresses), and the translated
 * texts by their flat keys ('name_se'), which the history records them under.
 */
export const UNDOABLE_PRODUCT_FIELDS: readonly string[] = [
  ...EDITABLE_PRODUCT_FIELDS.map((f) => f.key),
  ...TRANSLATED_FIELDS.map((tf) => tf.key),
];

const same = (a: HistoryValue, b: HistoryValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose values differ, as {field: [old, new]}; a field missing on one side counts as null there. */
export function diffOf(
  before: Readonly<Record<string, HistoryValue>>,
  after: Readonly<Record<string, HistoryValue>>,
): HistoryDiff {
  const out: HistoryDiff = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[field] ?? null;
    const next = after[field] ?? null;
    if (!same(old, next)) out[field] = [old, next];
  }
  return out;
}
