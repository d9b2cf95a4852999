import { existsSync, utimesSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { flakyEndpoint, startBucket, type TestBucket } from '../helpers/s3.js';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { makeImage } from '../helpers/images.js';
import { tusUpload } from '../helpers/tus.js';

const CHUNK = 256 * 1024;
const tusHeaders = (t: TestApp, cookie: string) => ({
  cookie,
  origin: new URL(t.publicUrl).origin,
  'tus-resumable': '1.0.0',
});

/** Sends one PATCH of `body` at `offset` to `url` by hand (a re-sent copy of one the client sent). */
const patch = (t: TestApp, cookie: string, url: string, offset: number, body: Buffer) =>
  fetch(url, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(t, cookie),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(body),
  });

const served = async (t: TestApp, body: string) => {
  const { address } = JSON.parse(body) as { address: string };
  return Buffer.from(await (await fetch(`${t.baseUrl}${address}`)).arrayBuffer());
};

// A PATCH the client re-sends (its answer lost) or that overlaps another is refused 409 when its offset is stale, and
// the upload goes on: it used to be removed then, under the client that was on the right offset.
// A re-sent last PATCH of a finished upload hears it finished (204, the final offset), not 404 or 410.
describe.each([...dialects().map((d) => ['folder', d] as const), ['bucket', 'sqlite'] as const])(
  're-sent PATCHes, %s store (%s)',
  (store, dialect) => {
    let t: TestApp;
    let cookie: string;
    let bucket: TestBucket | undefined;
    beforeAll(async () => {
      bucket = store === 'bucket' ? await startBucket('console-overlap') : undefined;
      t = await startApp({ dialect, env: bucket?.env ?? {} });
      const u = await createUser(t, 'editor');
      cookie = await signIn(t, u.email, u.password);
    });
    afterAll(async () => {
      await t?.close();
      await bucket?.close();
    });

    it('answers a re-sent PATCH 409, leaves the upload, and the client finishes it', async () => {
      const data = await makeImage('png', 5 * CHUNK);
      let resent: Response | undefined;
      const done = await tusUpload(t, cookie, data, {
        chunkSize: CHUNK,
        onBeforeRequest: async (req) => {
          if (req.getMethod() !== 'PATCH' || req.getHeader('Upload-Offset') !== String(2 * CHUNK) || resent) return;
          // The PATCH at CHUNK was answered; a copy of it arrives again before the client's next one.
          resent = await patch(t, cookie, req.getURL(), CHUNK, data.subarray(CHUNK, 2 * CHUNK));
        },
      });
      expect(resent?.status).toBe(409);
      expect(done.ok, done.body).toBe(true);
      expect((await served(t, done.body)).equals(data)).toBe(true);
    });

    it('answers a re-sent last PATCH of a finished upload as finished: 204 and the final offset', async () => {
      const data = await makeImage('png', 3 * CHUNK);
      let last = 0;
      const done = await tusUpload(t, cookie, data, {
        chunkSize: CHUNK,
        onBeforeRequest: (req) => void (last = Number(req.getHeader('Upload-Offset') ?? last)),
      });
      expect(done.ok, done.body).toBe(true);
      const id = done.url!.split('/').pop()!;
      // Its bytes are removed once the answer is out, a note kept that it finished.
      await vi.waitFor(
        async () => {
          expect(await t.services.staging.finished(id)).not.toBeNull();
          await expect(t.services.staging.getUpload(id)).rejects.toBeTruthy();
        },
        { timeout: 10_000, interval: 20 },
      );
      const again = await patch(t, cookie, done.url!, last, data.subarray(last));
      expect(again.status).toBe(204);
      expect(again.headers.get('upload-offset')).toBe(String(data.length));
      expect(JSON.parse(again.headers.get('upload-image')!)).toEqual(JSON.parse(done.body));
      const head = await fetch(done.url!, { method: 'HEAD', headers: tusHeaders(t, cookie) });
      expect([head.status, head.headers.get('upload-offset')]).toEqual([200, String(data.length)]);
      // Only its owner hears it.
      const other = await createUser(t, 'editor');
      const stranger = await patch(t, await signIn(t, other.email, other.password), done.url!, last, Buffer.alloc(1));
      expect(stranger.status).toBe(403);
      if (store !== 'folder') return;
      // The note goes with the sweep once a day old (a folder's note is dated by its file).
      const note = join(t.data.dataDir, 'tus', `${id}.done`);
      const dayAgo = new Date(Date.now() - 25 * 3600_000);
      utimesSync(note, dayAgo, dayAgo);
      await t.services.staging.deleteExpired();
      expect(existsSync(note)).toBe(false);
    });
  },
);

