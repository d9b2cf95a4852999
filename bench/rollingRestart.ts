/**
 * A rolling restart under writes: two instances (each `server/main.ts` in a process of its own, as
 * `npm start` runs it) on one PostgreSQL database and one bucket (s3rver), behind a real HAProxy configured as
 * docs/deploying.md says (tests/server/helpers/haproxy.ts reads the block there). A few editors save products
 * through the balancer all the while (PATCH with If-Match, the edit page's save), and the script restarts the
 * instances one after the other: round 1 stops B then A with SIGTERM (the graceful stop of server/shutdown.ts, with
 * the default SHUTDOWN_GRACE_SECONDS, 10), each followed by a new process on the same port, waited for until HAProxy
 * holds it UP; round 2 kills B with SIGKILL (a crash: no goodbye, requests under way cut), starts it again, then stops
 * A gracefully. Every save's latency and status is kept; printed: the counts, errors by status, median, p99, the
 * slowest save and where it fell against the stops and starts, the saves over 1 s, and the load average.
 *
 *   npx tsx bench/rollingRestart.ts [--writers=4] [--settle=5]
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, createData, pgAvailable, request, signIn, type TestApp } from '../tests/server/helpers/index.js';
import { haproxyAvailable, startHaproxy } from '../tests/server/helpers/haproxy.js';
import { makeImage } from '../tests/server/helpers/images.js';
import { startProcess, type ProcessInstance } from '../tests/server/helpers/process.js';
import { freePort } from '../tests/server/helpers/receiver.js';
import { startBucket } from '../tests/server/helpers/s3.js';
import { tusUpload } from '../tests/server/helpers/tus.js';
import { log, median, percentile } from './lib.js';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const WRITERS = arg('writers', 4);
/** Seconds of steady writes before the first stop, between steps and after the last. */
const SETTLE_MS = arg('settle', 5) * 1000;
/** Bounds every wait, so the bench ends by itself. */
const STEP_LIMIT_MS = 60_000;

interface Save {
  writer: number;
  /** Milliseconds from the bench's start. */
  start: number;
  ms: number;
  /** HTTP status, or 0 when the request failed without one (the error is in `error`). */
  status: number;
  error?: string;
}
interface Step {
  at: number;
  what: string;
}

