import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { link, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Db } from '../server/db/index.js';
import { sizeKey } from '../server/core/files.js';
import { SIZE_WIDTHS, sizeWidthsFor } from '../server/files/images.js';
import { ACCOUNTS, type Place } from './seed.js';
import { startOurs } from './api.js';
import { log, measure, median, ROOT, signIn, tusUpload, type Measure, type UploadAnswer } from './lib.js';

const upload = (base: string, cookie: string, data: Buffer): Promise<UploadAnswer> =>
  tusUpload(base, cookie, data, 'bench-photo.jpg', 'image/jpeg');

/** One run of parallel uploads on a fresh server. */
export interface ImageUploadRun {
  /** Each upload's time from start to the server's answer (check, thumbnail, sizes, store). */
  answerMs: number[];
  /** Server RSS after start, sign-in and one small upload; its peak (VmHWM) over the run. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Every size of every upload answered 200 image/webp at its width. */
  allSizes: boolean;
}

export interface ImageFigures {
  /** The uploaded JPEG: pixels and bytes. */
  width: number;
  height: number;
  bytes: number;
  parallel: number;
  runs: ImageUploadRun[];
  /** Per run: the median and the slowest answer of the parallel uploads; peak RSS. */
  medianAnswerMs: Measure;
  slowestAnswerMs: Measure;
  rssPeakMb: Measure;
  backfill: {
    images: number;
    width: number;
    height: number;
    bytes: number;
    ms: number;
    perImageMs: number;
    rssPeakMb: number;
    lastLine: string;
  };
}

/** VmRSS and VmHWM of a process in MB (NaN when it is gone). */
function memory(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, hwm: NaN };
  }
}

