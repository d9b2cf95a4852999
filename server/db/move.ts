import { createHash, type Hash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { migrations } from './migrate.js';

/**
 * Moves a SQLite install into an empty PostgreSQL database (`npm run cli -- move`; docs/decisions.md, "Moving to
 * PostgreSQL"). The target's schema is made by the same code a first start on PostgreSQL runs (`prepareTarget`), then
 * every table's rows are copied, one transaction per table, and checked: the row count and a checksum of the values in
 * primary-key order, computed alike on both sides. The source is opened read-only and read in one snapshot.
 */

/**
 * The table this tool keeps on the target while a move is under way; dropped when the move has finished and checked.
 */
export const MOVE_MARK = 'console_move_in_progress';

/**
 * Refuses to start on a database a move left unfinished (its mark is still there): the rows copied so far would make a
 * first start fail on a duplicate key, or, worse, a console serve half the data. The move itself passes `moving`.
 */
export async function refuseUnfinishedMove(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ mark: string | null }>('select to_regclass($1)::text as mark', [
    `public.${MOVE_MARK}`,
  ]);
  if (!rows[0]?.mark) return;
  const made = await pool.query<{ source: string; started: string }>(
    `select source, started from ${MOVE_MARK} limit 1`,
  );
  const from = made.rows[0];
  throw new Error(
    `This PostgreSQL database holds a move from SQLite that did not finish` +
      (from ? ` (from ${from.source}, begun ${from.started})` : '') +
      `: run the move again (npm run cli -- move --to …, with the same DATA_DIR) until it says every table was ` +
      `moved and checked, then start the console.`,
  );
}

/** Tables the target's own migrations write: the same list on both sides, checked instead of copied. */
const MIGRATION_TABLES = new Set(['schema_migrations', 'schema_migrations_lock']);
/** Counts the target's triggers keep as the rows go in (migration 022): not copied, or they would count twice. */
const TALLIES = new Set(['products_tally', 'history_tally']);

/**
 * A refusal before anything was written (the target not empty, the source not current): exit code 1, a clear message.
 */
export class MoveRefused extends Error {}

export interface MoveProgress {
  table: string;
  done: number;
  total: number;
  /** Rows a second since the table's copy began. */
  rate: number;
  /** Seconds left at that rate (null before any row). */
  secondsLeft: number | null;
  /** True on a table's last line. */
  finished: boolean;
}

export interface MoveOptions {
  /** DATA_DIR/console.sqlite. */
  sqlitePath: string;
  targetUrl: string;
  /**
   * Makes the console's schema on the target: the migrations, the identity library's tables, the triggers (setup.ts).
   */
  prepareTarget(): Promise<void>;
  /** Runs once the rows are copied and checked, before the move counts as finished (the files, with --files s3). */
  afterRows?(): Promise<void>;
  progress?(p: MoveProgress): void;
  /** Rows a batch (one INSERT of unnest() arrays); default 5,000. */
  batchRows?: number;
  /** Tests: throw once this many rows of this table are in (a failure mid-copy). */
  failAt?: { table: string; rows: number };
}

export interface MovedTable {
  table: string;
  rows: number;
  checksum: string;
}

/** How a value of a target column is converted and compared. */
type Kind = 'bool' | 'int' | 'float' | 'time' | 'text' | 'bytes';

interface Column {
  name: string;
  kind: Kind;
  /** The column's type on PostgreSQL, for the unnest() cast (character varying(64), timestamp with time zone, …). */
  pgType: string;
  /** An identity column ('a' generated always, 'd' by default) or one with a sequence: set after the copy. */
  sequence: string | null;
}

interface Plan {
  table: string;
  columns: Column[];
  /** The primary key's columns, in key order. */
  key: string[];
  overriding: boolean;
}

const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function kindOf(typname: string): Kind {
  if (typname === 'bool') return 'bool';
  if (['int2', 'int4', 'int8'].includes(typname)) return 'int';
  if (['float4', 'float8', 'numeric'].includes(typname)) return 'float';
  if (['timestamptz', 'timestamp', 'date'].includes(typname)) return 'time';
  if (typname === 'bytea') return 'bytes';
  if (['text', 'varchar', 'bpchar', 'name'].includes(typname)) return 'text';
  throw new Error(`the PostgreSQL type ${typname} has no conversion here (server/db/move.ts, kindOf)`);
}

