import type { Machine, Measure } from './lib.js';
import type { ApiFigures } from './api.js';
import type { SearchFigures } from './search1m.js';
import type { ImportFigures } from './import.js';
import type { StartupFigure } from './startup.js';
import type { UploadFigures } from './uploads.js';
import type { FanoutFigures } from './fanout.js';
import type { BrowserFigures } from './browser.js';
import type { BombFigures } from './bombs.js';
import type { StorefrontFigures } from './storefront.js';
import type { MoveFigures } from './move.js';
import type { ImageFigures } from './images.js';
import type { BulkFigures } from './bulk.js';

/** Everything one `npm run bench` measured, as kept in bench/results/<date>-<dialect>.json. */
export interface BenchResult {
  meta: {
    date: string;
    command: string;
    machine: Machine;
    dialect: 'sqlite' | 'postgres';
    quick: boolean;
    /** The sections this run measured (--only=…); BENCHMARKS.md shows only runs of all of them. */
    sections: string[];
    commit: string;
    scale: {
      products: number;
      users: number;
      searchRows: number;
      connections: number;
      durationS: number;
      fanoutClients: number;
    };
    /** 1-minute load average at the start and the end: other work on the machine shows here. */
    loadAverage: { start: number; end: number };
    minutes: number;
  };
  api: ApiFigures | null;
  search: SearchFigures | null;
  /** Absent in results from before the section existed. */
  import?: ImportFigures | null;
  startup: StartupFigure[] | null;
  uploads: UploadFigures | null;
  fanout: FanoutFigures | null;
  browser: BrowserFigures | null;
  /** Missing (not null) in results made before the section existed. */
  bombs: BombFigures | null;
  /** The storefront's feed; missing in results made before the section existed. */
  storefront?: StorefrontFigures | null;
  /** `npm run cli -- move` (--only=move); missing in results made before the section existed. */
  move?: MoveFigures | null;
  /**
   * Image sizes: parallel 12-megapixel uploads and the backfill; missing in results made before the section existed.
   */
  images?: ImageFigures | null;
  /** Bulk edit of 10,000 products (--only=bulk); missing in results made before the section existed. */
  bulk?: BulkFigures | null;
  /** Sections that failed, with why. */
  failures: string[];
}

const num = (n: number, digits = 0): string =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** A measure as "median (run 1 · run 2)". */
const m = (x: Measure, digits = 0, scale = 1): string =>
  `${num(x.median / scale, digits)} (${x.runs.map((r) => num(r / scale, digits)).join(' · ')})`;
const kb = (bytes: number): string => `${num(bytes / 1000, 1)} KB`;
const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: string[][]): string =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const verdict = (met: boolean): string => (met ? '**met**' : '**not met**');

