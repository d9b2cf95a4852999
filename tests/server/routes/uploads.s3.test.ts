import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3Client } from '../../../server/files/store.js';
import { createUser, signIn, startApp, type TestApp } from '../helpers/index.js';
import { makeImage } from '../helpers/images.js';
import { tusUpload } from '../helpers/tus.js';

const BUCKET = 'console-test';

// The same upload path against an S3-compatible store (s3rver on 127.0.0.1); the database does not matter here.
describe('uploads over tus, S3 store on s3rver', () => {
  let s3: S3rver;
  let dir: string;
  let t: TestApp;
  let cookie: string;
  let settings: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3.run();
    settings = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    t = await startApp({
      dialect: 'sqlite',
      env: { S3_ENDPOINT: settings.endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', UPLOAD_MAX_MB: '24' },
    });
    const u = await createUser(t, 'editor');
    cookie = await signIn(t, u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const keys = async (): Promise<string[]> => {
    const out = await (await s3Client(settings)).send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  };

  it('stores a 300 KB and a 20 MB image in the bucket and serves them back', async () => {
    for (const [format, size] of [['jpeg', 300_000], ['png', 20_000_000]] as const) {
      const data = await makeImage(format, size);
      const res = await tusUpload(t, cookie, data, { name: `s3.${format}`, chunkSize: 8 * 1024 * 1024 });
      expect(res.ok, res.body).toBe(true);
      const { address } = JSON.parse(res.body) as { address: string };
      expect(await keys()).toContain(address.replace('/files/', ''));
      const served = await fetch(`${t.baseUrl}${address}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    }
    // Nothing staged is left behind, only the images and their thumbnails.
    await new Promise((r) => setTimeout(r, 300));
    expect((await keys()).every((k) => k.startsWith('Uploads/'))).toBe(true);
  });

  it('is ready when the bucket can be written, and says the file store is not when the bucket is missing', async () => {
    const ready = await t.api('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(await keys()).not.toContain('ready/probe');
    const other = await startApp({
      dialect: 'sqlite',
      env: { S3_ENDPOINT: settings.endpoint, S3_BUCKET: 'no-such-bucket', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
    try {
      const res = await other.api('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ ready: false, failing: ['files'], checks: { database: 'ok', migrations: 'ok', files: 'failed: NoSuchBucket' } });
    } finally {
      await other.close();
    }
  });

  it('refuses a renamed PDF and leaves nothing in the bucket', async () => {
    const before = await keys();
    const res = await tusUpload(t, cookie, Buffer.from('%PDF-1.7\n' + 'x'.repeat(400_000)), { name: 'scan.jpg' });
    expect(res.status).toBe(415);
    await new Promise((r) => setTimeout(r, 300));
    expect(await keys()).toEqual(before);
  });
});
