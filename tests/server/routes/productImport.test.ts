import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// Products from CSV rows: a preview that writes nothing, then one transaction or nothing, on both databases alike.
type Cells = Record<string, string>;
const cells = (sku: string, extra: Cells = {}): Cells => ({
  sku,
  name: `Towel ${sku}`,
  category: 'Linen',
  mc: 'Linen care',
  price: '149 SEK',
  active: 'true',
  details: 'Washed linen',
  ...extra,
});

describe.each(dialects())('products: CSV import (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let image: string;
  let existing: { id: string; version: number; images: string[] };
  const rows = (list: Cells[], from = 2) => list.map((c, i) => ({ line: from + i, cells: c }));
  const post = (list: Cells[], apply: boolean, headers: Record<string, string> = {}) =>
    t.api('POST', '/api/products/import', { cookie, body: { rows: rows(list), apply }, headers });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('products')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startApp({ dialect });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    image = await storedImage(t, editor.uid);
    const res = await t.api('POST', '/api/products', {
      cookie,
      body: {
        sku: 'OLD-1',
        name: 'Old towel',
        category: 'Cotton',
        mc: 'Cotton care',
        price: '99 SEK',
        details: 'Cotton',
        active: true,
        images: [image],
      },
    });
    expect(res.status, res.text).toBe(201);
    existing = res.json;
  });
  afterAll(async () => t?.close());

  it(
    'previews each row (new, changed with its columns, ' + 'unchanged, refused with every problem) and writes nothing',
    async () => {
      const before = await count();
      const res = await post(
        [
          cells('NEW-1', { images: `${image} ${image}` }),
          cells('OLD-1', {
            name: 'Old towel',
            category: 'Cotton',
            mc: 'Cotton care',
            price: '89 SEK',
            details: 'Cotton',
            active: 'TRUE',
          }),
          cells('OLD-1', { name: 'Old towel' }),
          cells('NEW-2', { category: 'Silk', price: '', active: 'yes', images: image }),
          cells('NEW-3'),
          cells('NEW-4', { images: '/files/Uploads/never-uploaded.jpg' }),
          cells('NEW-5', { images: 'https://example.com/x.jpg' }),
        ],
        false,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.json.applied).toBe(false);
      expect(res.json.counts).toEqual({ create: 1, update: 1, same: 0, error: 5 });
      const [n1, o1, o2, n2, n3, n4, n5] = res.json.rows;
      expect(n1).toEqual({ line: 2, sku: 'NEW-1', action: 'create', changes: [], errors: [] });
      expect(o1).toEqual({ line: 3, sku: 'OLD-1', action: 'update', changes: ['price'], errors: [] });
      expect(o2).toMatchObject({
        line: 4,
        action: 'error',
        errors: [{ field: 'sku', message: 'The same SKU is on row 3' }],
      });
      expect(n2.errors).toEqual([
        { field: 'category', message: 'Choose Cotton or Linen' },
        { field: 'price', message: 'Required' },
        { field: 'active', message: 'Active must be true or false' },
      ]);
      // A new SKU's images are checked whatever else is wrong, so one pass shows every problem.
      expect((await post([cells('NEW-9', { category: 'Silk' })], false)).json.rows[0].errors).toEqual([
        { field: 'category', message: 'Choose Cotton or Linen' },
        { field: 'images', message: 'Must add an image' },
      ]);
      expect(n3.errors).toEqual([{ field: 'images', message: 'Must add an image' }]);
      expect(n4.errors).toEqual([{ field: 'images', message: expect.stringMatching(/upload/i) }]);
      expect(n5.errors).toEqual([{ field: 'images', message: expect.any(String) }]);
      expect(await count()).toBe(before);
    },
  );

  it('says each row’s problems in the caller’s language', async () => {
    const res = await post([cells('SV-1', { category: 'Silk', images: image })], false, { 'accept-language': 'sv' });
    expect(res.json.rows[0].errors).toEqual([{ field: 'category', message: 'Välj Cotton eller Linen' }]);
  });

  it('refuses a row that would make a product active while its Active from is still to come', async () => {
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const made = await t.api('POST', '/api/products', {
      cookie,
      body: { ...cells('SCH-1'), active: false, images: [image], activeFrom: soon },
    });
    expect(made.status, made.text).toBe(201);
    const res = await post([cells('SCH-1', { price: '199 SEK' })], false);
    expect(res.json.rows[0]).toMatchObject({
      action: 'error',
      errors: [
        {
          field: 'active',
          message:
            'A product with an Active from to come must be inactive until then: set it inactive, or clear Active from.',
        },
      ],
    });
    expect((await post([cells('SCH-1')], false, { 'accept-language': 'sv' })).json.rows[0].errors).toEqual([
      {
        field: 'active',
        message:
          'En produkt med en kommande Aktiv från måste vara inaktiv tills dess: gör den inaktiv, eller töm Aktiv från.',
      },
    ]);
    expect((await post([cells('SCH-1')], true)).status).toBe(400);
    expect((await t.api('GET', `/api/products/${made.json.id}`, { cookie })).json).toMatchObject({
      active: false,
      activeFrom: soon,
      version: made.json.version,
    });
    // Kept inactive, its other columns change as asked; the time stays.
    const kept = await post([cells('SCH-1', { price: '199 SEK', active: 'false' })], true);
    expect(kept.status, kept.text).toBe(200);
    expect((await t.api('GET', `/api/products/${made.json.id}`, { cookie })).json).toMatchObject({
      active: false,
      price: '199 SEK',
      activeFrom: soon,
    });
  });

  it('refuses to apply while any row has an error, and writes none of the others', async () => {
    const before = await count();
    const res = await post([cells('GOOD-1', { images: image }), cells('BAD-1', { details: '' })], true);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.message).toBe('Nothing was imported: some rows have errors.');
    expect(await count()).toBe(before);
  });

  it('applies new and changed rows at once, leaving an existing product’s images as they are', async () => {
    const before = await count();
    const res = await post(
      [cells('APPLY-1', { images: image }), cells('OLD-1', { name: 'Renamed towel', images: '' })],
      true,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ applied: true, counts: { create: 1, update: 1, same: 0, error: 0 } });
    expect(await count()).toBe(before + 1);
    const old = (await t.api('GET', `/api/products/${existing.id}`, { cookie })).json;
    expect(old).toMatchObject({
      name: 'Renamed towel',
      category: 'Linen',
      price: '149 SEK',
      images: existing.images,
      version: existing.version + 1,
    });
    const found = (await t.api('GET', '/api/products?sku=APPLY-1', { cookie })).json.items[0];
    expect(found).toMatchObject({ name: 'Towel APPLY-1', active: true, images: [image], primary: image, version: 1 });
    // Applying the same file again changes nothing.
    const again = await post([cells('APPLY-1', { images: image })], true);
    expect(again.json.counts).toEqual({ create: 0, update: 0, same: 1, error: 0 });
  });

  it('changes rows in batches, and undoes the whole import when one row was not updated as read', async () => {
    // A trigger that silently skips one row's update stands in for someone saving that product meanwhile: the
    // database then updates fewer rows than were sent, which the import must notice even in its second batch.
    const skipping = async (on: boolean) => {
      if (dialect === 'sqlite') {
        if (on)
          await sql`create trigger import_skip before update on products
            when old.sku = 'CHG-0599' begin select raise(ignore); end`.execute(t.db);
        else await sql`drop trigger import_skip`.execute(t.db);
      } else if (on) {
        await sql`create function import_skip() returns trigger language plpgsql as $$
          begin if old.sku = 'CHG-0599' then return null; end if; return new; end $$`.execute(t.db);
        await sql`create trigger import_skip before update on products
          for each row execute function import_skip()`.execute(t.db);
      } else {
        await sql`drop trigger import_skip on products`.execute(t.db);
        await sql`drop function import_skip()`.execute(t.db);
      }
    };
    const list = Array.from({ length: 600 }, (_, i) => cells(`CHG-${String(i).padStart(4, '0')}`, { images: image }));
    expect((await post(list, true)).status).toBe(200);
    const changed = list.map((c) => ({ ...c, price: '1 SEK', active: 'false' }));
    const prices = async () =>
      t.db.selectFrom('products').select(['price', 'active', 'version']).where('sku', 'like', 'CHG-%').execute();
    await skipping(true);
    try {
      const res = await post(changed, true);
      expect(res.status, res.text).toBe(409);
      expect(res.json.error.message).toBe(
        'A product was changed by someone else while importing; nothing was written. Check the file again.',
      );
    } finally {
      await skipping(false);
    }
    expect((await prices()).every((r) => r.price === '149 SEK' && Number(r.version) === 1)).toBe(true);
    const res = await post(changed, true);
    expect(res.status, res.text).toBe(200);
    expect(res.json.counts).toEqual({ create: 0, update: 600, same: 0, error: 0 });
    const after = await prices();
    expect(after).toHaveLength(600);
    expect(after.every((r) => r.price === '1 SEK' && Number(r.active) === 0 && Number(r.version) === 2)).toBe(true);
  });

  it('keeps nothing when the database refuses a row half-way through (one transaction)', async () => {
    const failing = async (on: boolean) => {
      if (dialect === 'sqlite') {
        if (on)
          await sql`create trigger import_boom before insert on products
            when new.sku = 'BOOM' begin select raise(abort, 'boom'); end`.execute(t.db);
        else await sql`drop trigger import_boom`.execute(t.db);
      } else if (on) {
        await sql`create function import_boom() returns trigger language plpgsql as $$
          begin if new.sku = 'BOOM' then raise exception 'boom'; end if; return new; end $$`.execute(t.db);
        await sql`create trigger import_boom before insert on products
          for each row execute function import_boom()`.execute(t.db);
      } else {
        await sql`drop trigger import_boom on products`.execute(t.db);
        await sql`drop function import_boom()`.execute(t.db);
      }
    };
    const before = await count();
    const list = Array.from({ length: 700 }, (_, i) => cells(`BULK-${String(i).padStart(4, '0')}`, { images: image }));
    list.push(cells('BOOM', { images: image }), cells('OLD-1', { name: 'Should not stick' }));
    await failing(true);
    try {
      const res = await post(list, true);
      expect(res.status).toBe(500);
    } finally {
      await failing(false);
    }
    expect(await count()).toBe(before);
    expect((await t.api('GET', `/api/products/${existing.id}`, { cookie })).json.name).toBe('Renamed towel');
  });

  it('refuses bad input as a whole with a clear message and changes nothing', async () => {
    const before = await count();
    const bad = [
      { rows: [], apply: true },
      { rows: rows([cells('X', { colour: 'red' })]), apply: true },
      { rows: rows([cells('X\u0000Y', { images: image })]), apply: true },
      { rows: rows([cells('X', { name: '\uD800' })]), apply: true },
      { rows: Array.from({ length: 10_001 }, (_, i) => ({ line: i + 2, cells: { sku: `S${i}` } })), apply: false },
      { rows: rows([cells('X')]), apply: 'yes' },
    ];
    for (const body of bad) {
      const res = await t.api('POST', '/api/products/import', { cookie, body });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.message).toEqual(expect.any(String));
    }
    expect(await count()).toBe(before);
  });
});
