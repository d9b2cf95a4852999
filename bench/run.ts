// `npm run bench [-- --pg] [-- --quick]`: measures what staff feel against the stack's own floor, prints the
// table, writes bench/results/<date>-<dialect>.json and the generated part of BENCHMARKS.md. Never part of npm test.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlace, drawSamples, openPlace, seedCatalogue } from './seed.js';
import { measureApi } from './api.js';
import { measureSearch } from './search1m.js';
import { measureStartup } from './startup.js';
import { measureUploads } from './uploads.js';
import { measureFanout } from './fanout.js';
import { measureBrowser } from './browser.js';
import { measureBombs } from './bombs.js';
import { measureStorefront } from './storefront.js';
import { measureImport } from './import.js';
import { measureMove } from './move.js';
import { measureImages } from './images.js';
import { measureBulk } from './bulk.js';
import { renderResult, type BenchResult } from './report.js';
import { log, machine, ROOT } from './lib.js';

const SECTIONS = [
  'api',
  'uploads',
  'fanout',
  'browser',
  'startup',
  'search',
  'bombs',
  'storefront',
  'import',
  'move',
  'images',
  'bulk',
] as const;
type Section = (typeof SECTIONS)[number];
/**
 * The sections a run needs to be shown in BENCHMARKS.md: bombs, storefront, import, move and images came later, and
 * full runs from before them still count.
 */
const TABLED: Section[] = SECTIONS.filter(
  (s) => s !== 'bombs' && s !== 'storefront' && s !== 'import' && s !== 'move' && s !== 'images' && s !== 'bulk',
);
const BEGIN = '<!-- bench:begin (written by npm run bench from bench/results; edit outside these marks) -->';
const END = '<!-- bench:end -->';

const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(`--${name}`);
// A full run leaves out 'move' (it grows the SQLite place to 1,000,000 products and copies them): --only=move runs it.
const only =
  args
    .find((a) => a.startsWith('--only='))
    ?.slice(7)
    .split(',') ?? SECTIONS.filter((s) => s !== 'move');
const quick = flag('quick');
const dialect = flag('pg') ? ('postgres' as const) : ('sqlite' as const);
// Quick: a smaller catalogue, shorter runs and fewer clients, so the whole run takes a few minutes.
const scale = quick
  ? {
      products: 10_000,
      users: 1_000,
      searchRows: 100_000,
      connections: 50,
      durationS: 3,
      warmupS: 1,
      fanoutClients: 100,
      uploadsPerRun: 3,
    }
  : {
      products: 100_000,
      users: 10_000,
      searchRows: 1_000_000,
      connections: 50,
      durationS: 15,
      warmupS: 5,
      fanoutClients: 500,
      uploadsPerRun: 5,
    };

