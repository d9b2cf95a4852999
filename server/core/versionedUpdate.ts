import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../db/index.js';
import type { HistoryDiff, HistoryValue } from '../../domain/history.js';
import type { HistoryOwner } from '../../domain/recordHistory.js';
import type { ResourceDescription } from '../../domain/resourceDescription.js';
import type { Said } from '../../domain/translate.js';
import { commit } from './commit.js';
import { DomainError } from './errors.js';
import type { Change } from './events.js';
import { diffOf, type NewEntry } from './history.js';
import { assertNotPointedTo } from './pointers.js';

type Row = Record<string, unknown>;

/**
 * What an edit or delete of one resource's record needs beyond the shared steps: its table (the name references
 * point to it by), whose history it is recorded in ('product', or 'record' by the resource's name), how a record is
 * read, stored and recorded, and its refusal of a stale version.
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

const resourceOf = (owner: HistoryOwner) => (owner.resource === null ? {} : { resource: owner.resource });

/** A change's history entry and announcement in its owner's kind (and resource), as create, edit and delete record. */
function recorded(
  owner: HistoryOwner,
  id: string,
  action: 'created' | 'changed' | 'deleted',
  diff: HistoryDiff,
  version: number,
  actor: string,
): { history: NewEntry[]; announce: Change[] } {
  const resource = resourceOf(owner);
  return {
    history: [{ kind: owner.kind, ...resource, recordId: id, action, diff }],
    announce: [
      {
        kind: owner.kind,
        ...resource,
        id,
        version,
        actor,
        ...(action === 'created' ? { created: true } : {}),
      } as Change,
    ],
  };
}

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
    const set: Row = { ...changed, version: version + 1, updated: at, updated_by: actor.uid };
    // Its table may be described, not written out in Database's type: named as any table.
    const res = await (trx as unknown as Kysely<Record<string, Row>>)
      .updateTable(target.table)
      .set(set)
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new DomainError('conflict', target.stale, { current: current.version });
    const next = await target.read(trx, id);
    const diff = diffOf(target.historyValues(current), target.historyValues(next));
    return { value: next, ...recorded(owner, id, 'changed', diff, version + 1, actor.uid) };
  });
}

/**
 * The one create of products and described resources, in one transaction: the row written as version 1 with who made
 * it and when, its 'created' history entry (every value against none) and its announcement. The resource's own checks
 * run before it and throw to refuse; `columns` are the record's own columns, given the moment it is made (a product's
 * schedule is checked against it), and `toValue` reads the row as the API answers it. A unique index's refusal is
 * left to the caller, which names the value.
 */
export async function versionedCreate<T extends { version: number }>(
  db: Kysely<Database>,
  target: Pick<VersionedTarget<T>, 'table' | 'owner' | 'historyValues'>,
  actor: { uid: string },
  columns: (at: string) => Row,
  toValue: (row: Row) => T,
): Promise<T> {
  const { owner } = target;
  const at = now();
  const id = randomUUID();
  const row: Row = {
    id,
    ...columns(at),
    version: 1,
    created: at,
    updated: null,
    created_by: actor.uid,
    updated_by: null,
  };
  const value = toValue(row);
  return commit(db, actor.uid, async (trx) => {
    await (trx as unknown as Kysely<Record<string, Row>>).insertInto(target.table).values(row).execute();
    return { value, ...recorded(owner, id, 'created', diffOf({}, target.historyValues(value)), 1, actor.uid) };
  });
}

/**
 * The one versioned delete of products and described resources, in one transaction: read, refused unless nobody saved
 * since `version`, refused while a record of any described resource (`all`) points to it, deleted only where the
 * version is still `version`, its history entry keeping every value it had (Activity names it by its label) and its
 * announcement (webhooks, live lists, the storefront's caches), whose version is the one after the last so a receiver
 * that reads the record finds it gone. Its images are left to the sweep (core/files.ts), which keeps only images a
 * record names.
 */
export async function versionedDelete<T extends { version: number }>(
  db: Kysely<Database>,
  target: VersionedTarget<T>,
  all: readonly ResourceDescription[],
  actor: { uid: string },
  id: string,
  version: number,
): Promise<void> {
  const { owner } = target;
  await commit(db, actor.uid, async (trx) => {
    const current = await target.read(trx, id);
    if (current.version !== version) throw new DomainError('conflict', target.stale, { current: current.version });
    await assertNotPointedTo(trx, target.table, all, id);
    const res = await (trx as unknown as Kysely<Record<string, Row>>)
      .deleteFrom(target.table)
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw new DomainError('conflict', target.stale, { current: current.version });
    const diff = diffOf(target.historyValues(current), {});
    return { value: undefined, ...recorded(owner, id, 'deleted', diff, version + 1, actor.uid) };
  });
}
