import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../../server/files/store.js';
import { startBucket, type TestBucket } from '../helpers/s3.js';
import { BucketStaging } from '../../../server/files/bucketStaging.js';
import { createUser, pgAvailable, signIn, startApp, type TestApp } from '../helpers/index.js';
import { makeImage } from '../helpers/images.js';
import { tusUpload } from '../helpers/tus.js';

const BUCKET = 'console-shared';

// With S3 configured, uploads in progress live in the bucket (server/files/bucketStaging.ts): nothing is sticky, so an
// upload begun through one instance is finished through another after the first is gone.
describe.runIf(pgAvailable())('uploads in progress in the bucket, two instances on PostgreSQL', () => {
  let bucket: TestBucket;
  let a: TestApp;
  let b: TestApp;
  let cookie: string;
  let otherDir: string;
  beforeAll(async () => {
    bucket = await startBucket(BUCKET);
    // Two machines: one database, one bucket and one secret, but each its own data folder (nothing shared on disk).
    const env = { ...bucket.env, UPLOAD_MAX_MB: '24', AUTH_SECRET: 'x'.repeat(40) };
    a = await startApp({ dialect: 'postgres', env });
    otherDir = mkdtempSync(join(tmpdir(), 'console-b-'));
    b = await startApp({ dialect: 'postgres', env, data: { ...a.data, dataDir: otherDir } });
    const u = await createUser(a, 'editor');
    cookie = await signIn(a, u.email, u.password);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await bucket?.close();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  });

  const keys = (prefix = '') => bucket.keys(prefix);

  it('finishes through the second instance an upload begun through the first, after the first is gone', async () => {
    const data = await makeImage('png', 6_000_000);
    const chunkSize = 1024 * 1024;
    let sent = 0;
    const begun = await tusUpload(a, cookie, data, {
      chunkSize,
      stopWhen: (u) => ((sent = (u as unknown as { _offset: number })._offset), sent >= 3 * chunkSize),
    });
    expect(begun.url).not.toBeNull();
    // The first instance goes away mid-upload, connections and all.
    a.app.server.closeAllConnections();
    await a.app.close();
    const held = await keys('tus/');
    expect(held.some((k) => k.endsWith('.info'))).toBe(true);
    // The client resumes at the same upload, now addressed to the other instance.
    const url = begun.url!.replace(a.baseUrl, b.baseUrl);
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { cookie, 'tus-resumable': '1.0.0', origin: new URL(b.publicUrl).origin },
    });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBeGreaterThanOrEqual(3 * chunkSize);
    const done = await tusUpload(b, cookie, data, { chunkSize, uploadUrl: url });
    expect(done.ok, done.body).toBe(true);
    const { address } = JSON.parse(done.body) as { address: string };
    const served = await fetch(`${b.baseUrl}${address}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    // Nothing of the upload in progress is left in the bucket (removed once the answer is out), only the note that it
    // finished (swept after a day).
    const note = `tus/${url.split('/').pop()!}.done`;
    await vi.waitFor(async () => expect(await keys('tus/')).toEqual([note]), { timeout: 10_000, interval: 50 });
  });
});

// The instance finishing an upload (checking the image, making its sizes: seconds for a large PNG under load) dies
// with every byte already in the bucket. The client, resuming, asks the other instance where the upload stands; told
// it is complete it would stop there, so that instance finishes it and answers the image.
describe.runIf(pgAvailable())('an upload whose instance died while finishing it, two instances on PostgreSQL', () => {
  let bucket: TestBucket;
  let a: TestApp;
  let b: TestApp;
  let cookie: string;
  let otherDir: string;
  beforeAll(async () => {
    bucket = await startBucket(BUCKET);
    const env = { ...bucket.env, AUTH_SECRET: 'x'.repeat(40) };
    a = await startApp({ dialect: 'postgres', env });
    otherDir = mkdtempSync(join(tmpdir(), 'console-b-'));
    b = await startApp({ dialect: 'postgres', env, data: { ...a.data, dataDir: otherDir } });
    const u = await createUser(a, 'editor');
    cookie = await signIn(a, u.email, u.password);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await bucket?.close();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  });

  it('is finished by the other instance when the client resumes, and the client gets the image', async () => {
    const data = await makeImage('png', 2_000_000);
    const chunkSize = 512 * 1024;
    // The first instance gets as far as storing the checked image, and never further.
    let storing!: () => void;
    const reached = new Promise<void>((resolve) => (storing = resolve));
    a.services.store.put = () => {
      storing();
      return new Promise<void>(() => undefined);
    };
    const begun = tusUpload(a, cookie, data, { chunkSize });
    await reached;
    // It dies, connections and all: the client's last PATCH gets no answer.
    a.app.server.closeAllConnections();
    const cut = await begun;
    expect(cut.ok).toBe(false);
    expect(cut.url).not.toBeNull();
    const staged = await bucket.keys('tus/');
    expect(staged.filter((k) => k.endsWith('.info'))).toHaveLength(1);

    const done = await tusUpload(b, cookie, data, { chunkSize, uploadUrl: cut.url!.replace(a.baseUrl, b.baseUrl) });
    expect(done.ok, done.body).toBe(true);
    expect(done.image).toBeTruthy();
    const image = JSON.parse(done.image!) as { address: string; thumbnail: string; width: number; height: number };
    expect(image).toMatchObject({ address: expect.stringMatching(/^\/files\/Uploads\//), width: expect.any(Number) });
    const served = await fetch(`${b.baseUrl}${image.address}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    // Finished, so nothing of it is left staged but the note that it finished.
    expect(await bucket.keys('tus/')).toEqual([`tus/${cut.url!.split('/').pop()!}.done`]);
  });
});

describe('uploads in progress in the bucket: what expires', () => {
  let bucket: TestBucket;
  beforeAll(async () => void (bucket = await startBucket(BUCKET)));
  afterAll(async () => bucket?.close());

  it(
    'removes an upload begun more than a day ago, parts ' + 'and state, and keeps a newer one and other files',
    async () => {
      const staging = new BucketStaging(bucket.settings, 24 * 3600_000);
      const client = await s3Client(bucket.settings);
      const old = 'a'.repeat(32);
      const recent = 'b'.repeat(32);
      const put = (Key: string, Body: string) => client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body }));
      await put(
        `tus/${old}.info`,
        JSON.stringify({ size: 10, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString(), parts: [4] }),
      );
      await put(`tus/${old}.0`, 'abcd');
      await put(`tus/${recent}.info`, JSON.stringify({ size: 10, creation_date: new Date().toISOString(), parts: [] }));
      await put('Uploads/kept.jpg', 'x');
      expect(await staging.deleteExpired()).toBe(1);
      const left = await bucket.keys();
      expect(left).toEqual(['Uploads/kept.jpg', `tus/${recent}.info`]);
      expect((await staging.getUpload(recent)).offset).toBe(0);
      await expect(staging.getUpload(old)).rejects.toMatchObject({ status_code: 404 });
      // A finished upload's note and a part stored after its upload was removed go too, once past the expiry (a
      // sweeper for which everything is past its expiry, the newer upload too).
      await put(`tus/${'c'.repeat(32)}.done`, '{}');
      await put(`tus/${'d'.repeat(32)}.p0.4`, 'abcd');
      expect(await new BucketStaging(bucket.settings, -60_000).deleteExpired()).toBe(1);
      expect(await bucket.keys()).toEqual(['Uploads/kept.jpg']);
    },
  );
});
