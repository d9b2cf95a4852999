import type { HistoryEntry } from '../../domain/history';
import type { Catalogue } from '../../domain/messages';
import type { Locale } from '../../domain/locales';
import type { ResourceDescription } from '../../domain/resourceDescription';
import type { CsvColumn } from '../../resources/shared/csv';
import { describeEntry, whoText } from '../../resources/shared/history/describe';
import { labelText, type ResourceDefinition } from '../../resources/types';
import type { RecordPath } from '../../resources/shared/recordHooks';

/** A described resource's names for the Activity page (its sidebar label, its fields' labels). */
export type HistoryNames = ResourceDefinition['history'];

/** The names of the resource an entry of a described resource belongs to, if the console has it. */
export const namesOf = (
  entry: HistoryEntry,
  resources: readonly ResourceDefinition[],
): NonNullable<HistoryNames> | undefined =>
  entry.kind === 'record' ? resources.find((r) => r.name === entry.resource)?.history : undefined;

/** The fields of the described resource an entry belongs to, if the console has it. */
export const fieldsOf = (
  entry: HistoryEntry,
  resources: readonly ResourceDefinition[],
): ResourceDescription['fields'] | undefined =>
  entry.kind === 'record' ? resources.find((r) => r.name === entry.resource)?.screens?.description.fields : undefined;

/** A bulk change's summary line (its products' own entries are in their histories). */
export const isBulk = (entry: HistoryEntry): boolean => entry.action === 'bulkChanged' || entry.action === 'bulkUndone';

/**
 * Where a changed record is edited, when the console has a page for it (a described resource's: where `pathOf`, the
 * described resources' path helper, puts it).
 */
export function recordPath(entry: HistoryEntry, names?: HistoryNames, pathOf?: RecordPath): string | null {
  // A bulk change's line names many products, not one.
  if (isBulk(entry)) return null;
  if (entry.kind === 'product') return `/products/edit-product/${encodeURIComponent(entry.recordId)}`;
  if (entry.kind === 'user' || (entry.kind === 'account' && entry.recordId))
    return `/users/edit-user/${encodeURIComponent(entry.recordId)}`;
  if (entry.kind === 'language') return entry.recordId === 'se' ? '/languages/swedish' : '/languages/english';
  // A deleted record's page would only say 'Not found.'.
  if (entry.kind === 'record' && entry.resource && names && pathOf && entry.action !== 'deleted')
    return pathOf(entry.resource, 'edit', entry.recordId);
  return null;
}

/**
 * The record as the Activity list names it: its kind, and which one (a sign-in to no known account: the kind alone).
 */
export function recordText(entry: HistoryEntry, m: Catalogue, names?: HistoryNames): string {
  if (isBulk(entry)) return m.bulk.record;
  if (entry.kind === 'language')
    return `${m.activity.kinds.language}: ${m.languages.names[entry.recordId === 'se' ? 'se' : 'en']}`;
  if (entry.kind === 'appStatus') return m.activity.appStatus;
  if (entry.kind === 'account' && !entry.recordId) return m.activity.kinds.account;
  const which = entry.recordLabel ?? entry.recordId.slice(0, 8);
  if (entry.kind === 'record') return `${names ? labelText(names.label, m) : (entry.resource ?? '')}: ${which}`;
  return `${m.activity.kinds[entry.kind]} ${which}`;
}

/**
 * The exported file's columns: the exact time, who (their name, and their account's email in a column of its own
 * where the server gives it: to admins, so a spreadsheet sorts by account), the record, and the change in words, as
 * the page words it (a described resource's fields and options by their labels; numbers and times as stored).
 */
export const activityColumns = (
  m: Catalogue,
  locale: Locale,
  resources: readonly ResourceDefinition[],
): CsvColumn<HistoryEntry>[] => [
  { header: m.activity.when, value: (e) => e.at },
  { header: m.activity.who, value: (e) => whoText({ ...e, actorEmail: undefined }, m) },
  { header: m.activity.email, value: (e) => e.actorEmail ?? '' },
  { header: m.activity.kind, value: (e) => m.activity.kinds[e.kind] },
  { header: m.activity.record, value: (e) => e.recordId },
  {
    header: m.activity.change,
    value: (e) => {
      const names = namesOf(e, resources);
      const shown = { locale, labels: names?.fields(m), options: names?.options(m), fields: fieldsOf(e, resources) };
      return describeEntry(e, m, { ...shown, file: true }).join('\n');
    },
  },
];
