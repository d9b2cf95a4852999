import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { say } from '../../../domain/translate.js';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { pngBomb } from '../helpers/bomb.js';
import { makeImage } from '../helpers/images.js';
import { tusUpload } from '../helpers/tus.js';

/** Every file (not folder) under DATA_DIR/<dir>, at any depth. */
const filesUnder = (t: TestApp, dir: string): string[] => {
  const root = join(t.data.dataDir, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(root.length + 1));
};

const fileRows = async (t: TestApp): Promise<number> =>
  Number(
    (
      await t.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

// A decompression bomb: 16000 × 16000 8-bit grey is 256 megapixels in about 250 KB, six times the default limit
// (IMAGE_MAX_MEGAPIXELS, 40; the config holds it in pixels).
// Grey at 8 bits keeps the damage small where the limit is missing (the decode then takes about 768 MB and 10 s).
const BOMB = { width: 16_000, height: 16_000 } as const;

describe.each(dialects())('image decompression bombs over tus (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await pngBomb(BOMB.width, BOMB.height, { bitDepth: 8, channels: 1 });
    t = await startApp({ dialect });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
  });
  afterAll(async () => t?.close());

  // The long timeout only lets a server without the limit finish its decode, so the test fails on the answer.
  it(
    `refuses a ${BOMB.width} × ${BOMB.height} PNG with 415 before decoding it, and stores nothing`,
    { timeout: 180_000 },
    async () => {
      const rows = await fileRows(t);
      const stored = filesUnder(t, 'files');
      const staged = new Set(filesUnder(t, 'tus'));
      const res = await tusUpload(t, cookie, bomb, { name: 'bomb.png', chunkSize: 4 * 1024 * 1024 });
      expect({ ok: res.ok, status: res.status }).toEqual({ ok: false, status: 415 });
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: 'upload',
          message: say('en', 'uploads.tooManyPixels', { max: t.config.imageMaxPixels / 1_000_000 }),
        },
      });
      expect(await fileRows(t)).toBe(rows);
      expect(filesUnder(t, 'files')).toEqual(stored);
      expect(filesUnder(t, 'tus').filter((f) => !staged.has(f))).toEqual([]);
      const health = await t.api('GET', '/api/health');
      expect(health.status).toBe(200);
    },
  );

  it('still accepts a small PNG after a refused bomb', async () => {
    const rows = await fileRows(t);
    const png = await makeImage('png', 20_000);
    const res = await tusUpload(t, cookie, png, { name: 'small.png' });
    expect({ ok: res.ok, status: res.status }).toEqual({ ok: true, status: 201 });
    const stored = JSON.parse(res.body) as { address: string; thumbnail: string };
    expect(stored.address).toMatch(/^\/files\/Uploads\/.+_small\.png$/);
    // Read to the end: an unread body keeps the connection busy, and closing the app then waits for it.
    const served = await fetch(`${t.baseUrl}${stored.address}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(await fileRows(t)).toBe(rows + 1);
  });
});