/** A text time read as UTC when it names no zone (how SQLite's own datetime() writes them). */
function zoned(v: string): string {
  return /(?:[zZ]|[+-]\d\d(?::?\d\d)?)$/.test(v) ? v : `${v.replace(' ', 'T')}Z`;
}

/** A SQLite value as PostgreSQL is to receive it in a column of this kind; throws on a value that does not fit. */
export function toTarget(kind: Kind, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'bool':
      // SQLite has no boolean: 0/1 (the identity library's emailVerified).
      if (v === 0 || v === 1 || v === 0n || v === 1n) return Number(v) === 1;
      if (typeof v === 'boolean') return v;
      break;
    case 'int':
      if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) return String(v);
      if (typeof v === 'string' && /^-?\d+$/.test(v)) return v;
      break;
    case 'float':
      if (typeof v === 'number' || typeof v === 'bigint') return String(v);
      break;
    case 'time': {
      // Text (ISO-8601 is what the identity library writes on SQLite), or milliseconds since 1970.
      const text =
        typeof v === 'string'
          ? zoned(v)
          : typeof v === 'number' || typeof v === 'bigint'
            ? new Date(Number(v)).toISOString()
            : null;
      if (text !== null && !Number.isNaN(Date.parse(text))) return text;
      break;
    }
    case 'text':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'bigint') return String(v);
      break;
    case 'bytes':
      if (Buffer.isBuffer(v)) return v;
      break;
  }
  throw new Error(`the value ${JSON.stringify(typeof v === 'bigint' ? String(v) : v)} does not fit a ${kind} column`);
}

/** One value as the checksum sees it: the same text for a SQLite value and the PostgreSQL value it became. */
export function canonical(kind: Kind, v: unknown): string {
  if (v === null || v === undefined) return '\u0000';
  switch (kind) {
    case 'bool':
      return v === true || v === 1 || v === 1n ? 't' : 'f';
    case 'int':
      return String(v);
    case 'float':
      return String(Number(v));
    case 'time':
      // Milliseconds, as both the identity library and JavaScript keep them.
      return v instanceof Date ? v.toISOString() : new Date(typeof v === 'string' ? zoned(v) : Number(v)).toISOString();
    case 'bytes':
      return (v as Buffer).toString('hex');
    case 'text':
      return String(v);
  }
}

/** Adds one row to a table's checksum: each value's length and text, so no two rows hash alike by shifting text. */
function hashRow(hash: Hash, columns: Column[], row: Record<string, unknown>): void {
  let line = '';
  for (const c of columns) {
    const text = canonical(c.kind, row[c.name]);
    line += `${text.length}:${text}`;
  }
  // One update a row: a call per value cost more than the hashing.
  hash.update(`${line}\n`);
}

