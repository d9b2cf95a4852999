import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { ACCOUNTS, type Place } from './seed.js';
import { startOurs } from './api.js';
import { log, measure, ROOT, type Measure } from './lib.js';

export interface BrowserFigures {
  /** How dist/ came to be: built by this run, or the last good build when this run's build failed. */
  build: string;
  /**
   * gzip bytes (zlib level 6 over each JS body) of the JavaScript /signin loads, and of everything loaded once the
   * dashboard shows.
   */
  signinJsGzip: Measure;
  dashboardJsGzip: Measure;
  /** Every .js file under dist/assets, gzipped one by one: the whole console. */
  allJsGzip: number;
  allJsRaw: number;
  /** Milliseconds from opening /signin to the form, and from pressing Sign In to the dashboard greeting. */
  signinFormMs: Measure;
  dashboardMs: Measure;
  /**
   * Milliseconds from clicking Products in the sidebar (dashboard shown, network idle) to the list's first row. Absent
   * in older results.
   */
  productsMs?: Measure;
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const gz = (b: Buffer): number => gzipSync(b, { level: 6 }).length;

/** `npx vite build` into dist/; on failure (another helper mid-edit), says so and keeps the last good build. */
async function buildDist(): Promise<string> {
  log('building the browser app (npx vite build)');
  const out: string[] = [];
  const code = await new Promise<number | null>((resolve) => {
    const p = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.on('data', (d: Buffer) => out.push(d.toString()));
    p.stderr.on('data', (d: Buffer) => out.push(d.toString()));
    p.on('exit', resolve);
  });
  const index = join(ROOT, 'dist', 'index.html');
  if (code === 0) return `built by this run (npx vite build, ${new Date(statSync(index).mtimeMs).toISOString()})`;
  if (!existsSync(index)) throw new Error(`vite build failed and there is no earlier build:\n${out.join('')}`);
  log(`vite build failed; measuring the last good build:\n${out.join('').slice(0, 2000)}`);
  return `LAST GOOD BUILD of ${new Date(statSync(index).mtimeMs).toISOString()} (this run's vite build failed)`;
}

/**
 * Section 6: JavaScript the console makes staff download, and how long the first screens take, in Chromium on loopback.
 */
export async function measureBrowser(place: Place, opts: { build: boolean; runs?: number }): Promise<BrowserFigures> {
  const built = join(ROOT, 'dist', 'index.html');
  const build = opts.build
    ? await buildDist()
    : `existing dist/ of ${new Date(statSync(built).mtimeMs).toISOString()} (not rebuilt: --quick or --no-build)`;
  const assets = join(ROOT, 'dist', 'assets');
  const js = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f)));
  // The browser first: when it cannot start, no server of ours is left running behind the failed section.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  const ours = await startOurs(place);
  try {
    const rounds: Array<{ signinJs: number; dashJs: number; formMs: number; dashMs: number; productsMs: number }> = [];
    for (let round = 0; round <= (opts.runs ?? 2); round++) {
      // A fresh context each time: nothing cached, as on a first visit.
      const context = await browser.newContext({ baseURL: ours.url });
      const page = await context.newPage();
      const bodies: Array<Promise<number>> = [];
      const onResponse = (res: Response): void => {
        const type = res.headers()['content-type'] ?? '';
        if (res.request().resourceType() === 'script' || /javascript/.test(type))
          bodies.push(res.body().then(gz, () => 0));
      };
      page.on('response', onResponse);
      const sum = async (upTo = bodies.length): Promise<number> =>
        (await Promise.all(bodies.slice(0, upTo))).reduce((a, b) => a + b, 0);

      const t0 = performance.now();
      await page.goto('/signin');
      await page.getByLabel('Email').waitFor({ state: 'visible' });
      const formMs = performance.now() - t0;
      await page.waitForLoadState('networkidle');
      const signinJs = await sum();

      await page.getByLabel('Email').fill(ACCOUNTS.admin.email);
      await page.getByLabel('Password', { exact: false }).first().fill(ACCOUNTS.admin.password);
      const t1 = performance.now();
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Please use the sidebar to navigate').waitFor({ state: 'visible', timeout: 30_000 });
      const dashMs = performance.now() - t1;
      // What had loaded when the greeting showed: the sidebar's idle prefetch of list pages comes after, at a moment
      // that varies with the machine's load, and belongs to the next screen.
      const atGreeting = bodies.length;
      await page.waitForLoadState('networkidle');
      const dashJs = await sum(atGreeting);

      // Someone who has seen the dashboard opens the products list from the sidebar.
      const t2 = performance.now();
      await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
      await page
        .getByRole('table', { name: 'Products' })
        .locator('tbody tr')
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      const productsMs = performance.now() - t2;
      await context.close();
      const what =
        `form ${formMs.toFixed(0)} ms, dashboard ${dashMs.toFixed(0)} ms, ` +
        `products ${productsMs.toFixed(0)} ms, JS ${signinJs} / ${dashJs} B gzip`;
      log(`${round === 0 ? 'warm-up' : `run ${round}`}: ${what}`);
      if (round > 0) rounds.push({ signinJs, dashJs, formMs, dashMs, productsMs });
    }
    return {
      build,
      signinJsGzip: measure(rounds.map((r) => r.signinJs)),
      dashboardJsGzip: measure(rounds.map((r) => r.dashJs)),
      allJsGzip: js.reduce((a, b) => a + gz(b), 0),
      allJsRaw: js.reduce((a, b) => a + b.length, 0),
      signinFormMs: measure(rounds.map((r) => r.formMs)),
      dashboardMs: measure(rounds.map((r) => r.dashMs)),
      productsMs: measure(rounds.map((r) => r.productsMs)),
    };
  } finally {
    await browser.close();
    await ours.child.stop();
  }
}
