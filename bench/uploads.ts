import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { chunkSize } from '../domain/uploads.js';
import { ACCOUNTS, type Place } from './seed.js';
import { startOurs } from './api.js';
import { log, measure, median, signIn, type Child, type ChildMessage, type Measure } from './lib.js';

export interface UploadFigures {
  bytes: number;
  /** Uploads per measured run; each run's figure is their median. */
  perRun: number;
  /** MB/s (10^6 bytes) from start to the server's answer, including its decode, thumbnail and store. */
  mbPerS: Measure;
  /** Cut at 50 % and resumed: bytes the server received twice, and the size of the chunk in flight at the cut. */
  resentBytes: Measure;
  chunkAtCut: number[];
}

/** A real PNG of about `bytes` bytes: noise, stored uncompressed, so size follows pixel count. */
async function makePng(bytes: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt(bytes / 3));
  const px = Buffer.alloc(side * side * 3);
  let seed = 12345;
  for (let i = 0; i < px.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    px[i] = seed >> 16;
  }
  return sharp(px, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

interface Outcome {
  ok: boolean;
  ms: number;
  url: string | null;
  /** Index of the chunk being sent when it ended (the browser's policy: 256 KiB doubling to 32 MiB). */
  chunk: number;
  error?: string;
}

/** One upload with tus-js-client as the console's browser sends it; `cutAt` aborts once that many bytes are sent. */
function upload(
  base: string,
  cookie: string,
  data: Buffer,
  o: { uploadUrl?: string; chunk?: number; cutAt?: number } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    let chunk = o.chunk ?? 0;
    const t0 = performance.now();
    const u: tus.Upload = new tus.Upload(data, {
      endpoint: `${base}/api/uploads`,
      uploadUrl: o.uploadUrl,
      headers: { cookie, origin: base },
      chunkSize: chunkSize(chunk),
      uploadDataDuringCreation: true,
      retryDelays: [],
      metadata: { filename: 'bench.png', filetype: 'image/png' },
      // The next chunk doubles, as providers/local/uploads.ts does (tus-js-client reads chunkSize per chunk).
      onChunkComplete: () => void (u.options.chunkSize = chunkSize(++chunk)),
      onProgress: (sent) => {
        if (o.cutAt === undefined || sent < o.cutAt) return;
        o.cutAt = undefined;
        void u.abort().then(() => resolve({ ok: false, ms: performance.now() - t0, url: u.url, chunk }));
      },
      onError: (err) => resolve({ ok: false, ms: performance.now() - t0, url: u.url, chunk, error: String(err) }),
      onSuccess: () => resolve({ ok: true, ms: performance.now() - t0, url: u.url, chunk }),
    });
    u.start();
  });
}

/** Section 4: throughput of a ~30 MB image through /api/uploads, and what a cut-and-resumed upload sends again. */
export async function measureUploads(place: Place, opts: { bytes: number; perRun: number }): Promise<UploadFigures> {
  const data = await makePng(opts.bytes);
  const ours = await startOurs(place);
  try {
    const cookie = await signIn(ours.url, ACCOUNTS.editor.email, ACCOUNTS.editor.password);
    const written = async (c: Child): Promise<number> =>
      (await c.ask<ChildMessage & { bytes: number }>({ type: 'written' }, 'written')).bytes;
    const rates: number[] = [];
    for (let round = 0; round <= 2; round++) {
      const times: number[] = [];
      for (let i = 0; i < (round === 0 ? 1 : opts.perRun); i++) {
        const r = await upload(ours.url, cookie, data);
        if (!r.ok) throw new Error(`upload failed: ${r.error}`);
        times.push(r.ms);
      }
      log(
        `${round === 0 ? 'warm-up' : `run ${round}`}: ${opts.perRun} uploads ` +
          `of ${(data.length / 1e6).toFixed(1)} MB, ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
      );
      if (round > 0) rates.push(data.length / 1e6 / (median(times) / 1000));
    }
    const resent: number[] = [];
    const chunkAtCut: number[] = [];
    for (let round = 1; round <= 2; round++) {
      await written(ours.child);
      const cut = await upload(ours.url, cookie, data, { cutAt: data.length / 2 });
      if (!cut.url) throw new Error('the cut upload has no address to resume');
      // As a person would: the connection is gone before they press Resume.
      await new Promise((r) => setTimeout(r, 300));
      const resumed = await upload(ours.url, cookie, data, { uploadUrl: cut.url, chunk: cut.chunk });
      if (!resumed.ok) throw new Error(`resumed upload failed: ${resumed.error}`);
      resent.push((await written(ours.child)) - data.length);
      chunkAtCut.push(chunkSize(cut.chunk));
      log(
        `run ${round}: cut at 50 % in chunk ${cut.chunk} ` +
          `(${chunkSize(cut.chunk)} bytes), re-sent ${resent.at(-1)} bytes`,
      );
    }
    return {
      bytes: data.length,
      perRun: opts.perRun,
      mbPerS: measure(rates),
      resentBytes: measure(resent),
      chunkAtCut,
    };
  } finally {
    await ours.child.stop();
  }
}
