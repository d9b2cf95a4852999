// Not a figure: GET /api/products/:id under autocannon (50 connections), ours then the bare baseline, with each
// server's CPU time per request read from /proc (a second view beside req/s; both move with other load). With --prof,
// each server writes a CPU profile to $TMPDIR/console-point-profiles.
// `npx tsx bench/pointProfile.ts [sqlite|postgres] [seconds] [rounds] [--prof] [--route=id|sku|email]`: the route is
// product by id unless --route names the exact SKU search or the exact email search (as an admin).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ACCOUNTS, createPlace, drawSamples, openPlace, seedCatalogue } from './seed.js';
import { routes, startOurs } from './api.js';
import { freePort, signIn, startChild } from './lib.js';
import type { CannonJob, CannonResult } from './load.js';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const seconds = Number(process.argv[3] ?? 10);
const rounds = Number(process.argv[4] ?? 1);
const dir = join(tmpdir(), 'console-point-profiles');
const prof = process.argv.includes('--prof') ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
const route = process.argv.find((a) => a.startsWith('--route='))?.slice(8) ?? 'id';
const routeName = { id: 'product by id', sku: 'products, exact SKU search', email: 'users, exact email search' }[route];
if (!routeName) throw new Error(`--route=${route}: one of id, sku, email`);
const place = await createPlace(dialect);
const db = await openPlace(place);
await seedCatalogue(db, 100_000, 1000);
const s = await drawSamples(db, 100_000, 1000);
await db.close();
const ours = await startOurs(place, {}, prof);
const basePort = await freePort();
const base = await startChild('baseline.ts', { ...place.env, PORT: String(basePort) }, [], prof);
const loader = await startChild('load.ts', {});
try {
  const { role, paths } = routes(s).find((r) => r.name === routeName)!;
  const cookie = await signIn(ours.url, ACCOUNTS[role].email, ACCOUNTS[role].password);
  // CPU seconds (user + system) a process has used, from /proc: per request, it barely depends on other load.
  const cpu = (pid: number): number =>
    readFileSync(`/proc/${pid}/stat`, 'utf8')
      .split(') ')[1]!
      .split(' ')
      .slice(11, 13)
      .reduce((a, x) => a + Number(x), 0) / 100;
  const sides = [
    ['ours', ours.url, { cookie }, ours.child.pid],
    ['baseline', `http://127.0.0.1:${basePort}`, {}, base.pid],
  ] as const;
  for (let round = 0; round < rounds; round++) {
    for (const [name, url, headers, pid] of sides) {
      for (const d of [1, seconds]) {
        const c0 = cpu(pid);
        const r = await loader.ask<CannonResult>(
          { type: 'cannon', url, paths, headers, connections: 50, durationS: d } satisfies CannonJob,
          'cannon',
        );
        const us = ((cpu(pid) - c0) / r.total) * 1e6;
        if (d === seconds)
          console.log(
            `${name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ` +
              `ms, ${us.toFixed(1)} µs CPU per request, non2xx ${r.non2xx}`,
          );
      }
    }
  }
} finally {
  await Promise.all([ours.child.stop(), base.stop(), loader.stop()]);
  await place.drop();
}