/** A photo-sized JPEG: a gradient under gaussian noise, so it neither compresses to nothing nor is pure noise. */
async function photo(width: number, height: number, quality: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .raw()
    .toBuffer();
  for (let y = 0; y < height; y++) {
    const shade = Math.round((y / height) * 60) - 30;
    for (let i = y * width * 3; i < (y + 1) * width * 3; i++) noise[i] = Math.max(0, Math.min(255, noise[i]! + shade));
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** Every size of an uploaded image answers 200 image/webp at its width. */
async function sizesServed(base: string, address: string, width: number): Promise<boolean> {
  for (const w of sizeWidthsFor(width)) {
    const res = await fetch(`${base}/files/${sizeKey(address.replace('/files/', ''), w)}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (
      res.status !== 200 ||
      res.headers.get('content-type') !== 'image/webp' ||
      (await sharp(body).metadata()).width !== w
    )
      return false;
  }
  return sizeWidthsFor(width).length === SIZE_WIDTHS.length;
}

/** `parallel` uploads at once on a fresh server (so its VmHWM is this run's), after one small warm-up upload. */
async function uploadRun(
  place: Place,
  data: Buffer,
  width: number,
  parallel: number,
  small: Buffer,
): Promise<ImageUploadRun> {
  const ours = await startOurs(place);
  try {
    const cookie = await signIn(ours.url, ACCOUNTS.editor.email, ACCOUNTS.editor.password);
    const warm = await upload(ours.url, cookie, small);
    if (warm.status !== 201) throw new Error(`the warm-up upload answered ${warm.status}: ${warm.body}`);
    await new Promise((r) => setTimeout(r, 500));
    const rssBeforeMb = memory(ours.child.pid).rss;
    const answers = await Promise.all(Array.from({ length: parallel }, () => upload(ours.url, cookie, data)));
    const rssPeakMb = memory(ours.child.pid).hwm;
    for (const a of answers)
      if (a.status !== 200 && a.status !== 201) throw new Error(`an upload answered ${a.status}: ${a.body}`);
    let allSizes = true;
    for (const a of answers)
      allSizes &&= await sizesServed(ours.url, (JSON.parse(a.body) as { address: string }).address, width);
    return { answerMs: answers.map((a) => a.ms), rssBeforeMb, rssPeakMb, allSizes };
  } finally {
    await ours.child.stop();
  }
}

/**
 * `npm run cli -- images --backfill` over `count` stored images without sizes: time, peak RSS (polled VmHWM), last
 * progress line.
 */
async function backfillRun(
  place: Place,
  db: Db,
  count: number,
  data: Buffer,
  width: number,
  height: number,
): Promise<ImageFigures['backfill']> {
  const dir = join(place.dataDir, 'files', 'Uploads');
  await mkdir(dir, { recursive: true });
  const first = join(dir, 'bench_backfill_0000.jpg');
  await writeFile(first, data);
  const created = new Date().toISOString();
  const rows = [];
  for (let i = 0; i < count; i++) {
    const name = `bench_backfill_${String(i).padStart(4, '0')}.jpg`;
    // One image's bytes under every name (a link each), so the disk holds it once; each is decoded on its own.
    if (i > 0) await link(first, join(dir, name));
    rows.push({
      key: `Uploads/${name}`,
      owner: 'bench',
      content_type: 'image/jpeg',
      size: data.length,
      width,
      height,
      created,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db.kysely
      .insertInto('files')
      .values(rows.slice(i, i + 500))
      .execute();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'images', '--backfill'], {
    cwd: ROOT,
    env: { ...process.env, ...place.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let hwm = 0;
  const tick = setInterval(() => void (hwm = Math.max(hwm, memory(child.pid!).hwm || 0)), 100);
  let err = '';
  child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(tick);
  const ms = performance.now() - t0;
  const lines = err.trim().split('\n');
  if (code !== 0) throw new Error(`the backfill exited ${code}: ${lines.slice(-3).join(' / ')}`);
  const made = await db.kysely
    .selectFrom('files')
    .select('key')
    .where('key', 'like', 'Uploads/bench_backfill_%')
    .where('variants', '=', '400,800,1600')
    .execute();
  if (made.length !== count) throw new Error(`the backfill recorded the sizes of ${made.length} of ${count} images`);
  return {
    images: count,
    width,
    height,
    bytes: data.length,
    ms,
    perImageMs: ms / count,
    rssPeakMb: hwm,
    lastLine: lines.at(-1) ?? '',
  };
}

/** The images section: parallel uploads of a 12-megapixel JPEG, then the backfill of stored images. */
export async function measureImages(
  place: Place,
  db: Db,
  opts: { parallel: number; runs: number; backfill: number },
): Promise<ImageFigures> {
  const [width, height] = [4000, 3000];
  const data = await photo(width, height, 90);
  const small = await photo(200, 150, 80);
  log(
    `images: a ${width} × ${height} JPEG of ${(data.length / 1e6).toFixed(1)} ` +
      `MB, ${opts.parallel} uploads at once, ${opts.runs} runs after a warm-up`,
  );
  const runs: ImageUploadRun[] = [];
  for (let i = 0; i <= opts.runs; i++) {
    const r = await uploadRun(place, data, width, opts.parallel, small);
    log(
      `${i === 0 ? 'warm-up' : `run ${i}`}: answers ${r.answerMs.map((m) => m.toFixed(0)).join(', ')} ms; ` +
        `RSS ${r.rssBeforeMb.toFixed(0)} → peak ${r.rssPeakMb.toFixed(0)} MB; every size served: ${r.allSizes}`,
    );
    if (!r.allSizes) throw new Error('a size was missing or wrong');
    if (i > 0) runs.push(r);
  }
  const [bw, bh] = [2000, 1500];
  const old = await photo(bw, bh, 85);
  log(
    `images: backfill of ${opts.backfill} stored ${bw} × ${bh} ` +
      `JPEGs (${(old.length / 1e6).toFixed(1)} MB) without sizes`,
  );
  const backfill = await backfillRun(place, db, opts.backfill, old, bw, bh);
  log(
    `backfill: ${(backfill.ms / 1000).toFixed(1)} s, ${backfill.perImageMs.toFixed(0)} ` +
      `ms per image, peak RSS ${backfill.rssPeakMb.toFixed(0)} MB; ${backfill.lastLine}`,
  );
  return {
    width,
    height,
    bytes: data.length,
    parallel: opts.parallel,
    runs,
    medianAnswerMs: measure(runs.map((r) => median(r.answerMs))),
    slowestAnswerMs: measure(runs.map((r) => Math.max(...r.answerMs))),
    rssPeakMb: measure(runs.map((r) => r.rssPeakMb)),
    backfill,
  };
}