const t0 = Date.now();
const now = (): number => Date.now() - t0;
const steps: Step[] = [];
const step = (what: string): void => {
  steps.push({ at: now(), what });
  log(`${(now() / 1000).toFixed(1)} s: ${what}`);
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One request on a connection of its own (as tests/server/lb/haproxy.test.ts does; see there why). */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, etag: res.headers.etag }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  if (!pgAvailable() || !haproxyAvailable()) throw new Error('needs PostgreSQL on 127.0.0.1:5432 and haproxy');
  const loadStart = loadavg();
  const bucket = await startBucket('console-rolling');
  const data = await createData('postgres');
  const dirs = { a: data.dataDir, b: mkdtempSync(join(tmpdir(), 'console-b-')) };
  const lbPort = await freePort();
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const env = {
    ...bucket.env,
    AUTH_SECRET: 'r'.repeat(40),
    PUBLIC_URL: lbUrl,
    TRUST_PROXY: '127.0.0.1',
  };
  const ports = { a: await freePort(), b: await freePort() };
  const start = (name: 'a' | 'b'): Promise<ProcessInstance> =>
    startProcess({ ...data, dataDir: dirs[name] }, env, 'server/main.ts', ports[name]);
  // A first alone: it migrates and creates the admin; B then finds them.
  const live: Record<'a' | 'b', ProcessInstance> = { a: await start('a'), b: await start('b') };
  const lb = await startHaproxy([ports.a, ports.b], lbPort);
  const server = { a: 'i1', b: 'i2' } as const;
  /** Output of every process that ran, for the feed cache's warnings. */
  const outputs: string[] = [];

  const until = async (what: string, ok: () => Promise<boolean>): Promise<void> => {
    const limit = Date.now() + STEP_LIMIT_MS;
    while (!(await ok())) {
      if (Date.now() > limit) throw new Error(`gave up waiting: ${what}`);
      await sleep(50);
    }
  };
  const held = (name: 'a' | 'b', status: string) => async () => (await lb.status())[server[name]] === status;
  await until('both UP in HAProxy', async () => (await held('a', 'UP')()) && (await held('b', 'UP')()));

  // What the helpers use of a TestApp: the balancer's address, and calls through it.
  const via: Pick<TestApp, 'baseUrl' | 'publicUrl' | 'api'> = {
    baseUrl: lbUrl,
    publicUrl: lbUrl,
    api: (m, p, o = {}) => request(lbUrl, m, p, { origin: lbUrl, ...o }),
  };
  const cookie = await signIn(via as TestApp, ADMIN.email, ADMIN.password);
  // One product per writer, each with an image uploaded through the balancer.
  const products: { id: string; version: number }[] = [];
  for (let w = 0; w < WRITERS; w++) {
    const up = await tusUpload(via as TestApp, cookie, await makeImage('jpeg', 4000 + w));
    if (!up.ok) throw new Error(`upload failed: ${up.status} ${up.body}`);
    const body = {
      sku: `ROLL-${w}`,
      name: `Towel ${w}`,
      category: 'Linen',
      mc: 'Linen care',
      price: '100 kr',
      details: 'Washed',
      active: true,
      images: [(JSON.parse(up.body) as { address: string }).address],
    };
    const res = await via.api('POST', '/api/products', { cookie, body });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
    products.push({ id: res.json.id as string, version: res.json.version as number });
  }

  const saves: Save[] = [];
  let writing = true;
  const writer = async (w: number): Promise<void> => {
    const p = products[w]!;
    for (let i = 0; writing; i++) {
      const began = now();
      const t = performance.now();
      try {
        const res = await send(
          `${lbUrl}/api/products/${p.id}`,
          'PATCH',
          { cookie, origin: lbUrl, 'content-type': 'application/json', 'if-match': `"${p.version}"` },
          JSON.stringify({ price: `${100 + (i % 900)} kr` }),
        );
        saves.push({ writer: w, start: began, ms: performance.now() - t, status: res.status });
        if (res.status === 200) p.version = (JSON.parse(res.text) as { version: number }).version;
        // After a 502 the save may have been made: read the version the product has now, as a reload would.
        else {
          const cur = await send(`${lbUrl}/api/products/${p.id}`, 'GET', { cookie });
          if (cur.status === 200) p.version = (JSON.parse(cur.text) as { version: number }).version;
        }
      } catch (err) {
        saves.push({ writer: w, start: began, ms: performance.now() - t, status: 0, error: (err as Error).message });
      }
    }
  };
  let maxLoad = loadStart[0]!;
  const loadWatch = setInterval(() => (maxLoad = Math.max(maxLoad, loadavg()[0]!)), 1000);
  step('writers start');
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));

  const restart = async (name: 'a' | 'b', how: 'SIGTERM' | 'SIGKILL'): Promise<void> => {
    const old = live[name];
    step(`${name.toUpperCase()} ${how === 'SIGTERM' ? 'stop (SIGTERM)' : 'crash (SIGKILL)'}`);
    old.child.kill(how);
    const exit = await old.exited;
    outputs.push(old.output());
    step(`${name.toUpperCase()} exited (${exit.signal ?? `code ${exit.code}`})`);
    live[name] = await start(name);
    step(`${name.toUpperCase()} new process ready`);
    await until(`${name} UP`, held(name, 'UP'));
    step(`${name.toUpperCase()} UP in HAProxy`);
    await sleep(SETTLE_MS);
  };

  try {
    await sleep(SETTLE_MS);
    // Round 1: graceful, B then A.
    await restart('b', 'SIGTERM');
    await restart('a', 'SIGTERM');
    // Round 2: B crashes (restarted as systemd's Restart=on-failure would), then A is stopped gracefully.
    await restart('b', 'SIGKILL');
    await restart('a', 'SIGTERM');
    step('writers stop');
  } finally {
    writing = false;
    await Promise.all(writers);
    clearInterval(loadWatch);
  }
  const loadEnd = loadavg();
  outputs.push(live.a.output(), live.b.output());

  // What the database holds: each save answered 200 advanced its product's version by one; a 502 may have too.
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: data.databaseUrl! });
  await db.connect();
  const versions = await db.query<{ v: number }>(
    "select coalesce(sum(version - 1), 0)::int as v from products where sku like 'ROLL-%'",
  );
  await db.end();

  await lb.close();
  await live.a.kill();
  await live.b.kill();
  await data.drop();
  rmSync(dirs.b, { recursive: true, force: true });
  await bucket.close();

  report(saves, steps, {
    loadStart,
    loadEnd,
    maxLoad,
    versionsAdvanced: versions.rows[0]!.v,
    waitsRunOut: outputs.join('\n').split('did not confirm a drop in time').length - 1,
  });
}

