import { diffOf, type HistoryDiff, type HistoryEntry, type HistoryKind, type HistoryValue } from './history.js';
import {
  RECORD_LANGUAGES,
  translatedKeys,
  type FieldDescription,
  type ResourceDescription,
  type RecordTranslations,
} from './resourceDescription.js';

// A described resource's history, the same on our server (server/core/described.ts) and over Firestore
// (providers/firebase/recordHistory.ts): what an entry records of a record, and what undoing one changes.

type Row = Record<string, unknown>;

/**
 * A record's described fields as its history records them, each translated text by its flat key ('body_se') when
 * written; `kept`: values the resource holds beside its described fields (a product's scheduled times), each only
 * when set. The one history-values function of described resources and products, on our server and over Firestore.
 */
export function historyValues(
  r: ResourceDescription,
  rec: Row,
  kept: readonly string[] = [],
): Record<string, HistoryValue> {
  const out: Record<string, HistoryValue> = Object.fromEntries(
    Object.keys(r.fields).map((k) => [k, (rec[k] ?? null) as HistoryValue]),
  );
  const t = (rec.translations ?? {}) as RecordTranslations;
  for (const tk of translatedKeys(r)) {
    const v = t[tk.lang]?.[tk.field];
    if (v) out[tk.key] = v;
  }
  for (const k of kept) if (rec[k]) out[k] = rec[k] as HistoryValue;
  return out;
}

/** The entry's difference between two states of a record ({} for one side: added, deleted). */
export const recordDiff = (r: ResourceDescription, before: Row, after: Row): HistoryDiff =>
  diffOf(historyValues(r, before), historyValues(r, after));

type Entry = Pick<HistoryEntry, 'kind' | 'resource' | 'action' | 'diff'>;

/** Whose entries a resource's history holds: a described resource's are 'record' entries by its name. */
export interface HistoryOwner {
  kind: HistoryKind;
  resource: string | null;
}

/** A described resource's entries: kind 'record', by its name (products have their own kind, 'product'). */
export const recordOwner = (r: ResourceDescription): HistoryOwner => ({ kind: 'record', resource: r.name });

/**
 * An entry's diff under the fields' names now: a field recorded before its rename (its `renamedFrom`), a translated
 * text ('care_se') too, under its new name; any other key as it was.
 */
export function diffNow(fields: Readonly<Record<string, FieldDescription>>, diff: HistoryDiff): HistoryDiff {
  const renamed = new Map<string, string>();
  for (const [k, f] of Object.entries(fields)) if (f.renamedFrom !== undefined) renamed.set(f.renamedFrom, k);
  const out: HistoryDiff = {};
  for (const [key, change] of Object.entries(diff)) {
    const text = /^(.+)_([a-z]{2})$/.exec(key);
    const textTo = text ? renamed.get(text[1]!) : undefined;
    if (key in fields || !(renamed.has(key) || textTo)) out[key] = change;
    else out[renamed.get(key) ?? `${textTo!}_${text![2]!}`] = change;
  }
  return out;
}

/**
 * Whether an entry's changes are all of fields that may be set back now (after renames): each a field not locked, or
 * a translated field's text in another language. The browser asks it before it offers Undo.
 */
export function fieldsUndoable(fields: Readonly<Record<string, FieldDescription>>, diff: HistoryDiff): boolean {
  const keys = Object.keys(diffNow(fields, diff));
  const undoable = (k: string) => {
    if (fields[k]) return !fields[k].locked;
    const text = /^(.+)_([a-z]{2})$/.exec(k);
    return !!text && fields[text[1]!]?.kind === 'translated' && RECORD_LANGUAGES.includes(text[2]!);
  };
  return keys.length > 0 && keys.every(undoable);
}

/**
 * Whether an entry may be undone at all: a change of this resource's fields that may be changed (not a locked one;
 * one renamed since under its new name), in the entries of `owner`.
 */
export function mayUndo(r: ResourceDescription, entry: Entry, owner: HistoryOwner = recordOwner(r)): boolean {
  return (
    entry.kind === owner.kind &&
    (entry.resource ?? null) === owner.resource &&
    entry.action === 'changed' &&
    fieldsUndoable(r.fields, entry.diff)
  );
}

/**
 * What undoing an entry (one `mayUndo` allows) changes in the record as it is now: each field back to its old value,
 * translated texts ('body_se') as a `translations` change (one missing before is cleared); null when a field has
 * changed since (an undo never silently overwrites a newer change).
 */
export function undoChange(r: ResourceDescription, entry: Pick<HistoryEntry, 'diff'>, now: Row): Row | null {
  const diff = diffNow(r.fields, entry.diff);
  const fields = Object.keys(diff);
  const flat = new Map(translatedKeys(r).map((tk) => [tk.key, tk]));
  const current = historyValues(r, now);
  const held = (f: string, v: unknown) => (flat.has(f) ? (v ?? '') : v);
  if (fields.some((f) => JSON.stringify(held(f, current[f])) !== JSON.stringify(held(f, diff[f]![1])))) return null;
  const change: Row = {};
  const translations: RecordTranslations = {};
  for (const f of fields) {
    const old = held(f, diff[f]![0]);
    const tk = flat.get(f);
    if (tk) (translations[tk.lang] ??= {})[tk.field] = old as string;
    else change[f] = old;
  }
  if (Object.keys(translations).length > 0) change.translations = translations;
  return change;
}
