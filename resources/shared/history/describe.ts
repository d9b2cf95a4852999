import type { HistoryEntry, HistoryValue } from '../../../domain/history';
import { UNDOABLE_PRODUCT_FIELDS } from '../../../domain/history';
import { format, type Catalogue } from '../../../domain/messages';
import { LOCALE_TAGS, type Locale } from '../../../domain/locales';
import {
  PRODUCT_FIELDS,
  productFieldLabel,
  TRANSLATED_FIELDS,
  translatedFieldLabel,
} from '../../../domain/productFields';
import { SCHEDULER_ACTOR, scheduleFields, wallTimeOf } from '../../../domain/schedule';
import {
  numberBounds,
  optionText,
  type FieldDescription,
  type OptionLabels,
} from '../../../domain/resourceDescription';
import { writeNumber } from '../../../domain/localeNumbers';
import { fieldsUndoable } from '../../../domain/recordHistory';

/**
 * A field's label as its own screen shows it: a product's translated text per language ('Swedish name'); a
 * language's fields are its keys, shown as they are.
 */
export function fieldLabel(
  entry: HistoryEntry,
  field: string,
  m: Catalogue,
  given?: Readonly<Record<string, string>>,
): string {
  if (given?.[field]) return given[field];
  const labels: Record<string, string> =
    entry.kind === 'product'
      ? Object.fromEntries([
          ...PRODUCT_FIELDS.map((f) => [f.key, productFieldLabel(f, m)]),
          ...TRANSLATED_FIELDS.map((tf) => [tf.key, translatedFieldLabel(tf, m)]),
          ['activeFrom', m.schedule.activeFrom],
          ['activeUntil', m.schedule.activeUntil],
        ])
      : entry.kind === 'user'
        ? {
            firstName: m.users.firstName,
            lastName: m.users.lastName,
            email: m.users.email,
            active: m.users.active,
            isEditor: m.users.editor,
            isAdmin: m.users.admin,
          }
        : entry.kind === 'appStatus'
          ? { active: m.activity.active }
          : {};
  return labels[field] ?? field;
}

/** How a screen shows values: counts grouped in its language, a scheduled time in the shop's time zone. */
export interface Shown {
  locale: Locale;
  /** The shop's time zone (TZ); without it a scheduled time shows as stored (ISO, UTC), as a file wants it. */
  zone?: string;
  /** Field labels for a described resource's entries (its texts); without them a field shows by its name. */
  labels?: Readonly<Record<string, string>>;
  /** A described resource's fields: its numbers written as the language writes them, with their decimals. */
  fields?: Readonly<Record<string, FieldDescription>>;
  /** A described resource's option labels (its texts' `options`): a choice's value by its label. */
  options?: OptionLabels;
  /** A file's words (the Activity export): counts and numbers as plain digits, for a spreadsheet to read. */
  file?: boolean;
}

const SCHEDULE_FIELDS = new Set(Object.keys(scheduleFields));

/**
 * A field's value as a person reads it; a product's scheduled time as the shop's wall time when the zone is known, a
 * described resource's number as the screen's language writes it and its options by their labels, a reference by its
 * record's label (the entry's `labels`), by its id when that record is gone.
 */
function fieldValueText(entry: HistoryEntry, field: string, value: HistoryValue, m: Catalogue, shown?: Shown): string {
  if (typeof value === 'string' && entry.labels?.[value] !== undefined) return entry.labels[value];
  // Several references: each by its label, by its id where its record is gone.
  if (Array.isArray(value) && value.length > 0 && value.some((v) => entry.labels?.[v] !== undefined))
    return value.map((v) => entry.labels?.[v] ?? v).join(', ');
  if (shown?.zone && entry.kind === 'product' && SCHEDULE_FIELDS.has(field) && typeof value === 'string' && value)
    return wallTimeOf(value, shown.zone);
  const spec = shown?.fields?.[field];
  if (shown && !shown.file && typeof value === 'number' && (spec?.kind === 'number' || spec?.kind === 'integer'))
    return writeNumber(value, shown.locale, spec.kind === 'number' ? numberBounds(spec).decimals : 0);
  const options = shown?.options && valueText(value, m) !== m.history.emptyValue;
  return (options && optionText(spec, field, value, shown.options)) || valueText(value, m);
}

