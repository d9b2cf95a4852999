// `npx tsx bench/trace.ts [--runs=N] [--save=DIR]`: where the browser's time goes on the three screens the bench
// times (open /signin, Sign In → dashboard, menu → products list), from Chromium's own performance trace and the
// network events of the DevTools protocol. Prints, per phase, each request (start and end from the phase's start,
// bytes on the wire) and the main thread's work (script compile and evaluation per file, other tasks by kind).
// A tool for finding what to fix, not a figure of the bench: bench/browser.ts times the same screens without tracing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { ACCOUNTS, createPlace, openPlace, seedCatalogue } from './seed.js';
import { startOurs } from './api.js';
import { log } from './lib.js';
import { startProfile, stopProfile } from './traceProfile.js';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'netlog',
];

interface Req {
  id: string;
  url: string;
  start: number;
  end?: number;
  bytes?: number;
  status?: number;
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; message?: string; type?: string } };
}

const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1);
const saveDir = args.find((a) => a.startsWith('--save='))?.slice(7);
// With --profile, a JavaScript CPU profile of each phase too (it slows the page: its phase times are not comparable).
const profile = args.includes('--profile');
const asBench = args.includes('--as-bench');

function watchNetwork(cdp: CDPSession): Map<string, Req> {
  const reqs = new Map<string, Req>();
  cdp.on('Network.requestWillBeSent', (e) =>
    reqs.set(e.requestId, { id: e.requestId, url: e.request.url, start: e.timestamp * 1e6 }),
  );
  cdp.on('Network.responseReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.status = e.response.status;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp * 1e6, bytes: e.encodedDataLength });
  });
  return reqs;
}

/** Marks a moment in the trace (a TimeStamp event) from inside the page. */
const mark = (page: Page, label: string): Promise<void> => page.evaluate((l) => console.timeStamp(l), label);

const short = (url: string): string => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
const ms = (us: number): string => (us / 1000).toFixed(0).padStart(6);

function report(events: TraceEvent[], reqs: Req[], phases: Array<[string, string, string]>): void {
  const stamp = (label: string): number => {
    const e = events.find((x) => x.name === 'TimeStamp' && x.args?.data?.message === label);
    if (!e) throw new Error(`no trace mark ${label}`);
    return e.ts;
  };
  // The renderer's main thread: where the page's scripts run.
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  for (const [title, from, to] of phases) {
    const t0 = stamp(from);
    const t1 = stamp(to);
    process.stdout.write(
      `\n## ${title}: ${((t1 - t0) / 1000).toFixed(0)} ms\n\n` +
        `requests (start → end ms from the phase's start, bytes):\n`,
    );
    for (const r of reqs.filter((x) => x.start >= t0 - 1000 && x.start <= t1).sort((a, b) => a.start - b.start)) {
      const end = r.end === undefined ? '  open' : ms(r.end - t0);
      process.stdout.write(
        `  ${ms(r.start - t0)} → ${end}  ${String(r.bytes ?? '').padStart(8)}  ${r.status ?? '   '}  ${short(r.url)}\n`,
      );
    }
    const inPhase = events.filter((e) => e.ph === 'X' && e.ts >= t0 && e.ts <= t1 && mains.has(`${e.pid}:${e.tid}`));
    const byKind = new Map<string, number>();
    for (const e of inPhase) {
      const url = e.args?.data?.url;
      const key =
        [
          'v8.compile',
          'v8.compileModule',
          'EvaluateScript',
          'v8.evaluateModule',
          'FunctionCall',
          'v8.produceModuleCache',
        ].includes(e.name) && url
          ? `${e.name} ${short(url)}`
          : e.name;
      byKind.set(key, (byKind.get(key) ?? 0) + (e.dur ?? 0));
    }
    const busy = inPhase.filter((e) => e.name === 'RunTask').reduce((a, e) => a + (e.dur ?? 0), 0);
    process.stdout.write(
      `main thread busy (RunTask): ${(busy / 1000).toFixed(0)} ms; largest parts (ms, nested parts overlap):\n`,
    );
    for (const [k, v] of [...byKind]
      .filter(([k]) => k !== 'RunTask')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 18)) {
      process.stdout.write(`  ${(v / 1000).toFixed(1).padStart(7)}  ${k}\n`);
    }
  }
}

async function main(): Promise<void> {
  const place = await createPlace('sqlite');
  const db = await openPlace(place);
  const ours = await (async () => {
    await seedCatalogue(db, 1000, 100);
    return startOurs(place);
  })();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext({ baseURL: ours.url });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const reqs = watchNetwork(cdp);
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto('about:blank');
      const profiles: string[] = [];
      if (profile) await startProfile(cdp);
      await mark(page, 'open');
      await page.goto('/signin', { waitUntil: 'commit' });
      await page.getByLabel('Email').waitFor({ state: 'visible' });
      await mark(page, 'form');
      if (profile) profiles.push(await stopProfile(cdp, 'open /signin → form'));
      await page.waitForLoadState('networkidle');
      await page.getByLabel('Email').fill(ACCOUNTS.admin.email);
      await page.getByLabel('Password', { exact: false }).first().fill(ACCOUNTS.admin.password);
      // As the bench does with --as-bench: Sign In pressed at once after filling, not once the typing's prefetch is
      // done.
      if (!asBench) await page.waitForLoadState('networkidle');
      if (profile) await startProfile(cdp);
      await mark(page, 'press');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Please use the sidebar to navigate').waitFor({ state: 'visible', timeout: 30_000 });
      await mark(page, 'dashboard');
      if (profile) profiles.push(await stopProfile(cdp, 'Sign In → dashboard'));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      if (profile) await startProfile(cdp);
      await mark(page, 'menu');
      await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
      await page.getByRole('table', { name: 'Products' }).locator('tbody tr').first().waitFor({ state: 'visible' });
      await mark(page, 'rows');
      if (profile) profiles.push(await stopProfile(cdp, 'menu → products rows'));
      const buffer = await browser.stopTracing();
      await context.close();
      const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        writeFileSync(join(saveDir, `trace-${run}.json`), buffer);
      }
      process.stdout.write(`\n# run ${run}\n`);
      report(
        events,
        [...reqs.values()],
        [
          ['open /signin → form visible', 'open', 'form'],
          ['press Sign In → dashboard greeting', 'press', 'dashboard'],
          ['menu Products → first rows', 'menu', 'rows'],
        ],
      );
      process.stdout.write(profiles.join(''));
    }
  } finally {
    await browser.close();
    await ours.child.stop();
    await db.close();
    await place.drop();
  }
  log('done');
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
