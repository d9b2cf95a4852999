import { createPlace, openPlace, seedCatalogue, ACCOUNTS } from './seed.js';
import { seedHistory } from './move.js';
import { startOurs } from './api.js';
import { log, percentile, signIn } from './lib.js';
import type { Dialect } from '../server/db/index.js';
import { catalogueFigures, staffFigures } from '../server/core/dashboard.js';

// GET /api/dashboard: the admin's whole dashboard (catalogue and staff) on 100,000 products and
// 1,000,000 history entries, through our compiled server; beside it GET /api/me, a signed-in request that reads one
// row, as the floor this machine gives any request at the same moment (the two asked in turn). First each part in
// process (core/dashboard.ts's two reads, no HTTP), to see which is slow. Not part of `npm run bench` yet:
//   npx tsx bench/dashboard.ts sqlite|postgres [--products=N] [--history=N] [--requests=N] [--connections=N]
const arg = (name: string, fallback: number): number =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const dialect = (process.argv[2] ?? 'sqlite') as Dialect;
const products = arg('products', 100_000);
const history = arg('history', 1_000_000);
const requests = arg('requests', 1000);
const connections = arg('connections', 10);

const place = await createPlace(dialect);
try {
  const db = await openPlace(place);
  log(`seeding ${products.toLocaleString('en')} products, ${history.toLocaleString('en')} history entries`);
  await seedCatalogue(db, products, 1000);
  await seedHistory(db, history);
  for (const [name, part] of [
    ['catalogue', () => catalogueFigures(db.kysely)],
    ['staff', () => staffFigures(db.kysely, 'off')],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const t0 = performance.now();
      await part();
      if (i >= 20) times.push(performance.now() - t0);
    }
    log(
      `${dialect}, in process, ${name}: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
  }
  await db.close();
  const ours = await startOurs(place);
  try {
    const cookie = await signIn(ours.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const one = async (path: string): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${ours.url}${path}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - t0;
    };
    for (let i = 0; i < 50; i++) await one('/api/dashboard');
    for (const c of [1, connections]) {
      const times: number[] = [];
      const floor: number[] = [];
      let left = requests;
      await Promise.all(
        Array.from({ length: c }, async () => {
          while (left-- > 0) {
            times.push(await one('/api/dashboard'));
            floor.push(await one('/api/me'));
          }
        }),
      );
      const f = (xs: number[], p: number) => percentile(xs, p).toFixed(1);
      log(
        `${dialect}, ${c} connection(s), ${times.length} requests each: /api/dashboard p50 ${f(times, 50)} ms, ` +
          `p99 ${f(times, 99)} ms; /api/me p50 ${f(floor, 50)} ms, p99 ${f(floor, 99)} ms`,
      );
    }
  } finally {
    await ours.child.stop();
  }
} finally {
  await place.drop();
}
