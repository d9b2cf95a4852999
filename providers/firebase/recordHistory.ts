import { collection, doc, orderBy, serverTimestamp, type DocumentReference } from 'firebase/firestore';
import type { HistoryAction, HistoryDiff, HistoryEntry, HistoryPage, HistoryValue } from '../../domain/history';
import type { ResourceDescription } from '../../domain/resourceDescription';
import { PAGE_SIZE } from '../../domain/constants';
import type { Pager } from './pages';
import { isoOf } from './documents';

// A described resource's history over Firestore: each record's entries in its own subcollection,
// <name>/{id}/history/{entry}, written in the same batch or transaction as the change, so a change and its entry are
// saved together or not at all (as on our server). Firestore keeps no array inside an array, so a field's old and new
// values are stored as {from, to}; the screens get [old, new] as from our server. The rules let those who may edit
// add an entry in their own name at the request's time, and nobody change or remove one (npm run resources); a delete
// and its entry (id DELETED_ENTRY) are tied to each other, other entries are advisory (docs/firebase.md).

type Data = Record<string, unknown>;

/** Who acts: the signed-in account's uid and name, kept in the entry (a later rename does not rewrite history). */
export type Actor = () => { uid: string; name: string } | null;

/** An entry's document, to write beside the change. */
export function entryData(actor: ReturnType<Actor>, action: HistoryAction, diff: HistoryDiff): Data {
  return {
    at: serverTimestamp(),
    actor: actor?.uid ?? null,
    actorName: actor?.name ?? '',
    action,
    diff: Object.fromEntries(Object.entries(diff).map(([f, [from, to]]) => [f, { from, to }])),
  };
}

/** A new entry's place under a record. */
export const newEntryRef = (record: DocumentReference): DocumentReference => doc(collection(record, 'history'));

/**
 * The id of a record's 'deleted' entry: known to the rules, so a delete must write it in the same batch and no other
 * write may (firebase/firestore.rules, scripts/firestoreRules.ts). A record is deleted once.
 */
export const DELETED_ENTRY = 'deleted';
export const deletedEntryRef = (record: DocumentReference): DocumentReference => doc(record, 'history', DELETED_ENTRY);

const value = (v: unknown): HistoryValue =>
  v === undefined ? null : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : (v as HistoryValue);

/** A stored entry as the screens read one (domain/history.ts). */
export function toEntry(d: ResourceDescription, recordId: string, id: string, data: Data): HistoryEntry {
  const raw = (data.diff && typeof data.diff === 'object' ? data.diff : {}) as Record<
    string,
    { from?: unknown; to?: unknown }
  >;
  return {
    id,
    at: isoOf(data.at) ?? '',
    actor: typeof data.actor === 'string' ? data.actor : null,
    actorName: typeof data.actorName === 'string' ? data.actorName : '',
    kind: 'record',
    resource: d.name,
    recordId,
    action: (typeof data.action === 'string' ? data.action : 'changed') as HistoryAction,
    diff: Object.fromEntries(Object.entries(raw).map(([f, c]) => [f, [value(c?.from), value(c?.to)]])),
  };
}

/** One page of a record's entries, newest first, ten at a time ('More' after the last). */
export async function historyPage(
  page: Pager,
  d: ResourceDescription,
  recordId: string,
  opts: { after?: string | null; limit?: number },
): Promise<HistoryPage> {
  const path = `${d.name}/${recordId}/history`;
  const got = await page(path, [orderBy('at', 'desc')], opts.limit ?? PAGE_SIZE, opts.after ?? undefined, (id, data) =>
    toEntry(d, recordId, id, data),
  );
  return { items: got.data, next: (got.meta as { next: string | null }).next };
}