/** What is on the target: nothing, a move of ours left unfinished, or other relations (first few names). */
async function targetState(client: pg.Client): Promise<'empty' | 'unfinished' | string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      order by 1`,
  );
  if (rows.length === 0) return 'empty';
  if (rows.some((r) => r.name === `public.${MOVE_MARK}`)) return 'unfinished';
  return rows.map((r) => r.name);
}

/** The source tables this tool copies: every table but SQLite's own, full-text tables and the migration bookkeeping. */
function sourceTables(src: SQLite.Database): string[] {
  const all = src.prepare(`select name, sql from sqlite_master where type = 'table' order by name`).all() as {
    name: string;
    sql: string | null;
  }[];
  const virtual = all.filter((t) => /^\s*create\s+virtual\s+table/i.test(t.sql ?? '')).map((t) => t.name);
  return (
    all
      .map((t) => t.name)
      .filter((name) => !name.startsWith('sqlite_'))
      .filter((name) => !MIGRATION_TABLES.has(name) && !TALLIES.has(name))
      // An FTS5 table and the tables it keeps (products_fts_data, _idx, _docsize, _config): PostgreSQL's search has
      // its own index (pg_trgm), made by the migrations and filled as the rows go in.
      .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)))
  );
}

/** Reads each table's shape on both sides and puts them in an order that inserts every referenced row first. */
async function planTables(src: SQLite.Database, client: pg.Client, tables: string[]): Promise<Plan[]> {
  const plans = new Map<string, Plan>();
  for (const table of tables) {
    const srcCols = src.prepare(`select name, pk from pragma_table_info(?) order by cid`).all(table) as {
      name: string;
      pk: number;
    }[];
    const { rows: tgtCols } = await client.query<{
      name: string;
      typname: string;
      pgtype: string;
      identity: string;
      generated: string;
      sequence: string | null;
    }>(
      `select a.attname as name, t.typname, format_type(a.atttypid, a.atttypmod) as pgtype, a.attidentity as identity,
              a.attgenerated as generated, pg_get_serial_sequence(quote_ident($1), a.attname) as sequence
         from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = to_regclass(quote_ident($1)) and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [table],
    );
    if (tgtCols.length === 0)
      throw new MoveRefused(
        `The source has a table ${table} that PostgreSQL has not (is the source from a newer version of the console?).`,
      );
    const target = new Map(tgtCols.map((c) => [c.name, c]));
    const missing = srcCols.filter((c) => !target.has(c.name)).map((c) => c.name);
    const extra = tgtCols
      .filter((c) => c.generated === '' && !srcCols.some((s) => s.name === c.name))
      .map((c) => c.name);
    if (missing.length || extra.length) {
      const differences = [
        ...missing.map((m) => `only the source has ${m}`),
        ...extra.map((e) => `only PostgreSQL has ${e}`),
      ];
      throw new MoveRefused(`Table ${table} differs between the source and PostgreSQL (${differences.join(', ')}).`);
    }
    const columns = srcCols
      .filter((c) => target.get(c.name)!.generated === '')
      .map((c) => {
        const t = target.get(c.name)!;
        return { name: c.name, kind: kindOf(t.typname), pgType: t.pgtype, sequence: t.sequence };
      });
    const key = srcCols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    if (key.length === 0)
      throw new MoveRefused(`Table ${table} has no primary key, so its rows have no order to check them in.`);
    plans.set(table, { table, columns, key, overriding: srcCols.some((c) => target.get(c.name)!.identity === 'a') });
  }
  // Referenced tables first (auth_user before auth_session, webhooks before webhook_deliveries).
  const { rows: refs } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text ` +
      `as parent from pg_constraint c where c.contype = 'f'`,
  );
  const unquote = (n: string): string => n.replace(/^"(.*)"$/, '$1').replace(/""/g, '"');
  const ordered: Plan[] = [];
  const visit = (name: string, path: string[]): void => {
    const plan = plans.get(name);
    if (!plan || ordered.includes(plan) || path.includes(name)) return;
    for (const r of refs)
      if (unquote(r.child) === name && unquote(r.parent) !== name) visit(unquote(r.parent), [...path, name]);
    ordered.push(plan);
  };
  for (const name of [...plans.keys()].sort()) visit(name, []);
  return ordered;
}

/**
 * The ORDER BY of a table's rows: its primary key, text compared as bytes on both sides (SQLite's BINARY, PostgreSQL's
 * "C").
 */
const orderOf = (plan: Plan, dialect: 'sqlite' | 'pg'): string =>
  plan.key
    .map((k) => {
      const text = plan.columns.find((c) => c.name === k)?.kind === 'text';
      return `${q(k)}${text ? (dialect === 'pg' ? ' collate "C"' : ' collate binary') : ''}`;
    })
    .join(', ');

/** Copies one table in one transaction (emptying it first, so a re-run starts the table over); returns its checksum. */
async function copyTable(src: SQLite.Database, client: pg.Client, plan: Plan, opts: MoveOptions): Promise<MovedTable> {
  const batch = opts.batchRows ?? 5000;
  const total = Number((src.prepare(`select count(*) as n from ${q(plan.table)}`).get() as { n: number }).n);
  const names = plan.columns.map((c) => q(c.name)).join(', ');
  const insert = `insert into ${q(plan.table)} (${names})${plan.overriding ? ' overriding system value' : ''}
    select * from unnest(${plan.columns.map((c, i) => `$${i + 1}::${c.pgType}[]`).join(', ')})`;
  const hash = createHash('sha256');
  const started = performance.now();
  let done = 0;
  let shown = 0;
  const report = (finished: boolean): void => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    opts.progress?.({
      table: plan.table,
      done,
      total,
      rate,
      secondsLeft: rate > 0 ? (total - done) / rate : null,
      finished,
    });
  };
  report(false);
  const rows = src
    .prepare(`select ${names} from ${q(plan.table)} order by ${orderOf(plan, 'sqlite')}`)
    .safeIntegers(true)
    .iterate() as IterableIterator<Record<string, unknown>>;
  await client.query('begin');
  try {
    // TRUNCATE fires no row triggers (the session generations' watch updates and deletes only); CASCADE empties
    // what refers to this table too, which comes later in the order and is copied again.
    await client.query(`truncate table ${q(plan.table)} cascade`);
    // Indexes other than the keys are made again once the rows are in: building a trigram index whole is several
    // times faster than growing it row by row. In this transaction, so a failure puts them back too.
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = $1
          and not exists (select 1 from pg_constraint c where c.conindid = to_regclass(quote_ident(i.indexname)))`,
      [plan.table],
    );
    for (const i of indexes) await client.query(`drop index ${q(i.name)}`);
    let arrays: unknown[][] = plan.columns.map(() => []);
    let inBatch = 0;
    const flush = async (): Promise<void> => {
      if (inBatch === 0) return;
      await client.query(insert, arrays);
      done += inBatch;
      arrays = plan.columns.map(() => []);
      inBatch = 0;
      if (opts.failAt && opts.failAt.table === plan.table && done >= opts.failAt.rows)
        throw new Error(`stopped on purpose in ${plan.table} after ${done} rows (a test)`);
      if (performance.now() - shown >= 1000) {
        shown = performance.now();
        report(false);
      }
    };
    for (const row of rows) {
      hashRow(hash, plan.columns, row);
      plan.columns.forEach((c, i) => {
        try {
          arrays[i]!.push(toTarget(c.kind, row[c.name]));
        } catch (err) {
          const at = plan.key.map((k) => `${k} ${String(row[k])}`).join(', ');
          throw new Error(`${plan.table}.${c.name} (row ${at}): ${(err as Error).message}`, { cause: err });
        }
      });
      if (++inBatch >= batch) await flush();
    }
    await flush();
    // More memory for the builds than PostgreSQL's default 64 MB (this transaction only): the trigram index builds in
    // fewer passes.
    if (indexes.length) await client.query(`set local maintenance_work_mem = '256MB'`);
    for (const i of indexes) await client.query(i.def);
    await client.query('commit');
  } catch (err) {
    // The iterator must let go of the source connection before anything else reads it.
    rows.return?.();
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
  report(true);
  return { table: plan.table, rows: done, checksum: hash.digest('hex') };
}

