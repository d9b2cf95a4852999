import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../db/index.js';
import type { HistoryValue } from '../../domain/history.js';
import type { HistoryOwner } from '../../domain/recordHistory.js';
import type { Said } from '../../domain/translate.js';
import { commit } from './commit.js';
import { DomainError } from './errors.js';
import type { Change } from './events.js';
import { diffOf } from './history.js';

type Row = Record<string, unknown>;

/**
 * What an edit of one resource's record needs beyond the shared steps: its table, whose history it is recorded in
 * ('product', or 'record' by the resource's name), how a record is read, stored and recorded, and its refusal of a
 * stale version.
 */
export interface VersionedTarget<T extends { version: number }> {
  table: string;
  owner: HistoryOwner;
  read: (db: Kysely<Database>, id: string) => Promise<T>;
  /** A record's columns by the same mapping its edit writes them with, to tell a save that changes nothing. */
  stored: (rec: T) => Row;
  historyValues: (rec: T) => Record<string, HistoryValue>;
  stale: Said;
}

/**
 * The columns one edit sets, after the resource's own checks (locked fields, unique values, references, uploaded
 * images, a product's schedule), which throw to refuse; run in the edit's transaction, on the record as read there.
 */
export type EditColumns<T> = (trx: Kysely<Database>, current: T, at: string) => Promise<Row>;

/** Whether the columns an edit would write are the ones the record has already (each in its stored form). */
function unchanged(set: Row, stored: Row): boolean {
  return Object.keys(set).every((k) => k in stored && JSON.stringify(set[k]) === JSON.stringify(stored[k]));
}

/**
 * The one versioned edit of products and described resources, in one transaction: read, refused unless nobody saved
 * since `version` (so the recorded difference is against what the editor saw), the resource's checks and columns,
 * written only where the version is still `version`, its history entry (the difference) and its announcement. A save
 * that would write every column as it is (the same values, or none) writes nothing: the record as it is, with no new
 * version, entry or announcement. What differs from one resource to another is `target` and `columns`.
 */
export async function versionedUpdate<T extends { version: number }>(
  db: Kysely<Database>,
  target: VersionedTarget<T>,
  actor: { uid: string },
  id: string,
  version: number,
  columns: EditColumns<T>,
): Promise<T> {
  const { owner } = target;
  return commit(db, actor.uid, async (trx) => {
    const current = await target.read(trx, id);
    if (current.version !== version) throw new DomainError('conflict', target.stale, { current: current.version });
    const at = now();
    const changed = await columns(trx, current, at);
    if (unchanged(changed, target.stored(current))) return { value: current };
    const set: Row = { ...changed, version: version + 1, updated: at };
    set.updated_by = actor.uid;
    // Its table may be described, not written out in Database's type: named as any table.
    const res = await (trx as unknown as Kysely<Record<string, Row>>)
      .updateTable(target.table)
      .set(set)
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new DomainError('conflict', target.stale, { current: current.version });
    const next = await target.read(trx, id);
    const resource = owner.resource === null ? {} : { resource: owner.resource };
    return {
      value: next,
      history: [
        {
          kind: owner.kind,
          ...resource,
          recordId: id,
          action: 'changed',
          diff: diffOf(target.historyValues(current), target.historyValues(next)),
        },
      ],
      announce: [{ kind: owner.kind, ...resource, id, version: version + 1, actor: actor.uid } as Change],
    };
  });
}