/**
 * An image's name as it was uploaded: a stored upload is 'Uploads/<uploader>_<12 random>_<name>'
 * (server/core/files.ts), so 'linen.jpg'; any other address by its last part.
 */
export const imageName = (address: string): string => {
  const last = address.split('/').pop() ?? address;
  return /^.+?_[A-Za-z0-9]{12}_(.+)$/.exec(last)?.[1] ?? last;
};

/** A value as a person reads it: yes or no, '(empty)', images by the names they were uploaded with. */
export function valueText(value: HistoryValue, m: Catalogue): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return m.history.emptyValue;
  if (typeof value === 'boolean') return value ? m.history.yes : m.history.no;
  if (Array.isArray(value)) return value.map(imageName).join(', ');
  return String(value);
}

/**
 * Who made the change: their name then, 'The scheduler' for a scheduled status, or 'The operator' for the command line
 * and the first start; with the account's email beside it where the server gives it (to admins: a name is whatever
 * its owner typed).
 */
export const whoText = (entry: Pick<HistoryEntry, 'actor' | 'actorName' | 'actorEmail'>, m: Catalogue): string => {
  if (entry.actor === SCHEDULER_ACTOR) return m.schedule.scheduler;
  const name = entry.actorName || m.history.operator;
  return entry.actorEmail ? format(m.history.withEmail, { name, email: entry.actorEmail }) : name;
};

/**
 * A sign-in or account event in one sentence: 'Eva Berg signed in with a password from 10.0.0.7 (Chrome 140, Linux)'.
 */
function describeAccount(entry: HistoryEntry, m: Catalogue): string {
  const h = m.history;
  const after = (field: string): HistoryValue => entry.diff[field]?.[1] ?? null;
  const address = String(after('address') ?? '');
  const browser = after('browser');
  const values = {
    who: whoText(entry, m),
    from: browser ? `${address} (${String(browser)})` : address,
    n: Number(after('sessions') ?? 0),
    method: (h.methods as Readonly<Record<string, string>>)[String(after('method'))] ?? String(after('method')),
    record: entry.recordLabel ?? entry.recordId.slice(0, 8),
    passkey: String(after('passkey') || m.account.passkeys.unnamed),
  };
  // A refused sign-in to an address that matches no account names none (the address typed is not kept).
  const known = entry.actor !== null;
  switch (entry.action) {
    case 'signedIn':
      return format(h.signedIn, values);
    case 'signInFailed':
      return format(known ? h.signInFailed : h.signInFailedUnknown, values);
    case 'signInThrottled':
      return format(known ? h.signInThrottled : h.signInThrottledUnknown, values);
    case 'passwordChanged':
      return format(h.passwordChanged, values);
    case 'passkeyAdded':
      return format(h.passkeyAdded, values);
    case 'passkeyRemoved':
      return format(h.passkeyRemoved, values);
    case 'passkeyRenamed':
      return format(h.passkeyRenamed, {
        ...values,
        old: String(entry.diff.passkey?.[0] || m.account.passkeys.unnamed),
      });
    case 'secondFactorAdded':
      return format(h.secondFactorAdded, values);
    case 'secondFactorRemoved':
      // From the command line (reset-2fa, for a lost phone) there is no actor and no address.
      return format(known ? h.secondFactorRemoved : h.secondFactorReset, values);
    case 'recoveryCodesRenewed':
      return format(h.recoveryCodesRenewed, values);
    default:
      return format(entry.actor === entry.recordId ? h.sessionsEndedOwn : h.sessionsEndedOf, values);
  }
}