// Two instances on one bucket (the console behind HAProxy). A PATCH cut short on the first stores its bytes late, after
// the client resumed on the second and went past them: it used to write the same part number and the whole state back
// (a counter read from the state), clobbering what the second had stored, so the upload was refused (409) or lost its
// bytes (410 at the finish). The bucket is reached through a front that holds the late part at the exact point.
describe('a PATCH cut short that stores its bytes late, two instances on one bucket', () => {
  let bucket: TestBucket;
  let front: Awaited<ReturnType<typeof flakyEndpoint>>;
  let a: TestApp;
  let b: TestApp;
  let cookie: string;
  beforeAll(async () => {
    bucket = await startBucket('console-late');
    front = await flakyEndpoint(bucket.settings.endpoint!);
    const env = { ...bucket.env, S3_ENDPOINT: front.url, AUTH_SECRET: 'x'.repeat(40) };
    a = await startApp({ dialect: 'sqlite', env });
    b = await startApp({ dialect: 'sqlite', env, data: a.data });
    const u = await createUser(a, 'editor');
    cookie = await signIn(a, u.email, u.password);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await front?.close();
    await bucket?.close();
  });

  it('loses nothing: the client finishes on the second instance and gets its bytes back', async () => {
    const data = await makeImage('png', 6 * CHUNK);
    const cut = 100_000;
    // Begun on the first instance: created with its first CHUNK bytes.
    const created = await fetch(`${a.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(a, cookie),
        'upload-length': String(data.length),
        'upload-metadata': `filename ${Buffer.from('late.png').toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(data.subarray(0, CHUNK)),
    });
    expect([created.status, created.headers.get('upload-offset')]).toEqual([201, String(CHUNK)]);
    const url = new URL(created.headers.get('location')!, a.baseUrl);
    const id = url.pathname.split('/').pop()!;

    // The first instance's store: tells when the cut PATCH's bytes have arrived, and when its write is over.
    const staging = a.services.staging;
    const write = staging.write.bind(staging);
    let arrived!: () => void;
    const received = new Promise<void>((resolve) => (arrived = resolve));
    let lateWrite: Promise<unknown> = Promise.resolve();
    let lateEnd = 0;
    staging.write = (stream: Readable, upload: string, offset: number) => {
      let n = 0;
      const seen = new PassThrough();
      stream.on('data', (c: Buffer) => ((n += c.length) >= cut ? arrived() : undefined));
      pipeline(stream, seen, () => undefined);
      const p = write(seen, upload, offset);
      lateWrite = p.then((end) => void (lateEnd = end)).catch(() => undefined);
      return p;
    };
    // The bucket holds the first bytes of this upload stored from now on (not its state) until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    front.hold = (req) => {
      if (req.method !== 'PUT' || !req.url?.includes(`tus/${id}.`) || /\.(info|done)\b/.test(req.url)) return null;
      front.hold = null;
      holding();
      return released;
    };

    // The PATCH at CHUNK: `cut` bytes, then its connection goes. Its store goes on and stops at storing them.
    const cutShort = http.request(url, {
      method: 'PATCH',
      agent: false,
      headers: {
        ...tusHeaders(a, cookie),
        'upload-offset': String(CHUNK),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(CHUNK),
      },
    });
    cutShort.on('error', () => undefined);
    cutShort.write(data.subarray(CHUNK, CHUNK + cut));
    await received;
    cutShort.destroy();
    await held;

    // The client resumes on the second instance. Its PATCH at CHUNK is stored; before its next one goes out, the late
    // bytes of the first instance are stored too.
    const done = await tusUpload(b, cookie, data, {
      chunkSize: CHUNK,
      uploadUrl: url.href.replace(a.baseUrl, b.baseUrl),
      onBeforeRequest: async (req) => {
        if (req.getMethod() !== 'PATCH' || req.getHeader('Upload-Offset') !== String(2 * CHUNK)) return;
        release();
        await lateWrite;
      },
    });
    // The late write did store the `cut` bytes, after the client had gone past them.
    expect(lateEnd).toBe(CHUNK + cut);
    expect(done.ok, done.body).toBe(true);
    expect((await served(b, done.body)).equals(data)).toBe(true);
    // Nothing of it is left staged, the late part included, only the note that it finished.
    await vi.waitFor(async () => expect(await bucket.keys('tus/')).toEqual([`tus/${id}.done`]), {
      timeout: 10_000,
      interval: 50,
    });
  });
});
