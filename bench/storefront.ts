import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../server/db/index.js';
import { productColumns } from '../server/core/products.js';
import { ACCOUNTS, type Place, type Samples } from './seed.js';
import { freePort, log, measure, signIn, startChild, type Measure } from './lib.js';
import { startOurs } from './api.js';
import type { CannonJob, CannonResult } from './load.js';

/** One route of the storefront section: how it is called, and whether a 304 is the expected answer. */
interface Route {
  name: string;
  paths: string[];
  /** The signed-in routes beside the public ones, for comparison. */
  signedIn?: boolean;
  /** If-None-Match with the current tag: every answer should be a 304. */
  revalidate?: boolean;
  /** Asked of the floor (bench/baseline.ts: bare Fastify sending the same bytes and ETag), not of our server. */
  floor?: boolean;
}

export interface StorefrontRow {
  route: string;
  rps: Measure;
  p50: Measure;
  p99: Measure;
  /** Answers that were not what the row expects (200, or 304 for a revalidation), and socket errors. */
  unexpected: number;
  errors: number;
}

export interface StorefrontFigures {
  connections: number;
  durationS: number;
  rows: StorefrontRow[];
  /** The feed's first page, ours ÷ the bare-Fastify floor's req/s and p99: the answer in full, and the 304. */
  floor?: { page: { rps: number; p99: number }; notModified: { rps: number; p99: number } };
}

/** The floor's rows, named after the route of ours they are the floor of. */
export const FLOOR_PAGE = 'bare Fastify floor: the same first page bytes';
export const FLOOR_304 = 'bare Fastify floor: the same first page, 304';

const enc = encodeURIComponent;

/**
 * Swedish texts on the products the feed's routes read (the seed writes none, and its names feed the search section):
 * three in four get both, the rest the name only, so a page in Swedish both translates and falls back.
 */
async function writeSwedish(db: Db, skus: string[]): Promise<void> {
  for (const [i, sku] of skus.entries()) {
    const se =
      i % 4 === 3
        ? { name: `Kökshandduk nr ${i}` }
        : { name: `Kökshandduk nr ${i}`, details: 'Stentvättat europeiskt linne, förkrympt. Tvättas i 40 °C.' };
    const { name } = await db.kysely
      .selectFrom('products')
      .select('name')
      .where('sku', '=', sku)
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('products')
      .set(productColumns({ name, sku, translations: { se } }))
      .where('sku', '=', sku)
      .execute();
  }
}

/**
 * The storefront's feed under the API section's load: the public list and product page beside the signed-in list and
 * product, and the cost of a 304 (If-None-Match with the current tag) against the same answer in full.
 */