/** Sets each sequence past the highest value copied (and past SQLite's AUTOINCREMENT mark, so no number comes back). */
async function setSequences(src: SQLite.Database, client: pg.Client, plans: Plan[]): Promise<void> {
  const hasSequences = src.prepare(`select 1 from sqlite_master where name = 'sqlite_sequence'`).get() !== undefined;
  for (const plan of plans) {
    for (const c of plan.columns.filter((x) => x.sequence)) {
      const mark = hasSequences
        ? ((
            src.prepare('select seq from sqlite_sequence where name = ?').get(plan.table) as { seq: number } | undefined
          )?.seq ?? 0)
        : 0;
      const { rows } = await client.query<{ max: string | null }>(
        `select max(${q(c.name)})::text as max from ${q(plan.table)}`,
      );
      const last = Math.max(Number(rows[0]?.max ?? 0), Number(mark));
      // setval(…, n, false): the next value is n; the first is 1 on an empty table.
      await client.query('select setval($1, $2, false)', [c.sequence, last + 1]);
    }
  }
}

/** Reads a table back from PostgreSQL in key order (a cursor, a batch at a time) and returns its count and checksum. */
async function checkTable(client: pg.Client, plan: Plan): Promise<{ rows: number; checksum: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  await client.query('begin read only');
  try {
    await client.query(
      `declare move_check no scroll cursor for select ${plan.columns.map((c) => q(c.name)).join(', ')} ` +
        `from ${q(plan.table)} order by ${orderOf(plan, 'pg')}`,
    );
    for (;;) {
      const page = await client.query<Record<string, unknown>>('fetch 5000 from move_check');
      for (const row of page.rows) hashRow(hash, plan.columns, row);
      rows += page.rows.length;
      if (page.rows.length < 5000) break;
    }
  } finally {
    await client.query('commit');
  }
  return { rows, checksum: hash.digest('hex') };
}

