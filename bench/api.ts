import { ACCOUNTS, type Place, type Samples } from './seed.js';
import { freePort, log, measure, rssMb, signIn, startChild, type Child, type Measure } from './lib.js';
import type { CannonJob, CannonResult } from './load.js';

/** One API route under load, as staff call it. */
interface Route {
  name: string;
  role: 'editor' | 'admin';
  paths: string[];
}

/** One server's figures on one route: req/s, p50 and p99 (ms), each measured twice. */
export interface Side {
  rps: Measure;
  p50: Measure;
  p99: Measure;
  /** Answers that were not 2xx, and socket errors, over both runs (should be 0). */
  non2xx: number;
  errors: number;
}

export interface ApiRow {
  route: string;
  role: string;
  ours: Side;
  baseline: Side;
  /** ours / baseline req/s, and ours / baseline p99 (medians). */
  rpsRatio: number;
  p99Ratio: number;
}

export interface ApiFigures {
  connections: number;
  durationS: number;
  rows: ApiRow[];
  /**
   * RSS of our server after start and sign-in (two readings a second apart), and its peak during each measured round.
   */
  rssIdleMb: Measure;
  rssPeakMb: Measure;
  /** The same for the baseline server, for scale. */
  baselineRssIdleMb: Measure;
  baselineRssPeakMb: Measure;
}

const enc = encodeURIComponent;

/** The six routes of section 1, with request paths drawn from the samples. */
export function routes(s: Samples): Route[] {
  return [
    { name: 'products, first page', role: 'editor', paths: ['/api/products?limit=10'] },
    { name: 'products, later page (cursor)', role: 'editor', paths: [`/api/products?limit=10&after=${s.midCursor}`] },
    { name: 'products, exact SKU search', role: 'editor', paths: s.skus.map((k) => `/api/products?sku=${enc(k)}`) },
    { name: 'product by id', role: 'editor', paths: s.ids.map((id) => `/api/products/${id}`) },
    { name: 'users, first page', role: 'admin', paths: ['/api/users?limit=10'] },
    { name: 'users, exact email search', role: 'admin', paths: s.emails.map((e) => `/api/users?email=${enc(e)}`) },
  ];
}

/** Starts the real server (bench/server.ts) on the place's data; resolves with its URL. */
export async function startOurs(
  place: Place,
  extra: Record<string, string> = {},
  execArgv: string[] = [],
): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startChild(
    'server.ts',
    { ...place.env, PORT: String(port), PUBLIC_URL: url, ...extra },
    [],
    execArgv,
  );
  return { child, url };
}

/** Section 1: every route on our server (signed in) and on the bare baseline, 50 connections, warm-up then two runs. */
export async function measureApi(
  place: Place,
  samples: Samples,
  opts: { connections: number; durationS: number; warmupS: number; execArgv?: string[] },
): Promise<ApiFigures> {
  const ours = await startOurs(place, {}, opts.execArgv);
  const basePort = await freePort();
  const base = await startChild('baseline.ts', { ...place.env, PORT: String(basePort) });
  const loader = await startChild('load.ts', {});
  try {
    const cookies = {
      editor: await signIn(ours.url, ACCOUNTS.editor.email, ACCOUNTS.editor.password),
      admin: await signIn(ours.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password),
    };
    const targets = [
      { key: 'ours' as const, url: ours.url, headers: (r: Route) => ({ cookie: cookies[r.role] }) },
      { key: 'baseline' as const, url: `http://127.0.0.1:${basePort}`, headers: () => ({}) },
    ];
    for (const r of routes(samples)) {
      for (const t of targets) {
        const res = await fetch(t.url + r.paths[0]!, { headers: t.headers(r) });
        if (res.status !== 200) throw new Error(`${t.key} ${r.paths[0]} answered ${res.status}: ${await res.text()}`);
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    const idle = [rssMb(ours.child.pid)];
    const baseIdle = [rssMb(base.pid)];
    await new Promise((r) => setTimeout(r, 1000));
    idle.push(rssMb(ours.child.pid));
    baseIdle.push(rssMb(base.pid));

    const run = (t: (typeof targets)[number], r: Route, durationS: number): Promise<CannonResult> =>
      loader.ask<CannonResult>(
        {
          type: 'cannon',
          url: t.url,
          paths: r.paths,
          headers: t.headers(r),
          connections: opts.connections,
          durationS,
        } satisfies CannonJob,
        'cannon',
      );
    const results = new Map<string, CannonResult[]>();
    const peaks: number[] = [];
    const basePeaks: number[] = [];
    for (let round = 0; round <= 2; round++) {
      let peak = 0;
      let basePeak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(ours.child.pid));
        basePeak = Math.max(basePeak, rssMb(base.pid));
      }, 100);
      for (const r of routes(samples)) {
        for (const t of targets) {
          log(`${round === 0 ? 'warm-up' : `run ${round}`}: ${t.key}, ${r.name}`);
          const out = await run(t, r, round === 0 ? opts.warmupS : opts.durationS);
          if (round > 0) results.set(`${t.key}|${r.name}`, [...(results.get(`${t.key}|${r.name}`) ?? []), out]);
        }
      }
      clearInterval(sampler);
      if (round > 0) peaks.push(peak);
      if (round > 0) basePeaks.push(basePeak);
    }
    const side = (key: string): Side => {
      const rs = results.get(key)!;
      return {
        rps: measure(rs.map((x) => x.rps)),
        p50: measure(rs.map((x) => x.p50)),
        p99: measure(rs.map((x) => x.p99)),
        non2xx: rs.reduce((a, x) => a + x.non2xx, 0),
        errors: rs.reduce((a, x) => a + x.errors, 0),
      };
    };
    const rows = routes(samples).map((r): ApiRow => {
      const o = side(`ours|${r.name}`);
      const b = side(`baseline|${r.name}`);
      return {
        route: r.name,
        role: r.role,
        ours: o,
        baseline: b,
        rpsRatio: o.rps.median / b.rps.median,
        p99Ratio: o.p99.median / b.p99.median,
      };
    });
    return {
      connections: opts.connections,
      durationS: opts.durationS,
      rows,
      rssIdleMb: measure(idle),
      rssPeakMb: measure(peaks),
      baselineRssIdleMb: measure(baseIdle),
      baselineRssPeakMb: measure(basePeaks),
    };
  } finally {
    await Promise.all([ours.child.stop(), base.stop(), loader.stop()]);
  }
}