export async function measureStorefront(
  place: Place,
  db: Db,
  samples: Samples,
  opts: { connections: number; durationS: number; warmupS: number },
): Promise<StorefrontFigures> {
  // Active products only: the feed answers a disabled one 404.
  const active = (
    await db.kysely
      .selectFrom('products')
      .select('sku')
      .where('sku', 'in', samples.skus)
      .where('active', '=', 1)
      .execute()
  ).map((r) => r.sku);
  const firstPage = (
    await db.kysely
      .selectFrom('products')
      .select('sku')
      .where('active', '=', 1)
      .orderBy('sku', 'desc')
      .limit(10)
      .execute()
  ).map((r) => r.sku);
  await writeSwedish(db, [...firstPage, ...active]);
  // The load comes from one address, far past the feed's limit per address: off here (the limit is tested on its own).
  const ours = await startOurs(place, { STOREFRONT_ENABLED: 'true', PUBLIC_REQUESTS_PER_MINUTE: '0' });
  const loader = await startChild('load.ts', {});
  let floor: Awaited<ReturnType<typeof startChild>> | null = null;
  try {
    const cookie = await signIn(ours.url, ACCOUNTS.editor.email, ACCOUNTS.editor.password);
    const one = `/api/public/products/${enc(active[0]!)}`;
    const tag = async (path: string): Promise<string> => {
      const res = await fetch(ours.url + path);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return res.headers.get('etag')!;
    };
    const tags = { list: await tag('/api/public/products?limit=10'), one: await tag(one) };
    // The floor answers the bytes of ours with its tag (the page is kept, so these are what every request gets).
    const page = await fetch(`${ours.url}/api/public/products?limit=10`);
    const bodyFile = join(place.dataDir, 'feed-floor.json');
    writeFileSync(bodyFile, Buffer.from(await page.arrayBuffer()));
    const floorPort = await freePort();
    floor = await startChild('baseline.ts', {
      ...place.env,
      PORT: String(floorPort),
      FEED_BODY_FILE: bodyFile,
      FEED_ETAG: tags.list,
    });
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    const routes: Route[] = [
      { name: 'signed-in products, first page', paths: ['/api/products?limit=10'], signedIn: true },
      { name: 'public products, first page', paths: ['/api/public/products?limit=10'] },
      { name: 'public products, first page, lang=se', paths: ['/api/public/products?limit=10&lang=se'] },
      {
        name: 'public products, later page (cursor)',
        paths: [`/api/public/products?limit=10&after=${samples.midCursor}`],
      },
      { name: 'signed-in product by id', paths: samples.ids.map((id) => `/api/products/${id}`), signedIn: true },
      { name: 'public product by SKU', paths: active.map((k) => `/api/public/products/${enc(k)}`) },
      { name: 'public product by SKU, lang=se', paths: active.map((k) => `/api/public/products/${enc(k)}?lang=se`) },
      { name: 'public product, one SKU, 200', paths: [one] },
      { name: 'public product, one SKU, 304', paths: [one], revalidate: true },
      { name: 'public products, first page, 304', paths: ['/api/public/products?limit=10'], revalidate: true },
      { name: FLOOR_PAGE, paths: ['/api/public/products?limit=10'], floor: true },
      { name: FLOOR_304, paths: ['/api/public/products?limit=10'], revalidate: true, floor: true },
    ];
    const headers = (r: Route): Record<string, string> => ({
      ...(r.signedIn ? { cookie } : {}),
      ...(r.revalidate ? { 'if-none-match': r.paths[0] === one ? tags.one : tags.list } : {}),
    });
    const results = new Map<string, CannonResult[]>();
    for (let round = 0; round <= 2; round++) {
      for (const r of routes) {
        log(`${round === 0 ? 'warm-up' : `run ${round}`}: ${r.name}`);
        const job: CannonJob = {
          type: 'cannon',
          url: r.floor ? floorUrl : ours.url,
          paths: r.paths,
          headers: headers(r),
          connections: opts.connections,
          durationS: round === 0 ? opts.warmupS : opts.durationS,
        };
        const out = await loader.ask<CannonResult>(job, 'cannon');
        if (round > 0) results.set(r.name, [...(results.get(r.name) ?? []), out]);
      }
    }
    const rows = routes.map((r): StorefrontRow => {
      const rs = results.get(r.name)!;
      // autocannon counts a 304 as non-2xx: for a revalidation row, it is the 2xx answers that are unexpected.
      const unexpected = rs.reduce((a, x) => a + (r.revalidate ? x.total - x.non2xx : x.non2xx), 0);
      return {
        route: r.name,
        rps: measure(rs.map((x) => x.rps)),
        p50: measure(rs.map((x) => x.p50)),
        p99: measure(rs.map((x) => x.p99)),
        unexpected,
        errors: rs.reduce((a, x) => a + x.errors, 0),
      };
    });
    const ratio = (name: string, of: string): { rps: number; p99: number } => {
      const a = rows.find((x) => x.route === name)!;
      const b = rows.find((x) => x.route === of)!;
      return { rps: a.rps.median / b.rps.median, p99: a.p99.median / b.p99.median };
    };
    return {
      connections: opts.connections,
      durationS: opts.durationS,
      rows,
      floor: {
        page: ratio('public products, first page', FLOOR_PAGE),
        notModified: ratio('public products, first page, 304', FLOOR_304),
      },
    };
  } finally {
    await Promise.all([ours.child.stop(), loader.stop(), floor?.stop()]);
  }
}
