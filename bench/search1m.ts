import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import type { Db } from '../server/db/index.js';
import type { Database } from '../server/db/schema.js';
import { findProductBySku, listProducts } from '../server/core/products.js';
import { findUserByEmail, listUsers } from '../server/core/users.js';
import { decodeCursor } from '../server/lib/cursor.js';
import { ACCOUNTS, drawSamples, seedCatalogue, type Place } from './seed.js';
import { startOurs } from './api.js';
import { log, measure, percentile, signIn, startChild, type Measure } from './lib.js';
import type { SequentialJob, SequentialResult } from './load.js';

/** One search at scale: through the API (one client, one request at a time) and as the bare query in process. */
export interface SearchFigure {
  apiP50Ms: Measure;
  apiP99Ms: Measure;
  queryP99Ms: Measure;
  requests: number;
  failures: number;
  /** The database's plan for the query the search sends. */
  plan: string;
}

export interface SearchFigures {
  rows: { products: number; users: number };
  /** Plans of a products page and a users page after a cursor halfway down. */
  pagePlans: string[];
  sku: SearchFigure;
  email: SearchFigure;
  /** Two-word partial-name searches (the products list's search box); absent in results from before it. */
  name?: SearchFigure;
}

// English words and Swedish ones (most seeded products have a Swedish name: 'Kökshandduk i linne nr 123').
const NAME_WORDS = [
  'linen',
  'cotton',
  'towel',
  'tea',
  'lin',
  'cott',
  'tow',
  'tea tow',
  'kökshandduk',
  'linne',
  'bomull',
  'köks',
  'handduk',
];
const NAME_PAIRS = [
  'linen towel',
  'tea towel',
  'cotton tea',
  'lin tow',
  'cot towel',
  'towel no',
  'kökshandduk linne',
  'handduk bomull',
  'linne nr',
  'köks towel',
];

/**
 * Two-word searches as staff type them into the products list: a word or its start with part of a number (2 to 5
 * digits, so from thousands of matches down to one), or two words of the names. Two common words that never meet
 * ('linen cotton') are left out: every plan reads all rows for them (docs/decisions.md).
 */
export function nameSearches(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    if (i % 5 === 4) return NAME_PAIRS[Math.floor(Math.random() * NAME_PAIRS.length)]!;
    const word = NAME_WORDS[Math.floor(Math.random() * NAME_WORDS.length)]!.split(' ')[0]!;
    const digits = 2 + Math.floor(Math.random() * 4);
    return `${word} ${String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0')}`;
  });
}

/**
 * Runs a core function on a Kysely that notes the SQL it sends, and answers the last SQL (the plans are of what the
 * server really sends).
 */
