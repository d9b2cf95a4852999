import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readRows } from '../db/read.js';
import { fromStored, toStored } from '../db/describedTables.js';
import { foldColumn, foldsUnique, type ResourceDescription } from '../../domain/resourceDescription.js';
import type { RecordImportResult, RecordImportRow } from '../../domain/recordCsv.js';
import { planImport, uniqueKey, uniqueValue, type ImportLookup } from '../../domain/recordImport.js';
import { said } from '../../domain/translate.js';
import { DomainError } from './errors.js';
import { commit, type Outcome } from './commit.js';
import { keyOf, unstoredKeys } from './files.js';
import { createRecord, toRecord, updateRecord } from './described.js';

// A described resource's CSV import on our server: the plan (domain/recordImport.ts, the Firebase provider's too) over
// SQL lookups, then every row written in one transaction through the resource's add and edit.

type Row = Record<string, unknown>;

/** Ids and values looked up in batches of this many (well under either database's bound on parameters). */
const BATCH = 500;

async function inBatches<T>(items: readonly T[], each: (batch: readonly T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await each(items.slice(i, i + BATCH));
}

/** Which of these ids a resource has (a reference's records, looked up in batches). */
export async function existingIds(d: Kysely<Database>, resource: string, ids: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  await inBatches(ids, async (b) => {
    const sql = `select id from "${resource}" where id in (${b.map(() => '?').join(', ')})`;
    for (const hit of await readRows<Row>(d, sql, [...b])) out.add(String(hit.id));
  });
  return out;
}

/** What the import's plan reads (domain/recordImport.ts): rows' records, references' ids, unique values, uploads. */
function importLookup(d: Kysely<Database>, r: ResourceDescription): ImportLookup {
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  return {
    read: async (id) => {
      const [found] = await readRows<Row>(d, `select * from "${r.name}" where id = ?`, [id]);
      return found ? (toRecord(r, found) as Row) : null;
    },
    existing: (resource, ids) => existingIds(d, resource, ids),
    holders: async (field, values) => {
      const spec = r.fields[field]!;
      const out = new Map<string, string[]>();
      // A folded unique field is looked up by its folded column, with the values folded alike.
      const folded = foldsUnique(spec);
      const column = folded ? foldColumn(field) : field;
      await inBatches(values, async (b) => {
        const sql = `select id, "${field}" as v from "${r.name}" where "${column}" in (${marks(b.length)})`;
        for (const hit of await readRows<Row>(
          d,
          sql,
          b.map((v) => (folded ? uniqueValue(spec, v) : toStored(spec, v))),
        )) {
          const key = uniqueKey(spec, fromStored(spec, hit.v));
          out.set(key, [...(out.get(key) ?? []), String(hit.id)]);
        }
      });
      return out;
    },
    unfinished: async (addresses) => {
      const keys = await unstoredKeys(d, addresses);
      return new Set(addresses.filter((a) => keys.has(keyOf(a))));
    },
  };
}

/**
 * The one import's two steps, for products and every described resource: `apply` false answers the plan and writes
 * nothing; `apply` true plans again in the transaction and writes every row (`write`), or nothing when any row has an
 * error, or when a record the plan read changed meanwhile (`meanwhile` knows the resource's refusals of such a write).
 */
export async function runImport<R extends ImportAnswer, W>(
  db: Kysely<Database>,
  actor: { uid: string },
  apply: boolean,
  plan: (d: Kysely<Database>) => Promise<{ result: R; work: W }>,
  write: (trx: Kysely<Database>, work: W) => Promise<Omit<Outcome<R>, 'value'>>,
  meanwhile: (err: unknown) => boolean,
): Promise<R> {
  if (!apply) return (await plan(db)).result;
  try {
    return await commit(db, actor.uid, async (trx) => {
      const { result, work } = await plan(trx);
      if (result.counts.error > 0)
        throw new DomainError('validation', said('csv.hasErrors'), {
          rows: result.rows.filter((x) => x.action === 'error'),
        });
      return { ...(await write(trx, work)), value: { ...result, applied: true } };
    });
  } catch (err) {
    if (meanwhile(err)) throw new DomainError('conflict', said('csv.changedMeanwhile'));
    throw err;
  }
}
interface ImportAnswer {
  rows: readonly { action: string }[];
  counts: { error: number };
  applied: boolean;
}

/**
 * Records from CSV rows (domain/recordCsv.ts), through the resource's add and edit (runImport): a record saved by
 * someone else between the check and the write sends the whole file back for a new check.
 */
export const importRecords = (
  db: Kysely<Database>,
  r: ResourceDescription,
  actor: { uid: string },
  rows: readonly RecordImportRow[],
  apply: boolean,
): Promise<RecordImportResult> =>
  runImport(
    db,
    actor,
    apply,
    // The plan is the Firebase provider's too (domain/recordImport.ts); here it reads in the transaction.
    (d) => planImport(r, rows, importLookup(d, r)),
    async (trx, work) => {
      for (const w of work) {
        if (w.id === null) await createRecord(trx, r, actor, w.values);
        else await updateRecord(trx, r, actor, w.id, w.version, w.values);
      }
      return {};
    },
    (err) => err instanceof DomainError && err.said === said('records.stale'),
  );