/** The newest full (not quick) result per dialect, rendered between the marks of BENCHMARKS.md. */
function writeBenchmarks(): void {
  const dir = join(ROOT, 'bench', 'results');
  const all = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as BenchResult)
    .filter((r) => !r.meta.quick && TABLED.every((s) => r.meta.sections.includes(s)))
    .sort((a, b) => b.meta.date.localeCompare(a.meta.date));
  const newest = (['sqlite', 'postgres'] as const)
    .map((d) => all.find((r) => r.meta.dialect === d))
    .filter((r) => r !== undefined);
  const generated = newest.length
    ? newest.map(renderResult).join('\n\n')
    : '_No full run yet: `npm run bench` and `npm run bench -- --pg`._';
  const file = join(ROOT, 'BENCHMARKS.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${BEGIN}\n${END}\n`;
  const [head, rest] = text.includes(BEGIN) ? text.split(BEGIN) : [`${text}\n`, `\n${END}\n`];
  const tail = rest!.includes(END) ? rest!.slice(rest!.indexOf(END) + END.length) : '\n';
  writeFileSync(file, `${head}${BEGIN}\n\n${generated}\n\n${END}${tail}`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const result: BenchResult = {
    meta: {
      date: new Date().toISOString(),
      command: `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`,
      machine: machine(),
      dialect,
      quick,
      sections: only,
      commit:
        execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim() +
        (execSync('git status --porcelain', { cwd: ROOT }).length ? ' (with uncommitted changes)' : ''),
      scale: {
        products: scale.products,
        users: scale.users,
        searchRows: scale.searchRows,
        connections: scale.connections,
        durationS: scale.durationS,
        fanoutClients: scale.fanoutClients,
      },
      loadAverage: { start: loadavg()[0]!, end: NaN },
      minutes: NaN,
    },
    api: null,
    search: null,
    startup: null,
    uploads: null,
    fanout: null,
    browser: null,
    bombs: null,
    storefront: null,
    import: null,
    move: null,
    images: null,
    bulk: null,
    failures: [],
  };
  if (quick) {
    log(
      'QUICK RUN: 10,000 products, 1,000 users, searches at ' +
        '100,000 rows, 3 s runs, 100 event streams, 3 uploads per run,',
    );
    log(
      '           start-up of npm start only, and the existing dist/ ' +
        'when there is one; figures not comparable with a full run',
    );
  }
  const place = await createPlace(dialect);
  const db = await openPlace(place);
  try {
    log(
      `seeding ${scale.products.toLocaleString('en')} products ` +
        `and ${scale.users.toLocaleString('en')} users (${dialect})`,
    );
    await seedCatalogue(db, scale.products, scale.users);
    const samples = await drawSamples(db, scale.products, scale.users);
    // Our server's CPU profile of the API section, kept out of the repository.
    const profileDir = join(tmpdir(), 'console-bench-profiles');
    const profile = flag('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    if (profile.length) log(`our server writes its CPU profile to ${profileDir}`);
    const run: Record<Section, () => Promise<void>> = {
      api: async () => void (result.api = await measureApi(place, samples, { ...scale, execArgv: profile })),
      uploads: async () =>
        void (result.uploads = await measureUploads(place, { bytes: 30_000_000, perRun: scale.uploadsPerRun })),
      fanout: async () =>
        void (result.fanout = await measureFanout(place, {
          clients: scale.fanoutClients,
          instances: dialect === 'postgres' ? 2 : 1,
          changesPerRun: 3,
        })),
      // A quick run measures the last build when there is one (a build takes 30–60 s here).
      browser: async () =>
        void (result.browser = await measureBrowser(place, {
          build: !flag('no-build') && !(quick && existsSync(join(ROOT, 'dist', 'index.html'))),
          runs: Number(args.find((a) => a.startsWith('--browser-runs='))?.slice(15) ?? 2),
        })),
      startup: async () => void (result.startup = await measureStartup(place, { allCommands: !quick })),
      search: async () =>
        void (result.search = await measureSearch(place, db, scale.searchRows, {
          requests: quick ? 1000 : 3000,
          maxMs: 60_000,
        })),
      // Four 16383 × 16383 16-bit RGBA PNGs at once (each 2 MB on disk, 2.1 GB of pixels), each run on a fresh server.
      bombs: async () => void (result.bombs = await measureBombs(place, { parallel: 4, runs: 2 })),
      // The storefront's feed under the API section's load, beside the signed-in routes, and a 304's cost.
      storefront: async () => void (result.storefront = await measureStorefront(place, db, samples, scale)),
      // 10,000 CSV rows (the import's limit): preview, apply as new, apply with every price changed; twice (once if
      // quick).
      import: async () => void (result.import = await measureImport(place, db, { rows: 10_000, runs: quick ? 1 : 2 })),
      // SQLite only: the place grown to 1,000,000 products (100,000 if quick) and 100,000 history entries, moved once.
      move: async () =>
        void (result.move = await measureMove(place, db, {
          products: quick ? 100_000 : 1_000_000,
          users: scale.users,
          history: quick ? 10_000 : 100_000,
        })),
      // Four 12-megapixel JPEGs uploaded at once (every size made, peak RSS, time per image), each run on a fresh
      // server; then `npm run cli -- images --backfill` over 1,000 stored images without sizes (100 if quick).
      // 10,000 products (the bulk edit's limit): select all, set the status in one request and in requests of 500,
      // undo.
      bulk: async () => void (result.bulk = await measureBulk(place, { runs: quick ? 1 : 2 })),
      images: async () =>
        void (result.images = await measureImages(place, db, {
          parallel: 4,
          runs: quick ? 1 : 2,
          backfill: quick ? 100 : 1000,
        })),
    };
    for (const s of SECTIONS.filter((x) => only.includes(x))) {
      log(`— ${s} —`);
      try {
        await run[s]();
      } catch (err) {
        log(`${s} failed: ${err instanceof Error ? err.stack : String(err)}`);
        result.failures.push(`${s}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      }
    }
  } finally {
    await db.close();
    await place.drop();
  }
  result.meta.loadAverage.end = loadavg()[0]!;
  result.meta.minutes = (performance.now() - started) / 60_000;
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const name = `${result.meta.date.slice(0, 16).replace(':', '-')}-${dialect}${quick ? '-quick' : ''}.json`;
  writeFileSync(join(dir, name), `${JSON.stringify(result, null, 2)}\n`);
  writeBenchmarks();
  process.stdout.write(`${renderResult(result)}\n\n`);
  log(
    `wrote bench/results/${name}; BENCHMARKS.md shows the newest full run ` +
      `per dialect${quick ? ' (quick and --only runs are not among them)' : ''}`,
  );
  if (result.failures.length) process.exitCode = 1;
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