async function sqlOf(db: Db, run: (k: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery> {
  return (await sqlsOf(db, run)).at(-1)!;
}

/** Every SQL a core function sends, in order (a partial-name search counts matches before it reads its page). */
async function sqlsOf(db: Db, run: (k: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const dialect = db.pool ? new PostgresDialect({ pool: db.pool }) : new SqliteDialect({ database: db.sqlite! });
  // Never destroyed: it shares the open connection of `db`.
  await run(new Kysely<Database>({ dialect, log: (e) => void seen.push(e.query) }));
  return seen;
}

/**
 * The plan of the exact SQL a Kysely query compiles to: EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL.
 */
async function planOf(db: Db, compiled: CompiledQuery): Promise<string> {
  if (db.sqlite) {
    const rows = db.sqlite.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...compiled.parameters) as Array<{
      detail: string;
    }>;
    return `${compiled.sql}\n${rows.map((r) => `  ${r.detail}`).join('\n')}`;
  }
  const res = await db.pool!.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [
    ...compiled.parameters,
  ]);
  return `${compiled.sql}\n${res.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`;
}

/** p99 of the bare query over the given keys, timed in this process. */
async function queryP99(keys: string[], run: (k: string) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (const k of keys) {
    const t0 = performance.now();
    await run(k);
    times.push(performance.now() - t0);
  }
  return percentile(times, 99);
}

/** Section 2: grows the catalogue to `rows` products and users, then times SKU and email search. */
export async function measureSearch(
  place: Place,
  db: Db,
  rows: number,
  opts: { requests: number; maxMs: number },
): Promise<SearchFigures> {
  log(`growing the catalogue to ${rows.toLocaleString('en')} products and users`);
  await seedCatalogue(db, rows, rows);
  const s = await drawSamples(db, rows, rows, 2000);
  const k = db.kysely;
  const names = nameSearches(2000);
  const nameOf = (q: string) => listProducts(k, { limit: 10, after: null }, { q });
  // The plans of a search for a rare word and for two common ones: each takes a different way.
  const namePlans: string[] = [];
  for (const q of ['towel 123456', 'linen towel', 'kökshandduk 123456', 'handduk bomull']) {
    for (const sql of await sqlsOf(db, (x) => listProducts(x, { limit: 10, after: null }, { q })))
      namePlans.push(await planOf(db, sql));
  }
  const plans = {
    sku: await planOf(db, await sqlOf(db, (q) => findProductBySku(q, s.skus[0]!))),
    email: await planOf(db, await sqlOf(db, (q) => findUserByEmail(q, s.emails[0]!))),
    name: namePlans.join('\n\n'),
  };
  const midUser = await k
    .selectFrom('users')
    .select(['created', 'id'])
    .where('email', '=', s.emails[0]!)
    .executeTakeFirstOrThrow();
  const pagePlans = [
    await planOf(db, await sqlOf(db, (q) => listProducts(q, { limit: 10, after: decodeCursor(s.midCursor) }))),
    await planOf(
      db,
      await sqlOf(db, (q) => listUsers(q, { limit: 10, after: { key: midUser.created, id: midUser.id } })),
    ),
  ];
  const ours = await startOurs(place);
  const loader = await startChild('load.ts', {});
  try {
    const editor = { cookie: await signIn(ours.url, ACCOUNTS.editor.email, ACCOUNTS.editor.password) };
    const headers = {
      sku: editor,
      email: { cookie: await signIn(ours.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password) },
      name: editor,
    };
    const paths = {
      sku: s.skus.map((x) => `/api/products?sku=${encodeURIComponent(x)}`),
      email: s.emails.map((x) => `/api/users?email=${encodeURIComponent(x)}`),
      name: names.map((x) => `/api/products?limit=10&q=${encodeURIComponent(x)}`),
    };
    const direct = {
      sku: (x: string) => findProductBySku(k, x),
      email: (x: string) => findUserByEmail(k, x),
      name: nameOf,
    };
    const figure = async (which: 'sku' | 'email' | 'name'): Promise<SearchFigure> => {
      const runs: SequentialResult[] = [];
      const query: number[] = [];
      for (let round = 0; round <= 2; round++) {
        log(`${round === 0 ? 'warm-up' : `run ${round}`}: ${which} search at ${rows.toLocaleString('en')} rows`);
        const job: SequentialJob = {
          type: 'sequential',
          url: ours.url,
          paths: paths[which],
          headers: headers[which],
          count: round === 0 ? 300 : opts.requests,
          maxMs: opts.maxMs,
        };
        const r = await loader.ask<SequentialResult>(job, 'sequential');
        const keys = { sku: s.skus, email: s.emails, name: names }[which];
        const q = await queryP99(round === 0 ? keys.slice(0, 300) : keys, direct[which]);
        if (round > 0) {
          runs.push(r);
          query.push(q);
        }
      }
      return {
        apiP50Ms: measure(runs.map((r) => r.p50)),
        apiP99Ms: measure(runs.map((r) => r.p99)),
        queryP99Ms: measure(query),
        requests: runs.reduce((a, r) => a + r.n, 0),
        failures: runs.reduce((a, r) => a + r.failures, 0),
        plan: plans[which],
      };
    };
    return {
      rows: { products: rows, users: rows },
      pagePlans,
      sku: await figure('sku'),
      email: await figure('email'),
      name: await figure('name'),
    };
  } finally {
    await Promise.all([ours.child.stop(), loader.stop()]);
  }
}
