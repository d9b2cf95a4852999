import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { makeImage } from '../helpers/images.js';
import { tusUpload } from '../helpers/tus.js';

const files = (t: TestApp, dir: string): string[] =>
  existsSync(join(t.data.dataDir, dir)) ? readdirSync(join(t.data.dataDir, dir)) : [];
/** What is staged of unfinished uploads: a finished one leaves only a note (`<id>.done`), written after its answer. */
const unfinished = (t: TestApp): string[] => files(t, 'tus').filter((f) => !f.endsWith('.done'));

describe.each(dialects())('uploads over tus, local store (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let cookie: string;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { UPLOAD_MAX_MB: '24' } });
    owner = await createUser(t, 'editor');
    cookie = await signIn(t, owner.email, owner.password);
  });
  afterAll(async () => t?.close());

  it('stores a 300 KB JPEG and a 20 MB PNG, served back byte for byte with the decided type', async () => {
    const kept: Array<[string, Buffer]> = [];
    for (const [format, size] of [
      ['jpeg', 300_000],
      ['png', 20_000_000],
    ] as const) {
      const data = await makeImage(format, size);
      const res = await tusUpload(t, cookie, data, { name: `big.${format}`, chunkSize: 4 * 1024 * 1024 });
      expect(res.ok).toBe(true);
      const stored = JSON.parse(res.body) as { address: string; thumbnail: string };
      expect(stored.address).toMatch(new RegExp(`^/files/Uploads/${owner.uid}_[A-Za-z0-9]+_big\\.(jpg|png)$`));
      const served = await fetch(`${t.baseUrl}${stored.address}`);
      expect(served.headers.get('content-type')).toBe(format === 'jpeg' ? 'image/jpeg' : 'image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
      expect((await fetch(`${t.baseUrl}${stored.thumbnail}`)).headers.get('content-type')).toBe('image/webp');
      kept.push([stored.address, data]);
    }
    // Nothing staged is left, only the notes that the uploads finished (swept after a day).
    expect(unfinished(t)).toEqual([]);
    // The local store links the staged file rather than copying it: removing the staged copy leaves the image.
    for (const [address, data] of kept) {
      expect(Buffer.from(await (await fetch(`${t.baseUrl}${address}`)).arrayBuffer()).equals(data)).toBe(true);
    }
  });

  it("refuses another editor's HEAD, PATCH and DELETE on your upload", async () => {
    const data = await makeImage('jpeg', 2_000_000);
    // Start an upload and stop it once it exists, leaving it open.
    const { url } = await tusUpload(t, cookie, data, { chunkSize: 262144, stopWhen: (u) => Boolean(u.url) });
    expect(url).not.toBeNull();
    const other = await createUser(t, 'editor');
    const otherCookie = await signIn(t, other.email, other.password);
    const headers = { cookie: otherCookie, 'tus-resumable': '1.0.0', origin: new URL(t.publicUrl).origin };
    expect((await fetch(url!, { method: 'HEAD', headers })).status).toBe(403);
    expect(
      (
        await fetch(url!, {
          method: 'PATCH',
          headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          body: 'x',
        })
      ).status,
    ).toBe(403);
    expect((await fetch(url!, { method: 'DELETE', headers })).status).toBe(403);
    const mine = await fetch(url!, { method: 'HEAD', headers: { ...headers, cookie } });
    expect(mine.status).toBe(200);
    expect((await fetch(url!, { method: 'DELETE', headers: { ...headers, cookie } })).status).toBe(204);
  });

  it('resumes an upload cut off in the middle, re-sending at most one chunk', async () => {
    const data = await makeImage('png', 12_000_000);
    const chunkSize = 1024 * 1024;
    let received = 0;
    let writing = 0;
    const staging = t.services.staging as unknown as { write: (...a: unknown[]) => Promise<number> };
    const write = staging.write.bind(staging);
    staging.write = async (...a: unknown[]) => {
      writing += 1;
      try {
        // write(stream, id, offset) answers the new offset: the bytes this request brought are the difference.
        const end = await write(...a);
        received += end - (a[2] as number);
        return end;
      } finally {
        writing -= 1;
      }
    };
    const { url } = await tusUpload(t, cookie, data, { chunkSize, stopWhen: () => received > data.length / 2 });
    // The server keeps what the cut PATCH brought: its write ends once it hears the client went.
    await vi.waitFor(() => expect(writing).toBe(0), { timeout: 10_000, interval: 10 });
    expect(url).not.toBeNull();
    // As the console's client does (domain/retry.ts): a PATCH that meets the cut one still finishing hears 409 and
    // asks the offset again (tus-js-client retries 409).
    const res = await tusUpload(t, cookie, data, { chunkSize, uploadUrl: url!, retryDelays: [0, 200, 1000] });
    staging.write = write;
    expect(res.ok).toBe(true);
    expect(received - data.length).toBeLessThanOrEqual(chunkSize);
  });

  it.each([
    ['a PDF renamed .jpg', Buffer.from('%PDF-1.7\n' + 'x'.repeat(5000)), 'scan.jpg'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.jpg'],
    ['an HTML file', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png'],
  ])('refuses %s with a clear message and leaves nothing stored', async (_n, data, name) => {
    const before = files(t, 'files/Uploads').length;
    const staged = new Set(unfinished(t));
    const res = await tusUpload(t, cookie, data, { name });
    expect(res.ok).toBe(false);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error.message).toMatch(/JPEG or PNG/);
    expect(files(t, 'files/Uploads').length).toBe(before);
    expect(unfinished(t).filter((f) => !staged.has(f))).toEqual([]);
  });

  it('refuses a truncated JPEG and an oversize file, leaving nothing stored', async () => {
    const before = files(t, 'files/Uploads').length;
    const staged = new Set(unfinished(t));
    const jpeg = await makeImage('jpeg', 600_000);
    const cut = await tusUpload(t, cookie, jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    expect(cut.status).toBe(415);
    expect(JSON.parse(cut.body).error.message).toMatch(/damaged or incomplete|not a JPEG/);
    const huge = await tusUpload(t, cookie, Buffer.alloc(25 * 1024 * 1024, 1));
    expect(huge.status).toBe(413);
    expect(files(t, 'files/Uploads').length).toBe(before);
    expect(unfinished(t).filter((f) => !staged.has(f))).toEqual([]);
  });

  it.each([
    ['../../etc/passwd.jpg', /^passwd\.jpg$/],
    ['a/b\\c/photo.jpg', /^photo\.jpg$/],
    ['bad\u0000na\u0007me\r\n.jpg', /^bad_na_me_?\.jpg$/],
    [`${'x'.repeat(200)}.jpg`, /^x{60}\.jpg$/],
    ['   .jpg', /^image\.jpg$/],
  ])('stores the name %j safely', async (name, expected) => {
    const res = await tusUpload(t, cookie, await makeImage('jpeg', 3000), { name });
    expect(res.ok).toBe(true);
    const address = JSON.parse(res.body).address as string;
    const stored = address.split('/').pop()!.split('_').slice(2).join('_');
    expect(stored).toMatch(expected);
    expect(address).toMatch(/^\/files\/Uploads\/[A-Za-z0-9._-]+$/);
  });

  it('keeps every stored name reachable, however long the original name, and a product can point at it', async () => {
    for (const length of [40, 60, 120, 1000]) {
      const res = await tusUpload(t, cookie, await makeImage('jpeg', 3000), { name: `${'n'.repeat(length)}.jpg` });
      expect(res.ok).toBe(true);
      const { address, thumbnail } = JSON.parse(res.body) as { address: string; thumbnail: string };
      const image = await fetch(`${t.baseUrl}${address}`);
      expect(image.status, address).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      const thumb = await fetch(`${t.baseUrl}${thumbnail}`);
      expect(thumb.status, thumbnail).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
    }
  });

  it.each([
    `/files/Uploads/${'y'.repeat(150)}.jpg`,
    `/files/Uploads/${'y'.repeat(400)}.jpg`,
    '/files/Uploads/',
    '/files/elsewhere.jpg',
    '/files',
    '/api/nothing-here',
    '/api',
  ])('answers 404 in JSON, never the app page, for the unknown address %s', async (path) => {
    const res = await t.api('GET', path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json.error.code).toBe('not_found');
  });

  // Not after an offset conflict (409): a PATCH cut short, re-sent or overlapping gets it while the upload goes on
  // (uploadsOverlap.test.ts).
  it('removes the staged file at once after a body past the declared length (413)', async () => {
    const origin = new URL(t.publicUrl).origin;
    const created = await fetch(`${t.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie,
        origin,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': 'filename cC5qcGc=',
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, t.baseUrl).href;
    const id = url.split('/').pop()!;
    expect(files(t, 'tus')).toContain(id);
    const res = await fetch(url, {
      method: 'PATCH',
      headers: {
        cookie,
        origin,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(2000, 1),
    });
    expect(res.status).toBe(413);
    // Removed right after the answer went out, not by the daily sweep.
    const left = () => files(t, 'tus').filter((f) => f.startsWith(id));
    await vi.waitFor(() => expect(left()).toEqual([]), { timeout: 10_000, interval: 20 });
  });

  it('refuses uploads from callers who are not editors', async () => {
    const staff = await createUser(t, 'noRole');
    const staffCookie = await signIn(t, staff.email, staff.password);
    expect((await tusUpload(t, staffCookie, await makeImage('jpeg', 3000))).status).toBe(403);
    expect((await tusUpload(t, '', await makeImage('jpeg', 3000))).status).toBe(401);
    const cross = await fetch(`${t.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': '10', 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
  });
});
