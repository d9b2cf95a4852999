import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { pngBomb } from '../tests/server/helpers/bomb.js';
import { ACCOUNTS, type Place } from './seed.js';
import { startOurs } from './api.js';
import { log, measure, median, percentile, signIn, tusUpload, type Measure, type UploadAnswer } from './lib.js';

const upload = (base: string, cookie: string, data: Buffer, name: string): Promise<UploadAnswer> =>
  tusUpload(base, cookie, data, name, 'image/png');

/** One run: four bombs at once on a freshly started server. */
export interface BombRun {
  /** The four answers' HTTP statuses (0: no answer), and each upload's time from start to that answer. */
  statuses: number[];
  answerMs: number[];
  /** The first answer's error message, or its body when it was not an error. */
  message: string;
  /** Server RSS after start, sign-in and one small upload (libvips loaded); its peak (VmHWM) over the whole run;
   *  the highest VmRSS polled every 50 ms during the bombs; and VmRSS 5 s after the last answer. */
  rssBeforeMb: number;
  rssPeakMb: number;
  rssPolledPeakMb: number;
  rssAfterMb: number;
  /**
   * GET /api/health sent every 50 ms while the bombs ran, each timed on its own (10 s without an answer counts as
   * failed).
   */
  health: { checks: number; failed: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** The bench killed the server: the machine was about to run out of memory. */
  killed: boolean;
}

export interface BombFigures {
  width: number;
  height: number;
  bitDepth: number;
  channels: number;
  /** The PNG's size in bytes, and how long the bench took to make it. */
  bytes: number;
  generateMs: number;
  parallel: number;
  runs: BombRun[];
  rssBeforeMb: Measure;
  rssPeakMb: Measure;
  rssAfterMb: Measure;
  /** Per run: the slowest of the parallel uploads (all answered), and their median. */
  slowestAnswerMs: Measure;
  medianAnswerMs: Measure;
  healthP50Ms: Measure;
  healthMaxMs: Measure;
}

const HEALTH_EVERY_MS = 50;
const HEALTH_TIMEOUT_MS = 10_000;
/** Below this much available memory on the machine the bench kills the server rather than let the kernel choose. */
const MIN_AVAILABLE_MB = 3 * 1024;

/** VmRSS and VmHWM of a process in MB, from /proc (NaN when it is gone). */
function memory(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, hwm: NaN };
  }
}

/** MemAvailable of this machine in MB. */
function availableMb(): number {
  const m = /MemAvailable:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'));
  return m ? Number(m[1]) / 1024 : Infinity;
}

