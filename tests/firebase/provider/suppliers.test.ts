// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, getDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { PAGE_SIZE } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { sv } from '../../../domain/messages.sv';
import { speak } from '../../../providers/shared/locale';
import type { DescribedRecord } from '../../../providers/firebase/described';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';

// Suppliers through the one generic provider for described resources (providers/firebase/described.ts), real SDK on the
// patched Firestore emulator: the collection 'suppliers', by name 10 a page with More, exact search, add with the
// server's rule (domain/recordSchemas.ts) and the unique name, edit with the conflict check in a transaction.
let b: Backend;
const name = (n: number) => `Weaver ${String(n).padStart(3, '0')}`;

beforeAll(async () => {
  b = await startBackend();
  await clearAccounts();
  window.localStorage.clear();
  await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true });
  await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
  const db = b.other();
  const batch = writeBatch(db);
  for (const n of [7, 12, 1, 3, 11, 5, 9, 2, 10, 4, 8, 6]) {
    batch.set(doc(collection(db, 'suppliers')), {
      name: name(n),
      contactPerson: '',
      email: '',
      country: 'SE',
      notes: '',
      created: new Date(0),
    });
  }
  await batch.commit();
});
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

const list = (after?: string, filter: Record<string, unknown> = {}) =>
  b.dataProvider.getList<DescribedRecord>('suppliers', {
    pagination: { page: 1, perPage: PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
    filter,
    meta: after ? { after } : undefined,
  });

describe('Firebase data provider: a described resource (suppliers)', () => {
  it('lists by name, 10 a page, More after the last document; finds by name exactly', async () => {
    const first = await list();
    expect(first.data.map((s) => s.name)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(name));
    expect(first.data[0]).toMatchObject({ country: 'SE', created: '1970-01-01T00:00:00.000Z', updated: null });
    const second = await list(first.meta?.next as string);
    expect(second.data.slice(0, 2).map((s) => s.name)).toEqual([11, 12].map(name));
    expect((await list(undefined, { name: name(7) })).data.map((s) => s.name)).toEqual([name(7)]);
    expect((await list(undefined, { name: 'Weaver 00' })).data).toEqual([]);
  });

  it('adds with the server’s rule: tidied values, a clear refusal of bad input or a taken name', async () => {
    const { data } = await b.dataProvider.create<DescribedRecord>('suppliers', {
      data: {
        name: '  Mill of Ghent ',
        contactPerson: 'Ann',
        email: 'Orders@Mill.EXAMPLE',
        country: 'be',
        notes: '',
        id: 'ignored',
        version: 9,
      },
    });
    expect(data).toMatchObject({
      name: 'Mill of Ghent',
      email: 'orders@mill.example',
      country: 'BE',
      version: expect.any(Number),
    });
    const stored = (await getDoc(doc(b.other(), 'suppliers', data.id))).data()!;
    expect(Object.keys(stored).sort()).toEqual(['contactPerson', 'country', 'created', 'email', 'name', 'notes']);
    await expect(
      b.dataProvider.create('suppliers', {
        data: { name: 'X', contactPerson: '', email: 'not an address', country: 'SE', notes: '' },
      }),
    ).rejects.toMatchObject({ status: 400, message: messages.records.badEmail });
    await expect(
      b.dataProvider.create('suppliers', {
        data: { name: 'X', contactPerson: '', email: '', country: 'XX', notes: '' },
      }),
    ).rejects.toMatchObject({ status: 400, message: messages.records.badCountry });
    await expect(
      b.dataProvider.create('suppliers', {
        data: { name: name(3), contactPerson: '', email: '', country: 'SE', notes: '' },
      }),
    ).rejects.toMatchObject({ status: 409, message: messages.records.duplicate });
  });

  it('says a refusal of the server’s rule in the language the set was handed', async () => {
    speak(() => 'sv');
    try {
      await expect(
        b.dataProvider.create('suppliers', {
          data: { name: 'X', contactPerson: '', email: '', country: 'XX', notes: '' },
        }),
      ).rejects.toMatchObject({ status: 400, message: sv.records.badCountry });
    } finally {
      speak(() => 'en');
    }
  });

  it('edits from the version loaded; a save after someone else’s is refused with the stale message', async () => {
    const [loaded] = (await list(undefined, { name: name(5) })).data;
    const { data } = await b.dataProvider.update<DescribedRecord>('suppliers', {
      id: loaded!.id,
      data: { ...loaded, contactPerson: 'Jonas' },
      previousData: loaded!,
    });
    expect(data).toMatchObject({ contactPerson: 'Jonas', name: name(5) });
    expect(data.updated).not.toBeNull();
    expect(data.version).not.toBe(loaded!.version);

    await updateDoc(doc(b.other(), 'suppliers', loaded!.id), { notes: 'A colleague’s' });
    await expect(
      b.dataProvider.update('suppliers', {
        id: loaded!.id,
        data: { ...data, contactPerson: 'Mine' },
        previousData: data,
      }),
    ).rejects.toMatchObject({ status: 409, message: messages.records.stale });
    expect((await b.dataProvider.getOne<DescribedRecord>('suppliers', { id: loaded!.id })).data).toMatchObject({
      contactPerson: 'Jonas',
      notes: 'A colleague’s',
    });
    await expect(
      b.dataProvider.update('suppliers', { id: loaded!.id, data: { name: name(6) }, previousData: undefined }),
    ).rejects.toMatchObject({ status: 409, message: messages.records.duplicate });
    await expect(b.dataProvider.getOne('suppliers', { id: 'no-such-id' })).rejects.toMatchObject({ status: 404 });
  });

  it('deletes from the version loaded (else the stale message); the partial search is not available', async () => {
    const [loaded] = (await list(undefined, { name: name(9) })).data;
    await updateDoc(doc(b.other(), 'suppliers', loaded!.id), { notes: 'Changed meanwhile' });
    await expect(b.dataProvider.delete('suppliers', { id: loaded!.id, previousData: loaded! })).rejects.toMatchObject({
      status: 409,
      message: messages.records.stale,
    });
    const fresh = (await b.dataProvider.getOne<DescribedRecord>('suppliers', { id: loaded!.id })).data;
    const { data } = await b.dataProvider.delete<DescribedRecord>('suppliers', { id: loaded!.id, previousData: fresh });
    expect(data).toMatchObject({ id: loaded!.id, name: name(9) });
    expect((await getDoc(doc(b.other(), 'suppliers', loaded!.id))).exists()).toBe(false);
    await expect(list(undefined, { q: 'weaver' })).rejects.toMatchObject({ status: 400, code: 'not_available' });
  });
});
