import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeKey, sweepFiles } from '../../../server/core/files.js';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { decoded, makePhoto } from '../helpers/images.js';
import { tusUpload } from '../helpers/tus.js';

interface Stored {
  address: string;
  width: number;
  height: number;
}
interface ImageSet {
  url: string;
  width: number;
  height: number;
  variants: Array<{ url: string; width: number; type: string }>;
}

describe.each(dialects())('image sizes (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { STOREFRONT_ENABLED: 'true' } });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
  });
  afterAll(async () => t?.close());

  const upload = async (data: Buffer, name: string): Promise<Stored> => {
    const res = await tusUpload(t, cookie, data, { name, chunkSize: 1024 * 1024 });
    expect(res.ok, res.body).toBe(true);
    return JSON.parse(res.body) as Stored;
  };
  const key = (s: Stored): string => s.address.replace('/files/', '');
  const onDisk = (k: string): boolean => existsSync(join(t.data.dataDir, 'files', ...k.split('/')));
  /** GET of a stored file: its status, type and, when found, its decoded size. */
  const fetched = async (url: string) => {
    const res = await fetch(url);
    const body = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      image: res.status === 200 ? await decoded(body) : null,
    };
  };

  it('makes WebP sizes of 400, 800 and 1600 px beside an uploaded image, served as image/webp', async () => {
    const stored = await upload(await makePhoto(2000, 1200), 'wide.jpg');
    expect([stored.width, stored.height]).toEqual([2000, 1200]);
    for (const w of [400, 800, 1600]) {
      expect(onDisk(sizeKey(key(stored), w))).toBe(true);
      const got = await fetched(`${t.baseUrl}/files/${sizeKey(key(stored), w)}`);
      expect(got).toEqual({
        status: 200,
        type: 'image/webp',
        image: { width: w, height: Math.round((1200 * w) / 2000), format: 'webp' },
      });
    }
    const row = await t.db
      .selectFrom('files')
      .select(['width', 'height', 'variants'])
      .where('key', '=', key(stored))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ width: 2000, height: 1200, variants: '400,800,1600' });
  });

  it(
    'never enlarges: only sizes narrower than the ' + 'original, none for a small one or one exactly 400 wide',
    async () => {
      const cases = [
        [await makePhoto(1000, 700, { format: 'png' }), 'mid.png', [400, 800]],
        [await makePhoto(400, 300), 'exact.jpg', []],
        [await makePhoto(300, 200), 'small.jpg', []],
      ] as const;
      for (const [data, name, widths] of cases) {
        const stored = await upload(data, name);
        for (const w of [400, 800, 1600]) {
          expect(onDisk(sizeKey(key(stored), w)), `${name} ${w}`).toBe((widths as readonly number[]).includes(w));
          if (!(widths as readonly number[]).includes(w))
            expect((await fetch(`${t.baseUrl}/files/${sizeKey(key(stored), w)}`)).status).toBe(404);
        }
      }
    },
  );

  it(
    'goes by the size as shown: a photo stored on its ' + 'side (EXIF orientation 6) is as wide as it is shown',
    async () => {
      const stored = await upload(await makePhoto(1200, 600, { orientation: 6 }), 'portrait.jpg');
      expect([stored.width, stored.height]).toEqual([600, 1200]);
      expect(onDisk(sizeKey(key(stored), 400))).toBe(true);
      expect(onDisk(sizeKey(key(stored), 800))).toBe(false);
      expect((await fetched(`${t.baseUrl}/files/${sizeKey(key(stored), 400)}`)).image).toEqual({
        width: 400,
        height: 800,
        format: 'webp',
      });
    },
  );

  it('gives each feed image its size and its sizes, whose addresses serve them as image/webp', async () => {
    const wide = await upload(await makePhoto(1700, 1000), 'feed-wide.jpg');
    const small = await upload(await makePhoto(320, 240), 'feed-small.jpg');
    const body = {
      sku: 'IMG-SET-1',
      category: 'Linen',
      mc: 'Linen care',
      name: 'Runner',
      details: 'Linen',
      price: '10',
      active: true,
      images: [wide.address, small.address],
    };
    expect((await t.api('POST', '/api/products', { cookie, body })).status).toBe(201);
    const one = (await t.api('GET', '/api/public/products/IMG-SET-1')).json as {
      images: string[];
      imageSets: ImageSet[];
    };
    const list = (await t.api('GET', '/api/public/products?limit=100')).json as {
      items: Array<{ sku: string; imageSets: ImageSet[] }>;
    };
    expect(list.items.find((p) => p.sku === 'IMG-SET-1')?.imageSets).toEqual(one.imageSets);
    expect(one.imageSets.map((s) => s.url)).toEqual(one.images);
    const [a, b] = one.imageSets;
    expect([a!.width, a!.height, a!.variants.map((v) => [v.width, v.type])]).toEqual([
      1700,
      1000,
      [
        [400, 'image/webp'],
        [800, 'image/webp'],
        [1600, 'image/webp'],
      ],
    ]);
    expect([b!.width, b!.height, b!.variants]).toEqual([320, 240, []]);
    for (const v of a!.variants) {
      expect(v.url).toMatch(new RegExp(`^${t.publicUrl}/api/public/images/[\\w-]+\\.webp$`));
      const got = await fetched(v.url);
      expect([got.status, got.type, got.image?.width, got.image?.format]).toEqual([200, 'image/webp', v.width, 'webp']);
    }
  });

  it('sweeps an unused image with its sizes', async () => {
    const orphan = await upload(await makePhoto(900, 600), 'orphan.jpg');
    const sizes = [400, 800].map((w) => sizeKey(key(orphan), w));
    for (const k of sizes) expect(onDisk(k)).toBe(true);
    await t.db
      .updateTable('files')
      .set({ created: '2000-01-01T00:00:00.000Z' })
      .where('key', '=', key(orphan))
      .execute();
    expect(await sweepFiles(t.db, t.services.store, 3600_000)).toBeGreaterThanOrEqual(1);
    expect(onDisk(key(orphan))).toBe(false);
    for (const k of sizes) expect(onDisk(k)).toBe(false);
  });
});
