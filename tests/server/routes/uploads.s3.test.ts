import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Client } from '../../../server/files/store.js';
import { flakyEndpoint, startBucket, type TestBucket } from '../helpers/s3.js';
import { createUser, signIn, startApp, type TestApp } from '../helpers/index.js';
import { decoded, makeImage, makePhoto } from '../helpers/images.js';
import { sizeKey, sweepFiles } from '../../../server/core/files.js';
import { backfillSizes } from '../../../server/core/imageSizes.js';
import { tusUpload } from '../helpers/tus.js';

const BUCKET = 'console-test';

// The same upload path against an S3-compatible store (s3rver on 127.0.0.1); the database does not matter here.
describe('uploads over tus, S3 store on s3rver', () => {
  let bucket: TestBucket;
  let t: TestApp;
  let cookie: string;
  let settings: TestBucket['settings'];
  beforeAll(async () => {
    bucket = await startBucket(BUCKET);
    settings = bucket.settings;
    t = await startApp({ dialect: 'sqlite', env: { ...bucket.env, UPLOAD_MAX_MB: '24' } });
    const u = await createUser(t, 'editor');
    cookie = await signIn(t, u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  const keys = () => bucket.keys();

  it('stores a 300 KB and a 20 MB image in the bucket and serves them back', async () => {
    for (const [format, size] of [
      ['jpeg', 300_000],
      ['png', 20_000_000],
    ] as const) {
      const data = await makeImage(format, size);
      const res = await tusUpload(t, cookie, data, { name: `s3.${format}`, chunkSize: 8 * 1024 * 1024 });
      expect(res.ok, res.body).toBe(true);
      const { address } = JSON.parse(res.body) as { address: string };
      expect(await keys()).toContain(address.replace('/files/', ''));
      const served = await fetch(`${t.baseUrl}${address}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    }
    // Nothing staged is left behind, only the images and their thumbnails (the staged parts go once the answer is out),
    // and the notes that the uploads finished (what a re-sent last PATCH is answered with, swept after a day).
    const staged = async () =>
      (await keys()).filter((k) => !k.startsWith('Uploads/') && !/^tus\/\w{32}\.done$/.test(k));
    await vi.waitFor(async () => expect(await staged()).toEqual([]), { timeout: 10_000, interval: 50 });
  });

  it(
    'makes the WebP sizes in the bucket (never enlarged), ' + 'serves them as image/webp, backfills and sweeps them',
    async () => {
      const res = await tusUpload(t, cookie, await makePhoto(1000, 600), { name: 'sizes.jpg' });
      expect(res.ok, res.body).toBe(true);
      const key = (JSON.parse(res.body) as { address: string }).address.replace('/files/', '');
      const sizes = [sizeKey(key, 400), sizeKey(key, 800)];
      const all = await keys();
      for (const k of sizes) expect(all).toContain(k);
      expect(all).not.toContain(sizeKey(key, 1600));
      for (const [k, w] of [
        [sizes[0]!, 400],
        [sizes[1]!, 800],
      ] as const) {
        const served = await fetch(`${t.baseUrl}/files/${k}`);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect(await decoded(Buffer.from(await served.arrayBuffer()))).toEqual({
          width: w,
          height: (600 * w) / 1000,
          format: 'webp',
        });
      }
      // Taken away, as for an image stored before sizes were made: the backfill puts them back in the bucket.
      const client = await s3Client(settings);
      const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
      for (const k of sizes) await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: k }));
      await t.db.updateTable('files').set({ variants: '' }).where('key', '=', key).execute();
      const done = await backfillSizes(t.db, t.services.store, t.config.imageMaxPixels);
      expect([done.total, done.made, done.failed]).toEqual([1, 2, []]);
      for (const k of sizes) expect(await keys()).toContain(k);
      // Unused past its grace: swept from the bucket with its sizes.
      await t.db.updateTable('files').set({ created: '2000-01-01T00:00:00.000Z' }).where('key', '=', key).execute();
      await sweepFiles(t.db, t.services.store, 3600_000);
      expect((await keys()).filter((k) => k.startsWith(key))).toEqual([]);
    },
  );

  it('is ready when the bucket can be written, and says the file store is not when the bucket is missing', async () => {
    const ready = await t.api('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect((await keys()).filter((k) => k.startsWith('ready/'))).toEqual([]);
    const other = await startApp({
      dialect: 'sqlite',
      env: { ...bucket.env, S3_BUCKET: 'no-such-bucket' },
    });
    try {
      const res = await other.api('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        ready: false,
        failing: ['files'],
        checks: { database: 'ok', migrations: 'ok', files: 'failed: NoSuchBucket' },
      });
    } finally {
      await other.close();
    }
  });

  it('refuses a renamed PDF and leaves nothing in the bucket', async () => {
    const before = await keys();
    const res = await tusUpload(t, cookie, Buffer.from('%PDF-1.7\n' + 'x'.repeat(400_000)), { name: 'scan.jpg' });
    expect(res.status).toBe(415);
    // A refused file is removed before the answer goes out.
    expect(await keys()).toEqual(before);
  });
});

// Resuming asks the bucket where the upload stands: only an upload that is not there is 404 (the browser gives up on a
// 4xx); a bucket that fails for a while (S3's 503, a network blip) is a 5xx, which tus-js-client tries again.
describe('resuming an upload while the bucket fails', () => {
  let bucket: TestBucket;
  let flaky: Awaited<ReturnType<typeof flakyEndpoint>>;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    bucket = await startBucket(BUCKET);
    flaky = await flakyEndpoint(bucket.settings.endpoint!);
    t = await startApp({ dialect: 'sqlite', env: { ...bucket.env, S3_ENDPOINT: flaky.url } });
    const u = await createUser(t, 'editor');
    cookie = await signIn(t, u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
    await flaky?.close();
    await bucket?.close();
  });

  const head = (url: string) =>
    fetch(url, { method: 'HEAD', headers: { cookie, 'tus-resumable': '1.0.0', origin: t.baseUrl } });

  it('answers a retryable 5xx, not 404, and the upload finishes once the bucket is back', async () => {
    const data = await makeImage('png', 1_500_000);
    const chunkSize = 256 * 1024;
    const begun = await tusUpload(t, cookie, data, {
      chunkSize,
      stopWhen: (u) => (u as unknown as { _offset: number })._offset >= chunkSize,
    });
    expect(begun.url).not.toBeNull();
    flaky.failing = true;
    try {
      const failing = await head(begun.url!);
      expect(failing.status).toBeGreaterThanOrEqual(500);
      expect(failing.status).toBeLessThan(600);
    } finally {
      flaky.failing = false;
    }
    expect((await head(begun.url!)).status).toBe(200);
    const done = await tusUpload(t, cookie, data, { chunkSize, uploadUrl: begun.url! });
    expect(done.ok, done.body).toBe(true);
    const { address } = JSON.parse(done.body) as { address: string };
    const served = await fetch(`${t.baseUrl}${address}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
  });

  it('answers 404 for an upload that is not there', async () => {
    expect((await head(`${t.baseUrl}/api/uploads/${'c'.repeat(32)}`)).status).toBe(404);
  });
});