function report(
  saves: Save[],
  steps: Step[],
  extra: { loadStart: number[]; loadEnd: number[]; maxLoad: number; versionsAdvanced: number; waitsRunOut: number },
): void {
  const ms = saves.map((s) => s.ms);
  const byStatus = new Map<string, number>();
  for (const s of saves) {
    const k = s.status === 0 ? `no answer (${s.error})` : String(s.status);
    byStatus.set(k, (byStatus.get(k) ?? 0) + 1);
  }
  /** Where a moment falls: after which step, and how long after it. */
  const place = (at: number): string => {
    const before = steps.filter((s) => s.at <= at).at(-1);
    return before ? `${((at - before.at) / 1000).toFixed(2)} s after "${before.what}"` : 'before the first step';
  };
  const fmt = (x: number): string => `${Math.round(x)} ms`;
  const slow = saves.filter((s) => s.ms > 1000).sort((a, b) => a.start - b.start);
  const slowest = saves.reduce((a, b) => (b.ms > a.ms ? b : a));
  const lines = [
    '',
    `Rolling restart under writes: ${WRITERS} writers through HAProxy, ${(steps.at(-1)!.at / 1000).toFixed(0)} s`,
    `load average (1, 5, 15 min): start ${extra.loadStart.map((l) => l.toFixed(2)).join(', ')}; ` +
      `end ${extra.loadEnd.map((l) => l.toFixed(2)).join(', ')}; highest 1-min seen ${extra.maxLoad.toFixed(2)}`,
    `saves: ${saves.length}; by status: ${[...byStatus].map(([k, n]) => `${k}: ${n}`).join(', ')}`,
    `versions the database advanced: ${extra.versionsAdvanced} (200s: ${byStatus.get('200') ?? 0})`,
    `latency: median ${fmt(median(ms))}, p99 ${fmt(percentile(ms, 99))}, ` +
      `slowest ${fmt(slowest.ms)} (status ${slowest.status}, started ${place(slowest.start)})`,
    'every save not answered 200:',
    ...saves
      .filter((s) => s.status !== 200)
      .map(
        (s) =>
          `  ${s.status || s.error} after ${fmt(s.ms)}, started ${place(s.start)} ` +
          `(${new Date(t0 + s.start).toISOString().slice(11, 23)}, to match HAPROXY_LOG=1's lines)`,
      ),
    `saves over 1 s: ${slow.length}`,
    ...slow.map((s) => `  ${fmt(s.ms)} status ${s.status}, started ${place(s.start)}`),
    `feed cache waits that ran out (logged by the instances): ${extra.waitsRunOut}`,
    'steps:',
    ...steps.map((s) => `  ${(s.at / 1000).toFixed(2)} s ${s.what}`),
    'per phase (from each step to the next): saves, median, max, non-200',
    ...steps.slice(0, -1).map((s, i) => {
      const inside = saves.filter((x) => x.start >= s.at && x.start < steps[i + 1]!.at);
      const t = inside.map((x) => x.ms);
      return (
        `  ${s.what}: ${inside.length}, ${inside.length ? fmt(median(t)) : '-'}, ` +
        `${inside.length ? fmt(Math.max(...t)) : '-'}, ${inside.filter((x) => x.status !== 200).length}`
      );
    }),
  ];
  console.log(lines.join('\n'));
}

await main();
