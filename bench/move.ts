import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Db } from '../server/db/index.js';
import { ACCOUNTS, seedCatalogue, type Place } from './seed.js';
import { log, ROOT } from './lib.js';

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * `npm run cli -- move` of a SQLite install into an empty PostgreSQL database, timed as a whole, in its own process.
 */
export interface MoveFigures {
  products: number;
  history: number;
  /** Rows of every table moved (the command's own count). */
  rows: number;
  /** From start to the printed result: schema, copy, sequences, the check of every table. */
  seconds: number;
  /** The move process's peak resident memory (VmHWM, read from /proc until it exits). */
  peakRssMb: number;
  /** Each table's last progress line, as the command printed it. */
  lines: string[];
}

/** 100,000 history entries like an edit's: a product's price and status changed, by the bench's editor. */
export async function seedHistory(db: Db, count: number): Promise<void> {
  const k = db.kysely;
  const have = Number(
    (
      await k
        .selectFrom('history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const editor = await k
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('email', '=', ACCOUNTS.editor.email)
    .executeTakeFirstOrThrow();
  const products = await k.selectFrom('products').select('id').orderBy('sku').limit(10_000).execute();
  for (let start = have; start < count; start += 20_000) {
    await k.transaction().execute(async (trx) => {
      for (let b = start; b < Math.min(count, start + 20_000); b += 1000) {
        const rows = Array.from({ length: Math.min(1000, count - b) }, (_, j) => {
          const i = b + j;
          return {
            at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
            actor: editor.id,
            actor_name: `${editor.first_name} ${editor.last_name}`,
            kind: 'product',
            resource: 'products',
            record_id: products[i % products.length]!.id,
            action: 'update',
            diff: JSON.stringify({
              price: [`${9 + (i % 200)}.95`, `${10 + (i % 200)}.95`],
              active: [true, i % 2 === 0],
            }),
          };
        });
        await trx.insertInto('history').values(rows).execute();
      }
    });
  }
}

/** Peak resident memory of a running process in MB (VmHWM), or NaN once it is gone. */
function peakMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function onPostgres(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Section 'move': the SQLite place grown to `products` products and `history` entries, moved into a fresh database. */
export async function measureMove(
  place: Place,
  db: Db,
  opts: { products: number; users: number; history: number },
): Promise<MoveFigures> {
  if (place.dialect !== 'sqlite') throw new Error('the move section moves a SQLite install: run it without --pg');
  log(
    `growing the catalogue to ${opts.products.toLocaleString('en')} ` +
      `products and ${opts.history.toLocaleString('en')} history entries`,
  );
  await seedCatalogue(db, opts.products, opts.users);
  await seedHistory(db, opts.history);
  // What a stopped server leaves: everything in the main file.
  db.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
  const name = `bench_move_${randomBytes(5).toString('hex')}`;
  await onPostgres(`CREATE DATABASE ${name}`);
  try {
    const to = `postgres://postgres@127.0.0.1:5432/${name}`;
    log(`npm run cli -- move --to ${to}`);
    // node with tsx's loader in one process (the tsx command would start a second), so /proc shows the move's memory.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'move', '--to', to], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = performance.now();
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      process.stderr.write(d);
    });
    let peak = 0;
    const poll = setInterval(() => {
      const now = peakMb(child.pid!);
      if (!Number.isNaN(now)) peak = Math.max(peak, now);
    }, 100);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    clearInterval(poll);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`move exited with ${code}: ${stderr.trim().split('\n').at(-1)}`);
    const rows = Number(/\(([\d,]+) rows\)/.exec(stdout)?.[1]?.replace(/,/g, '') ?? NaN);
    log(stdout.split('\n')[0] ?? '');
    return {
      products: opts.products,
      history: opts.history,
      rows,
      seconds,
      peakRssMb: peak,
      lines: stderr.split('\n').filter((l) => / done$/.test(l)),
    };
  } finally {
    await onPostgres(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
    );
    await onPostgres(`DROP DATABASE IF EXISTS ${name}`);
  }
}