const messageOf = (body: string): string => {
  try {
    return (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body;
  } catch {
    return body;
  }
};

/** One run on a fresh server, so its VmHWM is this run's peak. */
async function bombRun(place: Place, bomb: Buffer, parallel: number, small: Buffer): Promise<BombRun> {
  const ours = await startOurs(place);
  const pid = ours.child.pid;
  try {
    const cookie = await signIn(ours.url, ACCOUNTS.editor.email, ACCOUNTS.editor.password);
    const warm = await upload(ours.url, cookie, small, 'warm-up.png');
    if (warm.status !== 201) throw new Error(`the warm-up upload answered ${warm.status}: ${warm.body}`);
    await new Promise((r) => setTimeout(r, 500));
    const rssBeforeMb = memory(pid).rss;

    let polledPeak = rssBeforeMb;
    let hwm = memory(pid).hwm;
    let killed = false;
    const healthMs: number[] = [];
    let failed = 0;
    const checks: Array<Promise<void>> = [];
    const tick = setInterval(() => {
      const now = memory(pid);
      if (now.rss > polledPeak) polledPeak = now.rss;
      if (now.hwm > hwm || Number.isNaN(hwm)) hwm = now.hwm;
      if (!killed && availableMb() < MIN_AVAILABLE_MB) {
        killed = true;
        log(
          `bombs: the machine has under ${MIN_AVAILABLE_MB} MB available ` +
            `(server RSS ${now.rss.toFixed(0)} MB): killing the server`,
        );
        ours.child.proc.kill('SIGKILL');
      }
      const t0 = performance.now();
      checks.push(
        fetch(`${ours.url}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).then(
          async (res) => {
            await res.arrayBuffer();
            if (res.status === 200) healthMs.push(performance.now() - t0);
            else failed++;
          },
          () => void failed++,
        ),
      );
    }, HEALTH_EVERY_MS);

    const answers = await Promise.all(
      Array.from({ length: parallel }, (_, i) => upload(ours.url, cookie, bomb, `bomb-${i + 1}.png`)),
    );
    clearInterval(tick);
    await Promise.all(checks);
    const end = memory(pid);
    if (end.hwm > hwm || Number.isNaN(hwm)) hwm = end.hwm;
    if (end.rss > polledPeak) polledPeak = end.rss;
    await new Promise((r) => setTimeout(r, 5000));
    const rssAfterMb = memory(pid).rss;

    const run: BombRun = {
      statuses: answers.map((a) => a.status),
      answerMs: answers.map((a) => a.ms),
      message: messageOf(answers[0]!.body),
      rssBeforeMb,
      rssPeakMb: hwm,
      rssPolledPeakMb: polledPeak,
      rssAfterMb,
      health: {
        checks: checks.length,
        failed,
        p50Ms: percentile(healthMs, 50),
        p99Ms: percentile(healthMs, 99),
        maxMs: healthMs.length ? Math.max(...healthMs) : NaN,
      },
      killed,
    };
    const f = (n: number): string => n.toFixed(0);
    log(
      `${parallel} bombs: answers ${run.statuses.join(', ')} ` +
        `in ${run.answerMs.map(f).join(', ')} ms ("${run.message.slice(0, 90)}"); ` +
        `server RSS ${f(rssBeforeMb)} MB before, peak ${f(hwm)} MB ` +
        `(polled ${f(polledPeak)}), ${f(rssAfterMb)} MB 5 s after; ` +
        `health ${checks.length - failed}/${checks.length} answered, p50 ${run.health.p50Ms.toFixed(1)} ` +
        `ms, max ${run.health.maxMs.toFixed(1)} ms${killed ? '; SERVER KILLED' : ''}`,
    );
    return run;
  } finally {
    await ours.child.stop();
  }
}

/**
 * Decompression bombs: `parallel` uploads at once of a PNG that is small on disk and huge decoded (16383 × 16383
 * 16-bit RGBA by default, 2.1 GB of pixels in about 2 MB). Each run on a freshly started server: its peak RSS, its
 * RSS 5 s later, how long the answers took, and whether /api/health kept answering meanwhile.
 */
export async function measureBombs(
  place: Place,
  opts: { width?: number; height?: number; bitDepth?: 8 | 16; channels?: 1 | 4; parallel?: number; runs?: number } = {},
): Promise<BombFigures> {
  const { width = 16383, height = 16383, bitDepth = 16, channels = 4, parallel = 4, runs = 2 } = opts;
  const t0 = performance.now();
  const bomb = await pngBomb(width, height, { bitDepth, channels });
  const generateMs = performance.now() - t0;
  log(
    `made a ${width} × ${height} ${bitDepth}-bit ${channels === 4 ? 'RGBA' : 'grey'} ` +
      `PNG: ${(bomb.length / 1e6).toFixed(2)} MB in ${generateMs.toFixed(0)} ms`,
  );
  // A small real image, so the server has loaded libvips before the bombs (its memory is part of "before").
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a5' } })
    .png()
    .toBuffer();
  const all: BombRun[] = [];
  for (let i = 0; i < runs; i++) all.push(await bombRun(place, bomb, parallel, small));
  const per = (f: (r: BombRun) => number): Measure => measure(all.map(f));
  return {
    width,
    height,
    bitDepth,
    channels,
    bytes: bomb.length,
    generateMs,
    parallel,
    runs: all,
    rssBeforeMb: per((r) => r.rssBeforeMb),
    rssPeakMb: per((r) => r.rssPeakMb),
    rssAfterMb: per((r) => r.rssAfterMb),
    slowestAnswerMs: per((r) => Math.max(...r.answerMs)),
    medianAnswerMs: per((r) => median(r.answerMs)),
    healthP50Ms: per((r) => r.health.p50Ms),
    healthMaxMs: per((r) => r.health.maxMs),
  };
}
