// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, getDoc, getDocs, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { PAGE_SIZE, SEARCH_LIMIT } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { createFirebaseProviders } from '../../../providers/firebase';
import type { Product } from '../../../domain/products';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';

// The product calls of the Firebase data provider through the real SDK on the patched Firestore emulator:
// list by sku descending 10 a page with 'More' after the last document, exact SKU search, add, edit with the
// conflict check in a transaction.
let b: Backend;
const sku = (n: number) => `P-${String(n).padStart(3, '0')}`;

beforeAll(async () => {
  b = await startBackend();
  await clearAccounts();
  window.localStorage.clear();
  await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true });
  await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
  // 23 products written in a shuffled order under random ids, so neither id nor insertion order gives sku order.
  const db = b.other();
  const batch = writeBatch(db);
  for (const n of [7, 19, 1, 23, 12, 3, 15, 9, 21, 5, 17, 11, 2, 14, 20, 8, 22, 4, 16, 10, 13, 6, 18]) {
    batch.set(doc(collection(db, 'products')), {
      sku: sku(n),
      name: `Towel ${n}`,
      details: 'Soft',
      price: '10',
      category: 'Linen',
      mc: 'Linen care',
      active: true,
      images: [],
      primary: null,
    });
  }
  await batch.commit();
});
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

const list = (after?: string, perPage = PAGE_SIZE, filter: Record<string, unknown> = {}) =>
  b.dataProvider.getList<Product>('products', {
    pagination: { page: 1, perPage },
    sort: { field: 'sku', order: 'DESC' },
    filter,
    meta: after ? { after } : undefined,
  });

describe('Firebase data provider: product list', () => {
  it('orders by sku descending, 10 a page, and More continues after the last document until none is left', async () => {
    const first = await list();
    expect(first.data.map((p) => p.sku)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14].map(sku));
    expect(first.pageInfo?.hasNextPage).toBe(true);
    const second = await list(first.meta?.next as string);
    expect(second.data.map((p) => p.sku)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map(sku));
    const third = await list(second.meta?.next as string);
    // Products other tests here add (skus 'NEW-…', 'DUP-…', 'KSE-…') sort after 'P-…' and keep the total under 30.
    expect(third.data.slice(0, 3).map((p) => p.sku)).toEqual([3, 2, 1].map(sku));
    expect(third.data.slice(3).every((p) => p.sku < sku(1))).toBe(true);
    expect(third.pageInfo?.hasNextPage).toBe(false);
    expect(third.meta?.next).toBeNull();
  });

  it('More works from a cursor alone (a fresh provider set, as after a reload)', async () => {
    const first = await list();
    const fresh = createFirebaseProviders({ app: b.app }).dataProvider;
    const next = await fresh.getList<Product>('products', {
      pagination: { page: 1, perPage: PAGE_SIZE },
      sort: { field: 'sku', order: 'DESC' },
      filter: {},
      meta: { after: first.meta?.next },
    });
    expect(next.data.map((p) => p.sku)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map(sku));
  });
});

describe('Firebase data provider: exact SKU search', () => {
  it('finds the product whose sku equals the text, and nothing for a part of it', async () => {
    const found = await list(undefined, SEARCH_LIMIT, { sku: sku(7) });
    expect(found.data.map((p) => p.sku)).toEqual([sku(7)]);
    expect((await list(undefined, SEARCH_LIMIT, { sku: 'P-00' })).data).toEqual([]);
    expect((await list(undefined, SEARCH_LIMIT, { sku: sku(7).toLowerCase() })).data).toEqual([]);
  });

  it('returns at most one result even when two documents share the sku', async () => {
    const db = b.other();
    await setDoc(doc(db, 'products', 'dup-a'), { sku: 'DUP-1', name: 'a' });
    await setDoc(doc(db, 'products', 'dup-b'), { sku: 'DUP-1', name: 'b' });
    const found = await list(undefined, SEARCH_LIMIT, { sku: 'DUP-1' });
    expect(found.data).toHaveLength(1);
  });
});