/** A bulk change's one Activity line: 'Eva Berg changed 1,000 products at once: Status: Disabled, Category: Linen'. */
function describeBulk(entry: HistoryEntry, m: Catalogue, shown?: Shown): string {
  const who = whoText(entry, m);
  // Grouped as the reader's language writes numbers on screen; plain digits in a file (the Activity export).
  const n =
    shown && !shown.file ? (entry.count ?? 0).toLocaleString(LOCALE_TAGS[shown.locale]) : String(entry.count ?? 0);
  // A described resource's records ('changed 40 records at once'), else products.
  const t = entry.kind === 'record' ? m.bulk.records : m.bulk;
  if (entry.action === 'bulkUndone') return format(t.activityUndo, { who, n });
  const change = Object.keys(entry.diff)
    .map((field) => {
      const value = entry.diff[field]![1];
      // The status as the bulk bar sets it: 'Status: Disabled'.
      if (entry.kind === 'product' && field === 'active')
        return `${m.products.status}: ${value ? m.products.active : m.products.disabled}`;
      return `${fieldLabel(entry, field, m, shown?.labels)}: ${fieldValueText(entry, field, value, m, shown)}`;
    })
    .join(', ');
  return format(t.activityLine, { who, n, change });
}

/**
 * The sentences of one entry: 'Eva Berg changed Price from 249 kr to 199 kr', one per field changed; values as a
 * screen shows them when `shown` is given, else as a file wants them (the Activity export).
 */
export function describeEntry(entry: HistoryEntry, m: Catalogue, shown?: Shown): string[] {
  if (entry.kind === 'account') return [describeAccount(entry, m)];
  const who = whoText(entry, m);
  const h = m.history;
  const fields = Object.keys(entry.diff);
  if (entry.action === 'bulkChanged' || entry.action === 'bulkUndone') return [describeBulk(entry, m, shown)];
  if (entry.action === 'created') return [format(h.created, { who })];
  if (entry.action === 'deleted') return [format(h.deleted, { who })];
  if (entry.action === 'scheduleDropped')
    return fields.map((field) =>
      format(h.scheduleDropped, {
        who,
        field: fieldLabel(entry, field, m, shown?.labels),
        new: fieldValueText(entry, field, entry.diff[field]![1], m, shown),
      }),
    );
  if (entry.action === 'keyAdded' || entry.action === 'keyRemoved') {
    return fields.map((field) => format(entry.action === 'keyAdded' ? h.keyAdded : h.keyRemoved, { who, field }));
  }
  return fields.map((field) => {
    const [old, next] = entry.diff[field]!;
    const label = fieldLabel(entry, field, m, shown?.labels);
    const text = (v: HistoryValue) => fieldValueText(entry, field, v, m, shown);
    if (old === null || old === '') return format(h.set, { who, field: label, new: text(next) });
    if (next === null || next === '') return format(h.cleared, { who, field: label });
    return format(h.changed, { who, field: label, old: text(old), new: text(next) });
  });
}

const undoable = new Set<string>(UNDOABLE_PRODUCT_FIELDS);

/**
 * Whether the server would consider undoing this entry (a product's or a described record's field change, of fields
 * `fields`, its description's, has now: one renamed since counts under its new name); it still checks everything.
 */
export const canUndo = (entry: HistoryEntry, fields?: Readonly<Record<string, FieldDescription>>): boolean =>
  (entry.kind === 'product' || entry.kind === 'record') &&
  entry.action === 'changed' &&
  Object.keys(entry.diff).length > 0 &&
  (entry.kind === 'record'
    ? fields === undefined || fieldsUndoable(fields, entry.diff)
    : Object.keys(entry.diff).every((f) => undoable.has(f)));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** '2 hours ago' / 'för 2 timmar sedan', from `now`. */
export function relativeTime(at: string, locale: Locale, now = Date.now()): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(LOCALE_TAGS[locale], { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(0, 'second');
}

/** The exact time, for the hover text. */
export const exactTime = (at: string, locale: Locale): string =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeStyle: 'medium' }).format(new Date(at));