/** Each target of issue #5, where it stands in this result. */
function targets(r: BenchResult): string[][] {
  const out: string[][] = [];
  for (const a of r.api?.rows ?? []) {
    out.push([`${a.route}: req/s ≥ 80 % of baseline`, `${num(a.rpsRatio * 100)} %`, verdict(a.rpsRatio >= 0.8)]);
    out.push([`${a.route}: p99 ≤ 1.3 × baseline`, `${num(a.p99Ratio, 2)} ×`, verdict(a.p99Ratio <= 1.3)]);
  }
  const floor = r.storefront?.floor;
  if (floor) {
    for (const [k, f] of [
      ['feed, first page', floor.page],
      ['feed, first page 304', floor.notModified],
    ] as const)
      out.push([`${k}: req/s ≥ 80 % of the bare-Fastify feed`, `${num(f.rps * 100)} %`, verdict(f.rps >= 0.8)]);
  }
  if (r.search) {
    const rows = num(r.search.rows.products);
    for (const [k, f] of [
      ['SKU', r.search.sku],
      ['email', r.search.email],
    ] as const) {
      out.push([
        `${k} search at ${rows} rows: p99 ≤ 5 ms`,
        `${num(f.apiP99Ms.median, 2)} ms`,
        verdict(f.apiP99Ms.median <= 5),
      ]);
    }
    const n = r.search.name;
    if (n)
      out.push([
        `two-word partial-name search at ${rows} products: p99 ≤ 20 ms`,
        `${num(n.apiP99Ms.median, 2)} ms`,
        verdict(n.apiP99Ms.median <= 20),
      ]);
  }
  const start = r.startup?.find((s) => s.command === 'npm start') ?? r.startup?.[0];
  if (start)
    out.push([
      `cold start ≤ 1.5 s (${start.command})`,
      `${num(start.ms.median)} ms`,
      verdict(start.ms.median <= 1500 && !start.rebuilt),
    ]);
  if (r.api)
    out.push(['RSS under load ≤ 150 MB', `${num(r.api.rssPeakMb.median)} MB`, verdict(r.api.rssPeakMb.median <= 150)]);
  if (r.uploads) {
    out.push(['upload ≥ 100 MB/s', `${num(r.uploads.mbPerS.median)} MB/s`, verdict(r.uploads.mbPerS.median >= 100)]);
    const worst = Math.max(...r.uploads.resentBytes.runs.map((b, i) => b / r.uploads!.chunkAtCut[i]!));
    out.push([
      'resumed upload re-sends at most one chunk',
      `${num(r.uploads.resentBytes.median)} B re-sent`,
      verdict(worst <= 1),
    ]);
  }
  if (r.import) {
    const slowest = Math.max(r.import.previewMs.median, r.import.applyNewMs.median, r.import.applyChangedMs.median);
    out.push([
      `CSV import of ${num(r.import.rows)} rows < 10 s (slowest step)`,
      `${num(slowest)} ms`,
      verdict(slowest < 10_000),
    ]);
  }
  if (r.images) {
    const peak = Math.max(...r.images.rssPeakMb.runs);
    out.push([
      `${r.images.parallel} parallel 12-megapixel uploads: every size made, peak RSS ≤ 300 MB`,
      `${num(peak)} MB`,
      verdict(peak <= 300 && r.images.runs.every((x) => x.allSizes)),
    ]);
  }
  if (r.fanout)
    out.push([
      `fan-out p99 ≤ 250 ms (${r.fanout.clients} clients, ${r.fanout.instances} instance(s))`,
      `${num(r.fanout.p99Ms.median, 1)} ms`,
      verdict(r.fanout.p99Ms.median <= 250),
    ]);
  if (r.browser) {
    out.push([
      '/signin ≤ 250 KB gzip JS',
      kb(r.browser.signinJsGzip.median),
      verdict(r.browser.signinJsGzip.median <= 250_000),
    ]);
    out.push(['whole console ≤ 450 KB gzip JS', kb(r.browser.allJsGzip), verdict(r.browser.allJsGzip <= 450_000)]);
    const b = r.browser;
    out.push([
      'open /signin → form ≤ 500 ms',
      `${num(b.signinFormMs.median)} ms`,
      verdict(b.signinFormMs.median <= 500),
    ]);
    out.push([
      'press Sign In → dashboard ≤ 700 ms',
      `${num(b.dashboardMs.median)} ms`,
      verdict(b.dashboardMs.median <= 700),
    ]);
    if (b.productsMs)
      out.push([
        'menu → products rows ≤ 300 ms',
        `${num(b.productsMs.median)} ms`,
        verdict(b.productsMs.median <= 300),
      ]);
  }
  return out;
}