/** Opens the SQLite file read-only (nothing is ever written to it) and checks its migrations are this code's. */
export function openSource(path: string): SQLite.Database {
  let src: SQLite.Database;
  try {
    src = new SQLite(path, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new MoveRefused(`Cannot open the SQLite database ${path}: ${(err as Error).message}.`);
  }
  try {
    const ran = (src.prepare('select name from schema_migrations order by name').all() as { name: string }[]).map(
      (r) => r.name,
    );
    const ours = Object.keys(migrations).sort();
    const behind = ours.filter((m) => !ran.includes(m));
    const ahead = ran.filter((m) => !ours.includes(m));
    if (ahead.length)
      throw new MoveRefused(
        `The SQLite database has migrations this version does not know ` +
          `(${ahead.join(', ')}): move it with the version that made them.`,
      );
    if (behind.length)
      throw new MoveRefused(
        `The SQLite database is not up to date (${behind.join(', ')} not run): ` +
          `start the console once on it with this version, stop it, then move.`,
      );
  } catch (err) {
    src.close();
    if (err instanceof MoveRefused) throw err;
    throw new MoveRefused(`${path} is not a console database: ${(err as Error).message}.`);
  }
  return src;
}

/**
 * The move. Refuses (MoveRefused, nothing written) a target with any table of its own; a target holding the mark of
 * an unfinished move of this tool is taken up again, every table copied anew. Returns each table's rows and checksum.
 */
export async function moveToPostgres(opts: MoveOptions): Promise<MovedTable[]> {
  const src = openSource(opts.sqlitePath);
  const client = new pg.Client({ connectionString: opts.targetUrl });
  try {
    try {
      await client.connect();
    } catch (err) {
      throw new MoveRefused(
        `Cannot reach the PostgreSQL database: ${(err as Error).message}. Create ` +
          `it first (createdb), empty, owned by the user the console connects as.`,
      );
    }
    const state = await targetState(client);
    if (Array.isArray(state)) {
      const shown = state.slice(0, 5).join(', ') + (state.length > 5 ? `, … (${state.length} in all)` : '');
      throw new MoveRefused(
        `The PostgreSQL database is not empty (${shown}): move into a new, empty database. Nothing was written.`,
      );
    }
    if (state === 'empty') {
      await client.query(`create table ${q(MOVE_MARK)} (source text not null, started text not null)`);
      await client.query(`insert into ${q(MOVE_MARK)} values ($1, $2)`, [opts.sqlitePath, new Date().toISOString()]);
    }
    await opts.prepareTarget();
    // One snapshot of the source for the whole copy: rows written meanwhile (a server left running) are not half in.
    src.exec('begin');
    const plans = await planTables(src, client, sourceTables(src));
    const moved: MovedTable[] = [];
    for (const plan of plans) moved.push(await copyTable(src, client, plan, opts));
    await setSequences(src, client, plans);
    for (const [i, plan] of plans.entries()) {
      const got = await checkTable(client, plan);
      const want = moved[i]!;
      if (got.rows !== want.rows)
        throw new Error(
          `Check failed: ${plan.table} has ${want.rows} rows on ` +
            `SQLite and ${got.rows} on PostgreSQL. Run the move again.`,
        );
      if (got.checksum !== want.checksum)
        throw new Error(
          `Check failed: ${plan.table}'s values differ between SQLite and PostgreSQL ` +
            `(checksums ${want.checksum.slice(0, 12)}… and ${got.checksum.slice(0, 12)}…).`,
        );
    }
    await opts.afterRows?.();
    await client.query(`drop table ${q(MOVE_MARK)}`);
    return moved;
  } finally {
    if (src.inTransaction) src.exec('commit');
    src.close();
    await client.end().catch(() => undefined);
  }
}
