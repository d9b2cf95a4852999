import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { makePhoto, storedBytes } from '../helpers/images.js';
import { storeUpload, keyOf, sizeKey, thumbKey, madeWidths } from '../../../server/core/files.js';

const base = {
  category: 'Linen',
  mc: 'Linen care',
  name: 'Table runner',
  details: 'Washed linen',
  price: '349 SEK',
  active: true,
};

// Duplicate: the product's images are copied into new stored files (original, thumbnail, WebP sizes), for
// Add Product to start from; the copy and the original are independent.
describe.each(dialects())('duplicate a product (%s)', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let cookie: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
  });
  afterAll(async () => t?.close());

  it('copies every image with its thumbnail and sizes into new files the new product can use', async () => {
    const photo = await makePhoto(1000, 700);
    const first = await storeUpload(
      t.db,
      t.services.store,
      { owner: editor.uid, originalName: 'runner.jpg', data: photo },
      t.config.imageMaxPixels,
    );
    const second = await storeUpload(
      t.db,
      t.services.store,
      { owner: editor.uid, originalName: 'detail.jpg', data: await makePhoto(300, 300) },
      t.config.imageMaxPixels,
    );
    const made = await t.api('POST', '/api/products', {
      cookie,
      body: {
        ...base,
        sku: 'DUP-1',
        images: [first.address, second.address],
        translations: { se: { name: 'Löpare' } },
      },
    });
    expect(made.status).toBe(201);

    const res = await t.api('POST', `/api/products/${made.json.id}/duplicate`, { cookie });
    expect(res.status).toBe(200);
    const copies = res.json as { images: string[]; thumbnails: string[] };
    expect(copies.images).toHaveLength(2);
    for (const [i, original] of [first.address, second.address].entries()) {
      const copy = copies.images[i]!;
      expect(copy).not.toBe(original);
      expect(copy).toMatch(/^\/files\/Uploads\/.+_runner\.jpg$|^\/files\/Uploads\/.+_detail\.jpg$/);
      expect(copies.thumbnails[i]).toBe(`/files/${thumbKey(keyOf(copy))}`);
      const [o, c] = await Promise.all([
        t.db.selectFrom('files').selectAll().where('key', '=', keyOf(original)).executeTakeFirstOrThrow(),
        t.db.selectFrom('files').selectAll().where('key', '=', keyOf(copy)).executeTakeFirstOrThrow(),
      ]);
      expect({ ...c, key: o.key, created: o.created, owner: o.owner }).toEqual(o);
      expect(await storedBytes(t, keyOf(copy))).toEqual(await storedBytes(t, keyOf(original)));
      expect(await storedBytes(t, thumbKey(keyOf(copy)))).toEqual(await storedBytes(t, thumbKey(keyOf(original))));
      for (const w of madeWidths(o.variants))
        expect(await storedBytes(t, sizeKey(keyOf(copy), w)), `w${w}`).toEqual(
          await storedBytes(t, sizeKey(keyOf(original), w)),
        );
    }
    // The first photo is wide enough for at least one size: the copy has its own.
    expect(
      madeWidths(
        (
          await t.db
            .selectFrom('files')
            .select('variants')
            .where('key', '=', keyOf(copies.images[0]!))
            .executeTakeFirstOrThrow()
        ).variants,
      ).length,
    ).toBeGreaterThan(0);
    // Served like any image.
    const served = await fetch(`${t.baseUrl}${copies.thumbnails[0]}`);
    expect(served.status).toBe(200);
    await served.arrayBuffer();

    // Add Product with the copied fields and a new SKU; the same SKU is refused as ever.
    const {
      id: _id,
      sku: _sku,
      version: _v,
      created: _c,
      updated: _u,
      thumbnails: _t,
      primary: _p,
      activeFrom: _f,
      activeUntil: _a,
      ...fields
    } = made.json;
    expect(
      (await t.api('POST', '/api/products', { cookie, body: { ...fields, sku: 'DUP-1', images: copies.images } }))
        .status,
    ).toBe(409);
    const dup = await t.api('POST', '/api/products', {
      cookie,
      body: { ...fields, sku: 'DUP-2', images: copies.images },
    });
    expect(dup.status).toBe(201);
    expect(dup.json).toMatchObject({
      name: 'Table runner',
      translations: { se: { name: 'Löpare' } },
      images: copies.images,
    });
    // The original is untouched.
    expect((await t.api('GET', `/api/products/${made.json.id}`, { cookie })).json.images).toEqual([
      first.address,
      second.address,
    ]);
  });

  it('answers 404 for a product that is not there, and copies nothing', async () => {
    const before = (await t.db.selectFrom('files').select('key').execute()).length;
    const res = await t.api('POST', '/api/products/no-such-id/duplicate', { cookie });
    expect(res.status).toBe(404);
    expect((await t.db.selectFrom('files').select('key').execute()).length).toBe(before);
  });
});