/** The Markdown section of one run: what, where, when, how; the tables; the targets. */
export function renderResult(r: BenchResult): string {
  const { meta } = r;
  const mc = meta.machine;
  const parts: string[] = [
    `### ${meta.dialect === 'postgres' ? 'PostgreSQL 15' : 'SQLite'}` +
      `${meta.quick ? ' — QUICK RUN (smaller, shorter; not comparable)' : ''}`,
    [
      `- Date: ${meta.date} · command: \`${meta.command}\` · ${num(meta.minutes, 1)} min · commit ${meta.commit}`,
      `- Machine: ${mc.cores} cores (${mc.cpu}), ${mc.memoryGiB} GiB, ` +
        `Node ${mc.node}, Linux ${mc.kernel}; load average ${num(meta.loadAverage.start, 2)} ` +
        `at the start, ${num(meta.loadAverage.end, 2)} at the end`,
      `- Scale: ${num(meta.scale.products)} products, ${num(meta.scale.users)} users; ` +
        `searches at ${num(meta.scale.searchRows)} rows; load ${meta.scale.connections} connections ` +
        `× ${meta.scale.durationS} s; ${meta.scale.fanoutClients} event-stream clients`,
      '- Every figure: one warm-up, then two measured runs; shown as **median (run 1 · run 2)**.',
    ].join('\n'),
  ];
  if (r.failures.length) parts.push(`**Sections that failed:**\n${r.failures.map((f) => `- ${f}`).join('\n')}`);
  if (r.api) {
    parts.push(
      `#### API under load (autocannon in its own ` +
        `process, ${r.api.connections} connections, ${r.api.durationS} s per run)`,
    );
    parts.push(
      table(
        [
          'route',
          'as',
          'ours req/s',
          'ours p50 ms',
          'ours p99 ms',
          'baseline req/s',
          'baseline p50 ms',
          'baseline p99 ms',
          'req/s ours ÷ base',
          'p99 ours ÷ base',
        ],
        r.api.rows.map((a) => [
          a.route,
          a.role,
          m(a.ours.rps),
          m(a.ours.p50),
          m(a.ours.p99),
          m(a.baseline.rps),
          m(a.baseline.p50),
          m(a.baseline.p99),
          `${num(a.rpsRatio * 100)} %`,
          `${num(a.p99Ratio, 2)} ×`,
        ]),
      ),
    );
    const bad = r.api.rows.filter((a) => a.ours.non2xx + a.ours.errors + a.baseline.non2xx + a.baseline.errors > 0);
    const counts = (a: (typeof bad)[number]): string =>
      `ours ${a.ours.non2xx} non-2xx / ${a.ours.errors} errors, baseline ${a.baseline.non2xx} / ${a.baseline.errors}`;
    if (bad.length)
      parts.push(
        `Non-2xx answers or errors (timeouts after 10 s ` +
          `count): ${bad.map((a) => `${a.route} (${counts(a)})`).join('; ')}.`,
      );
  }
  if (r.storefront) {
    const f = r.storefront;
    parts.push(
      `#### Storefront feed under load (${f.connections} ` +
        `connections, ${f.durationS} s per run; the signed-in routes beside it)`,
    );
    parts.push(
      table(
        ['route', 'req/s', 'p50 ms', 'p99 ms', 'unexpected answers / errors'],
        f.rows.map((x) => [x.route, m(x.rps), m(x.p50), m(x.p99), `${x.unexpected} / ${x.errors}`]),
      ),
    );
  }
  const figures: string[][] = [];
  if (r.api) {
    figures.push(
      ['server RSS, idle after start and sign-in', m(r.api.rssIdleMb), 'MB'],
      ['server RSS, peak under the load above', m(r.api.rssPeakMb), 'MB'],
    );
    if (r.api.baselineRssPeakMb)
      figures.push([
        'baseline server RSS, idle · peak under load',
        `${m(r.api.baselineRssIdleMb)} · ${m(r.api.baselineRssPeakMb)}`,
        'MB',
      ]);
  }
  for (const s of r.startup ?? [])
    figures.push([`cold start to /api/health: ${s.command}${s.rebuilt ? ' (INCLUDED A REBUILD)' : ''}`, m(s.ms), 'ms']);
  if (r.search) {
    const searches = [
      ['SKU', r.search.sku],
      ['email', r.search.email],
      ...(r.search.name ? [['two-word partial-name', r.search.name] as const] : []),
    ] as const;
    for (const [k, f] of searches) {
      figures.push([
        `${k} search at ${num(r.search.rows.products)} rows, API, one client: p50`,
        m(f.apiP50Ms, 2),
        'ms',
      ]);
      figures.push([
        `${k} search at ${num(r.search.rows.products)} rows, API, one client: p99`,
        m(f.apiP99Ms, 2),
        'ms',
      ]);
      figures.push([
        `${k} search at ${num(r.search.rows.products)} rows, the query alone (Kysely, in process): p99`,
        m(f.queryP99Ms, 3),
        'ms',
      ]);
    }
  }
  if (r.uploads) {
    const u = r.uploads;
    figures.push([
      `upload of a ${num(u.bytes / 1e6, 1)} MB PNG through /api/uploads (tus-js-client, median of ${u.perRun})`,
      m(u.mbPerS, 1),
      'MB/s',
    ]);
    figures.push([
      `cut at 50 % and resumed: bytes sent again (chunk in flight: ${u.chunkAtCut.map((c) => num(c)).join(' · ')} B)`,
      m(u.resentBytes),
      'bytes',
    ]);
  }
  if (r.import) {
    const i = r.import;
    figures.push([
      `CSV import of ${num(i.rows)} rows through /api/products/import: preview (all new, writes nothing)`,
      m(i.previewMs),
      'ms',
    ]);
    figures.push([`CSV import of ${num(i.rows)} rows: apply, all new`, m(i.applyNewMs), 'ms']);
    figures.push([`CSV import of ${num(i.rows)} rows: apply, every price changed`, m(i.applyChangedMs), 'ms']);
  }
  if (r.bulk) {
    const b = r.bulk;
    figures.push([`bulk edit: select all ${num(b.products)} matching (GET /api/products/ids)`, m(b.selectAllMs), 'ms']);
    figures.push([
      `bulk edit: set the status of ${num(b.products)} products, one request (500 a transaction)`,
      m(b.oneRequestMs),
      'ms',
    ]);
    figures.push([`bulk edit: the same in requests of 500, as the list sends it`, m(b.chunkedMs), 'ms']);
    figures.push([`bulk edit: Undo of the ${num(b.products)}-product change`, m(b.undoMs), 'ms']);
  }
  if (r.move) {
    const v = r.move;
    const what = `${num(v.products)} products, ${num(v.history)} history entries, ${num(v.rows)} rows in all`;
    figures.push([`npm run cli -- move, SQLite → PostgreSQL (${what}): copy and check, once`, num(v.seconds, 1), 's']);
    figures.push(['npm run cli -- move: peak RSS (VmHWM) of its process', num(v.peakRssMb), 'MB']);
  }
  if (r.fanout) {
    const f = r.fanout;
    const what = `${f.clients} event streams on ${f.instances} instance(s), ${f.changesPerRun} changes per run`;
    figures.push(
      [`fan-out PUT → client, p50 (${what})`, m(f.p50Ms, 1), 'ms'],
      [`fan-out PUT → client, p99`, m(f.p99Ms, 1), 'ms'],
      ['fan-out PUT → last client', m(f.lastMs, 1), 'ms'],
    );
  }
  if (r.browser) {
    const b = r.browser;
    figures.push(['JS loaded by /signin (gzip)', m(b.signinJsGzip, 1, 1000), 'KB']);
    figures.push(['JS loaded once the dashboard shows, sign-in included (gzip)', m(b.dashboardJsGzip, 1, 1000), 'KB']);
    figures.push([
      'all JS in dist/assets, gzip (raw)',
      `${num(b.allJsGzip / 1000, 1)} (${num(b.allJsRaw / 1000, 1)} raw)`,
      'KB',
    ]);
    figures.push(
      ['open /signin → sign-in form visible', m(b.signinFormMs), 'ms'],
      ['press Sign In → dashboard greeting visible', m(b.dashboardMs), 'ms'],
    );
    if (b.productsMs) figures.push(['sidebar Products → first rows of the list visible', m(b.productsMs), 'ms']);
    figures.push([`build measured: ${b.build}`, '', '']);
  }
  if (figures.length) parts.push('#### Other figures', table(['figure', 'median (run 1 · run 2)', 'unit'], figures));
  if (r.bombs) {
    const b = r.bombs;
    const runs = b.runs.length;
    const answers = b.runs.map((x) => x.statuses.join(', ')).join(' · ');
    const health = b.runs.map((x) => `${x.health.checks - x.health.failed} of ${x.health.checks}`).join(' · ');
    const killed = b.runs.some((x) => x.killed)
      ? ' **The bench killed the server: the machine was running out of memory.**'
      : '';
    parts.push(
      `#### Decompression bombs (${b.parallel} uploads at once of a ${num(b.width)} ` +
        `× ${num(b.height)} ${b.bitDepth}-bit ${b.channels === 4 ? 'RGBA' : 'grey'} ` +
        `PNG, ${num(b.bytes / 1e6, 2)} MB on disk; ${runs} run(s), each on a fresh server)`,
      `Answer: “${b.runs[0]?.message ?? ''}”${killed}`,
      table(
        ['figure', `median (${b.runs.map((_, i) => `run ${i + 1}`).join(' · ')})`, 'unit'],
        [
          ['HTTP answers to the uploads', answers, ''],
          ['time to the answer, slowest of the uploads', m(b.slowestAnswerMs), 'ms'],
          ['time to the answer, median of the uploads', m(b.medianAnswerMs), 'ms'],
          ['server RSS before (started, signed in, one small upload)', m(b.rssBeforeMb), 'MB'],
          ['server peak RSS (VmHWM) over the run', m(b.rssPeakMb), 'MB'],
          ['server RSS 5 s after the last answer', m(b.rssAfterMb), 'MB'],
          [`/api/health every 50 ms during the uploads: answered 200`, health, ''],
          ['/api/health latency during the uploads: p50', m(b.healthP50Ms, 1), 'ms'],
          ['/api/health latency during the uploads: max', m(b.healthMaxMs, 1), 'ms'],
        ],
      ),
    );
  }
  if (r.images) {
    const i = r.images;
    const b = i.backfill;
    parts.push(
      `#### Image sizes (${i.parallel} uploads at once of a ${num(i.width)} × ${num(i.height)} ` +
        `JPEG, ${num(i.bytes / 1e6, 1)} MB, each run on a fresh server; WebP at 400, 800, 1600 px)`,
      table(
        ['figure', `median (${i.runs.map((_, n) => `run ${n + 1}`).join(' · ')})`, 'unit'],
        [
          [
            'every size made and served as image/webp at its width',
            i.runs.map((x) => (x.allSizes ? 'yes' : 'NO')).join(' · '),
            '',
          ],
          [
            'time to the answer per image (check, thumbnail, sizes, store), median of the uploads',
            m(i.medianAnswerMs),
            'ms',
          ],
          ['time to the answer, slowest of the uploads', m(i.slowestAnswerMs), 'ms'],
          ['server peak RSS (VmHWM) over the run', m(i.rssPeakMb), 'MB'],
          [
            `backfill (\`npm run cli -- images --backfill\`) of ${num(b.images)} ` +
              `stored ${num(b.width)} × ${num(b.height)} JPEGs: time`,
            `${num(b.ms / 1000, 1)} s (${num(b.perImageMs)} ms per image)`,
            '',
          ],
          ['backfill: peak RSS of the CLI process (VmHWM, polled every 100 ms)', num(b.rssPeakMb), 'MB'],
          ['backfill: its last progress line', b.lastLine, ''],
        ],
      ),
    );
  }
  if (r.search)
    parts.push(
      '#### Query plans at scale',
      '```',
      r.search.sku.plan,
      '',
      r.search.email.plan,
      ...(r.search.name ? ['', r.search.name.plan] : []),
      ...(r.search.pagePlans ?? []).flatMap((p) => ['', p]),
      '```',
    );
  parts.push('#### Targets', table(['target', 'now', ''], targets(r)));
  return parts.join('\n\n');
}