describe('Firebase data provider: add and edit product', () => {
  it('adds a product with the form fields, images, primary, active, category and mc, under a new id', async () => {
    const images = ['https://example.test/a.jpg', 'https://example.test/b.jpg'];
    const { data } = await b.dataProvider.create('products', {
      data: {
        sku: 'NEW-1',
        name: 'Sheet',
        details: 'Linen sheet',
        price: '49',
        active: false,
        category: 'Linen',
        mc: 'Linen care',
        images,
        extra: 'not stored',
      },
    });
    expect(String(data.id)).toMatch(/^[A-Za-z0-9]{20}$/);
    const stored = (await getDoc(doc(b.other(), 'products', String(data.id)))).data();
    expect(stored).toEqual({
      sku: 'NEW-1',
      name: 'Sheet',
      details: 'Linen sheet',
      price: '49',
      active: false,
      category: 'Linen',
      mc: 'Linen care',
      images,
      primary: images[0],
    });
  });

  it('refuses a second product with a SKU already used', async () => {
    await expect(
      b.dataProvider.create('products', {
        data: { sku: sku(3), name: 'x', details: 'y', price: '1', images: ['https://example.test/x.jpg'] },
      }),
    ).rejects.toMatchObject({ status: 409, message: messages.products.duplicateSku });
  });

  it('edits a product: fields change, the sku stays, and the answer is the reloaded document', async () => {
    const id = (await getDocs(collection(b.other(), 'products'))).docs.find((d) => d.get('sku') === sku(5))!.id;
    const { data: loaded } = await b.dataProvider.getOne<Product>('products', { id });
    const { data } = await b.dataProvider.update<Product>('products', {
      id,
      data: { ...loaded, sku: 'CHANGED', name: 'Renamed', price: '12' },
      previousData: loaded,
    });
    expect(data).toMatchObject({ id, sku: sku(5), name: 'Renamed', price: '12' });
    expect((await getDoc(doc(b.other(), 'products', id))).data()).toMatchObject({
      sku: sku(5),
      name: 'Renamed',
      price: '12',
      details: 'Soft',
    });
  });

  it('refuses an edit when someone else changed the product after it was loaded, and keeps their change', async () => {
    const id = (await getDocs(collection(b.other(), 'products'))).docs.find((d) => d.get('sku') === sku(6))!.id;
    const { data: loaded } = await b.dataProvider.getOne<Product>('products', { id });
    await updateDoc(doc(b.other(), 'products', id), { price: '99' });
    await expect(
      b.dataProvider.update('products', { id, data: { ...loaded, name: 'Mine' }, previousData: loaded }),
    ).rejects.toMatchObject({ status: 409, message: messages.products.stale });
    expect((await getDoc(doc(b.other(), 'products', id))).data()).toMatchObject({ price: '99', name: 'Towel 6' });
  });

  it('answers not found for a missing product', async () => {
    await expect(b.dataProvider.getOne('products', { id: 'no-such-id' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('Firebase data provider: Swedish texts (translations.se)', () => {
  const images = ['https://example.test/t.jpg'];
  const base = {
    name: 'Towel',
    details: 'Soft',
    price: '10',
    active: true,
    category: 'Linen',
    mc: 'Linen care',
    images,
  };
  const stored = async (id: string) => (await getDoc(doc(b.other(), 'products', id))).data();
  const edit = async (id: string, change: Record<string, unknown>) => {
    const { data: loaded } = await b.dataProvider.getOne<Product>('products', { id });
    return (await b.dataProvider.update<Product>('products', { id, data: { ...change }, previousData: loaded })).data;
  };

  it('adds a product with Swedish texts in the document map (trimmed) and reads them back', async () => {
    const { data } = await b.dataProvider.create<Product>('products', {
      data: { ...base, sku: 'KSE-1', translations: { se: { name: ' Handduk ', details: 'Mjuk' } } },
    });
    expect(data.translations).toEqual({ se: { name: 'Handduk', details: 'Mjuk' } });
    expect((await stored(String(data.id)))?.translations).toEqual({ se: { name: 'Handduk', details: 'Mjuk' } });
    const { data: read } = await b.dataProvider.getOne<Product>('products', { id: data.id });
    expect(read.translations).toEqual({ se: { name: 'Handduk', details: 'Mjuk' } });
  });

  it('adds only the texts written: empty ones are left out, and none at all writes no field', async () => {
    const { data: one } = await b.dataProvider.create<Product>('products', {
      data: { ...base, sku: 'KSE-2', translations: { se: { name: 'Lakan', details: '' } } },
    });
    expect((await stored(String(one.id)))?.translations).toEqual({ se: { name: 'Lakan' } });
    const { data: none } = await b.dataProvider.create<Product>('products', {
      data: { ...base, sku: 'KSE-3', translations: { se: { name: '', details: ' ' } } },
    });
    expect(await stored(String(none.id))).not.toHaveProperty('translations');
    expect(none.translations).toEqual({});
  });

  it('reads a product with no translations at all as {}', async () => {
    const id = (await getDocs(collection(b.other(), 'products'))).docs.find((d) => d.get('sku') === sku(8))!.id;
    const { data } = await b.dataProvider.getOne<Product>('products', { id });
    expect(data.translations).toEqual({});
  });

  it('an edit giving one text keeps the other; leaving translations out keeps both', async () => {
    const { data: made } = await b.dataProvider.create<Product>('products', {
      data: { ...base, sku: 'KSE-4', translations: { se: { name: 'Handduk', details: 'Mjuk' } } },
    });
    const id = String(made.id);
    expect((await edit(id, { translations: { se: { name: 'Badlakan' } } })).translations).toEqual({
      se: { name: 'Badlakan', details: 'Mjuk' },
    });
    expect((await stored(id))?.translations).toEqual({ se: { name: 'Badlakan', details: 'Mjuk' } });
    expect((await edit(id, { price: '11' })).translations).toEqual({ se: { name: 'Badlakan', details: 'Mjuk' } });
    expect((await edit(id, { translations: {} })).translations).toEqual({ se: { name: 'Badlakan', details: 'Mjuk' } });
  });

  it("an edit giving '' clears that text; clearing the last one removes the field", async () => {
    const { data: made } = await b.dataProvider.create<Product>('products', {
      data: { ...base, sku: 'KSE-5', translations: { se: { name: 'Handduk', details: 'Mjuk' } } },
    });
    const id = String(made.id);
    expect((await edit(id, { translations: { se: { details: '' } } })).translations).toEqual({
      se: { name: 'Handduk' },
    });
    expect((await stored(id))?.translations).toEqual({ se: { name: 'Handduk' } });
    expect((await edit(id, { translations: { se: { name: '' } } })).translations).toEqual({});
    expect(await stored(id)).not.toHaveProperty('translations');
  });

  it(
    'reads only the known texts of odd entries another ' + 'client wrote, and an edit writes the map back tidy',
    async () => {
      await setDoc(doc(b.other(), 'products', 'odd-1'), {
        ...base,
        sku: 'KSE-6',
        translations: { se: { name: 'Handduk', details: 7, colour: 'blå' }, de: { name: 'Handtuch' } },
      });
      const { data: read } = await b.dataProvider.getOne<Product>('products', { id: 'odd-1' });
      expect(read.translations).toEqual({ se: { name: 'Handduk' } });
      expect((await edit('odd-1', { translations: { se: { details: 'Mjuk' } } })).translations).toEqual({
        se: { name: 'Handduk', details: 'Mjuk' },
      });
      expect((await stored('odd-1'))?.translations).toEqual({ se: { name: 'Handduk', details: 'Mjuk' } });
    },
  );

  it('the version changes when a Swedish text changes, so an edit loaded before it is refused as stale', async () => {
    const { data: made } = await b.dataProvider.create<Product>('products', {
      data: { ...base, sku: 'KSE-7', translations: { se: { name: 'Handduk' } } },
    });
    const id = String(made.id);
    const { data: loaded } = await b.dataProvider.getOne<Product>('products', { id });
    await updateDoc(doc(b.other(), 'products', id), { 'translations.se.name': 'Badlakan' });
    const { data: after } = await b.dataProvider.getOne<Product>('products', { id });
    expect(after.version).not.toBe(loaded.version);
    await expect(
      b.dataProvider.update('products', {
        id,
        data: { translations: { se: { details: 'Mjuk' } } },
        previousData: loaded,
      }),
    ).rejects.toMatchObject({ status: 409, message: messages.products.stale });
    expect((await stored(id))?.translations).toEqual({ se: { name: 'Badlakan' } });
  });

  it(
    'refuses texts the server refuses (too long, a line break in ' +
      'the name, an unknown field or language) and writes nothing',
    async () => {
      const refused = (translations: unknown) =>
        b.dataProvider.create('products', { data: { ...base, sku: 'KSE-8', translations } });
      await expect(refused({ se: { name: 'n'.repeat(201) } })).rejects.toMatchObject({
        status: 400,
        message: 'Swedish name: At most 200 characters',
      });
      await expect(refused({ se: { details: 'd'.repeat(5001) } })).rejects.toMatchObject({
        status: 400,
        message: 'Swedish details: At most 5000 characters',
      });
      await expect(refused({ se: { name: 'Hand\nduk' } })).rejects.toMatchObject({
        status: 400,
        message: `Swedish name: ${messages.errors.badText}`,
      });
      await expect(refused({ se: { colour: 'blå' } })).rejects.toMatchObject({
        status: 400,
        message: messages.errors.validation,
      });
      await expect(refused({ de: { name: 'Handtuch' } })).rejects.toMatchObject({
        status: 400,
        message: messages.errors.validation,
      });
      expect((await list(undefined, SEARCH_LIMIT, { sku: 'KSE-8' })).data).toEqual([]);
      const id = (await getDocs(collection(b.other(), 'products'))).docs.find((d) => d.get('sku') === sku(9))!.id;
      await expect(
        edit(id, { name: 'Changed', translations: { se: { name: 'n'.repeat(201) } } }),
      ).rejects.toMatchObject({
        status: 400,
      });
      expect(await stored(id)).toMatchObject({ name: 'Towel 9' });
      expect(await stored(id)).not.toHaveProperty('translations');
    },
  );

  it("the list's 'Swedish missing' filter is not available with Firebase", async () => {
    await expect(list(undefined, PAGE_SIZE, { missing: 'se' })).rejects.toMatchObject({
      status: 400,
      code: 'not_available',
      message: messages.firebase.notAvailable,
    });
    expect((await list(undefined, PAGE_SIZE, { missing: '' })).data).toHaveLength(PAGE_SIZE);
  });
});
