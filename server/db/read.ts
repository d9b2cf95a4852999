import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Runs one read, written with `?` placeholders, and answers its rows; or null to have it run through Kysely.
 * `planned: 'each'` asks PostgreSQL to plan it for these values rather than keep one plan for the text.
 */
export type Read = (text: string, params: readonly unknown[], planned?: 'kept' | 'each') => Promise<unknown[]> | null;

/** Runs a read of one value at once: its first row's first column; undefined when there is no row or it cannot now. */
export type ReadValueNow = (text: string, params: readonly unknown[]) => unknown;

const direct = new WeakMap<Kysely<Database>, Read>();
const valueNow = new WeakMap<Kysely<Database>, ReadValueNow>();

/** `?` placeholders as PostgreSQL's $1, $2…; the read texts hold no literal '?'. */
export const numbered = (text: string): string => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/** Makes `read` the way reads on `db` reach its driver (openDb does this for every database it opens). */
export function registerDirectReads(db: Kysely<Database>, read: Read, readValueNow?: ReadValueNow): void {
  direct.set(db, read);
  if (readValueNow) valueNow.set(db, readValueNow);
}

/**
 * One value read before this function returns (SQLite's driver is synchronous), so a caller on a hot path makes no
 * promise, and without an array or a row object: the first column of the first row. Undefined when there is no row or
 * the database cannot answer so (PostgreSQL, a transaction open): use readRows then.
 */
export function readValueNow(db: Kysely<Database>, text: string, params: readonly unknown[]): unknown {
  return valueNow.get(db)?.(text, params);
}

/**
 * The reads every request makes (the session check, a page, a search, a record by id) as fixed SQL run straight on
 * the driver: a statement prepared once, without Kysely building, compiling and scheduling the query each time,
 * which cost more than the query itself (BENCHMARKS.md, docs/decisions.md "Hot reads on the bare driver").
 * Inside a transaction, on a handle openDb did not make, or when the direct reader declines, the same SQL runs
 * through Kysely on that handle.
 */
export async function readRows<R>(
  db: Kysely<Database>,
  text: string,
  params: readonly unknown[],
  planned: 'kept' | 'each' = 'kept',
): Promise<R[]> {
  const rows = direct.get(db)?.(text, params, planned);
  if (rows) return (await rows) as R[];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const result = await db.executeQuery<R>(CompiledQuery.raw(postgres ? numbered(text) : text, [...params]));
  return [...result.rows];
}

/**
 * One page of `table` in (key, id) order after an optional cursor, with one row more than asked for, which tells
 * whether more follow. `key <= ? and (key < ? or id < ?)` (descending) lets the key's index bound the scan: a bare
 * OR made every later page read all the rows before it. `filter` narrows the rows further (conditions with `?`
 * placeholders, and their values in order).
 */
export function readPage<R>(
  db: Kysely<Database>,
  // Names from code (a core file or a resource's description), never from a request.
  // `keySql`: the key as an expression (a translated field's text in one language, a collation) in place of `key`.
  page: { table: string; key: string; order: 'asc' | 'desc'; keySql?: string },
  after: { key: string; id: string } | null,
  limit: number,
  // `scanFirst`: test only the first that many rows of the order (after the cursor), reading `scanColumns` of each
  // (default all). `sortMatches`: find every match, then sort them (PostgreSQL may not walk the key's index instead).
  filter: {
    where: readonly string[];
    params: readonly unknown[];
    planned?: 'kept' | 'each';
    scanFirst?: number;
    scanColumns?: string;
    sortMatches?: boolean;
  } = {
    where: [],
    params: [],
  },
  // What to read of each row: all of it, or (a page found down a covering index) only its rowid or id.
  columns: '*' | 'rowid' | 'id' = '*',
): Promise<R[]> {
  const table = `"${page.table}"`;
  const key = page.keySql ?? `"${page.key}"`;
  const { order } = page;
  const [edge, beyond] = order === 'desc' ? ['<=', '<'] : ['>=', '>'];
  const where = [...filter.where];
  const params = [...filter.params];
  const bound: string[] = [];
  const boundParams: unknown[] = [];
  if (after) {
    bound.push(`${key} ${edge} ? and (${key} ${beyond} ? or id ${beyond} ?)`);
    boundParams.push(after.key, after.key, after.id);
  }
  const whereOf = (w: string[]): string => (w.length > 0 ? `where ${w.join(' and ')} ` : '');
  const sorted = `order by ${key} ${order}, id ${order}`;
  if (filter.scanFirst !== undefined) {
    const text =
      `select ${columns} from (select ${filter.scanColumns ?? '*'} ` +
      `from ${table} ${whereOf(bound)}${sorted} limit ?) w ${whereOf(where)}${sorted} limit ?`;
    return readRows<R>(db, text, [...boundParams, filter.scanFirst, ...params, limit + 1], filter.planned);
  }
  // The same order written so that no index holds it (`sortMatches`): PostgreSQL finds the matches through the
  // conditions'
  // index and keeps the first rows as it goes, instead of walking the key's index (a CTE holding every match cost
  // more).
  const ordered = filter.sortMatches ? `order by ${key} || '' ${order}, id ${order}` : sorted;
  const text = `select ${columns} from ${table} ${whereOf([...where, ...bound])}${ordered} limit ?`;
  return readRows<R>(db, text, [...params, ...boundParams, limit + 1], filter.planned);
}
