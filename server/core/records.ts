import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { bit, now } from '../db/index.js';
import { readPage, readRows } from '../db/read.js';
import { COLUMN_OF, type FieldDescription, type RecordOf, type RecordsDescription } from '../../domain/records.js';
import { DomainError, isUniqueViolation } from './errors.js';
import { commit } from './commit.js';
import { diffOf, type NewEntry } from './history.js';
import { said } from '../../domain/translate.js';

// The rules of every simple resource (its description, domain/records.ts), once: keyset pages, exact search, add with
// unique fields,
// edit only from the version loaded, locked fields kept. A resource with rules of its own (products, users) has its
// own core file instead.

type Row = Record<string, unknown>;
// Its table is not in Database's type (it is described, not written out), so its queries name it as any table.
type AnyDb = Kysely<Record<string, Row>>;
/** The same database, typed for tables named at run time by a description (Kysely types only the known ones). */
const untyped = (db: Kysely<Database>): AnyDb => db as unknown as AnyDb;

const fromColumn = (spec: FieldDescription, v: unknown): unknown =>
  COLUMN_OF[spec.kind] === 'boolean' ? Boolean(Number(v)) : COLUMN_OF[spec.kind] === 'integer' ? Number(v) : v;
const toColumn = (spec: FieldDescription, v: unknown): unknown =>
  COLUMN_OF[spec.kind] === 'boolean' ? bit(Boolean(v)) : v;
const fieldsOf = (r: RecordsDescription): [string, FieldDescription][] => Object.entries(r.fields);

function toRecord<D extends RecordsDescription>(r: D, row: Row): RecordOf<D> {
  const out: Row = { id: row.id, version: Number(row.version), created: row.created, updated: row.updated ?? null };
  for (const [k, spec] of fieldsOf(r)) out[k] = fromColumn(spec, row[k]);
  return out as RecordOf<D>;
}

/** A record's described fields, as its history records them. */
function historyValues<D extends RecordsDescription>(r: D, rec: Row): Record<string, NewEntry['diff'][string][number]> {
  return Object.fromEntries(
    Object.keys(r.fields).map((k) => [k, (rec[k] ?? null) as NewEntry['diff'][string][number]]),
  );
}

/** One page in the resource's order, after an optional cursor. */
export async function listRecords<D extends RecordsDescription>(
  db: Kysely<Database>,
  r: D,
  opts: { limit: number; after: { key: string; id: string } | null },
): Promise<{ items: RecordOf<D>[]; more: boolean }> {
  const rows = await readPage<Row>(
    db,
    { table: r.name, key: r.sort.field, order: r.sort.order },
    opts.after,
    opts.limit,
  );
  return { items: rows.slice(0, opts.limit).map((row) => toRecord(r, row)), more: rows.length > opts.limit };
}

/** The record whose search field is exactly `term`, or null. */
export async function findRecord<D extends RecordsDescription>(
  db: Kysely<Database>,
  r: D,
  term: string,
): Promise<RecordOf<D> | null> {
  const [row] = await readRows<Row>(db, `select * from "${r.name}" where "${r.search}" = ? limit 1`, [term.trim()]);
  return row ? toRecord(r, row) : null;
}

export async function getRecord<D extends RecordsDescription>(
  db: Kysely<Database>,
  r: D,
  id: string,
): Promise<RecordOf<D>> {
  const [row] = await readRows<Row>(db, `select * from "${r.name}" where id = ?`, [id]);
  if (!row) throw new DomainError('not_found', said('records.notFound'));
  return toRecord(r, row);
}

/** Refuses a value a unique field already has in another record, naming the field. */
async function assertUnique<D extends RecordsDescription>(
  db: Kysely<Database>,
  r: D,
  values: Row,
  except?: string,
): Promise<void> {
  for (const [k, spec] of fieldsOf(r)) {
    if (!spec.unique || values[k] === undefined) continue;
    const [hit] = await readRows<Row>(db, `select id from "${r.name}" where "${k}" = ? limit 1`, [
      toColumn(spec, values[k]),
    ]);
    if (hit && hit.id !== except)
      throw new DomainError('conflict', said('records.duplicate'), [
        { path: `/${k}`, message: said('records.duplicate') },
      ]);
  }
}

export async function createRecord<D extends RecordsDescription>(
  db: Kysely<Database>,
  r: D,
  actor: { uid: string },
  input: Row,
): Promise<RecordOf<D>> {
  await assertUnique(db, r, input);
  const row: Row = {
    id: randomUUID(),
    version: 1,
    created: now(),
    updated: null,
    created_by: actor.uid,
    updated_by: null,
  };
  for (const [k, spec] of fieldsOf(r)) row[k] = toColumn(spec, input[k]);
  const created = toRecord(r, row);
  try {
    return await commit(db, actor.uid, async (trx) => {
      await untyped(trx).insertInto(r.name).values(row).execute();
      return {
        value: created,
        history: [
          {
            kind: 'record',
            resource: r.name,
            recordId: row.id as string,
            action: 'created',
            diff: diffOf({}, historyValues(r, created)),
          },
        ],
        announce: [
          { kind: 'record', resource: r.name, id: row.id as string, version: 1, actor: actor.uid, created: true },
        ],
      };
    });
  } catch (err) {
    // Two people adding the same value at once: the unique index decides.
    if (isUniqueViolation(err)) throw new DomainError('conflict', said('records.duplicate'));
    throw err;
  }
}

/** Edit, only if nobody saved since `version`; a locked field may be sent back only as it is. */
export async function updateRecord<D extends RecordsDescription>(
  db: Kysely<Database>,
  r: D,
  actor: { uid: string },
  id: string,
  version: number,
  input: Row,
): Promise<RecordOf<D>> {
  const current = (await getRecord(db, r, id)) as Row;
  // From the version loaded only, so the recorded difference is against what the editor saw.
  if (current.version !== version)
    throw new DomainError('conflict', said('records.stale'), { current: current.version });
  const set: Row = { version: version + 1, updated: now(), updated_by: actor.uid };
  for (const [k, spec] of fieldsOf(r)) {
    if (input[k] === undefined) continue;
    if (spec.locked) {
      if (input[k] !== current[k])
        throw new DomainError('validation', said('records.locked'), [
          { path: `/${k}`, message: said('records.locked') },
        ]);
      continue;
    }
    set[k] = toColumn(spec, input[k]);
  }
  await assertUnique(db, r, input, id);
  try {
    return await commit(db, actor.uid, async (trx) => {
      const res = await untyped(trx)
        .updateTable(r.name)
        .set(set)
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0)
        throw new DomainError('conflict', said('records.stale'), { current: current.version });
      const after = await getRecord(trx, r, id);
      return {
        value: after,
        history: [
          {
            kind: 'record',
            resource: r.name,
            recordId: id,
            action: 'changed',
            diff: diffOf(historyValues(r, current), historyValues(r, after as Row)),
          },
        ],
        announce: [{ kind: 'record', resource: r.name, id, version: version + 1, actor: actor.uid }],
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('conflict', said('records.duplicate'));
    throw err;
  }
}
