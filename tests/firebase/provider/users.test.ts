// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { PAGE_SIZE, SEARCH_LIMIT, USERS_STORE_DEFAULT_LIMIT } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import type { User } from '../../../domain/users';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';

// The user calls of the Firebase data provider through the real SDK on the patched Firestore emulator:
// list by created ascending with 'More', the users store's newest two (created descending), exact email search,
// and edit user (the whole record set back with the flags and updated as a server timestamp).
let b: Backend;
let adminUid: string;
const day = (n: number) => Timestamp.fromMillis(Date.UTC(2024, 0, 1) + n * 86_400_000);

beforeAll(async () => {
  b = await startBackend();
  await clearAccounts();
  window.localStorage.clear();
  adminUid = await seedStaff(b.other(), {
    email: 'boss@example.com',
    password: 'secret-1',
    isAdmin: true,
    isEditor: true,
  });
  // The admin's own record was created now: after every seeded one below.
  const db = b.other();
  for (const n of [5, 1, 11, 3, 8, 2, 10, 4, 7, 6, 9, 0]) {
    await setDoc(doc(db, 'users', `u${n}`), {
      firstName: `First${n}`,
      lastName: `Last${n}`,
      email: `user${n}@example.com`,
      uid: `u${n}`,
      created: day(n),
      userType: 'staff',
      active: true,
      isAdmin: false,
      isEditor: false,
    });
  }
  await b.authProvider.login({ email: 'boss@example.com', password: 'secret-1' });
});
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

const list = (params: { after?: unknown; perPage?: number; filter?: Record<string, unknown>; view?: string } = {}) =>
  b.dataProvider.getList<User>('users', {
    pagination: { page: 1, perPage: params.perPage ?? PAGE_SIZE },
    sort: { field: 'created', order: 'ASC' },
    filter: params.filter ?? {},
    meta: { after: params.after, view: params.view },
  });

describe('Firebase data provider: user list', () => {
  it('orders by created ascending, 10 a page, and More continues after the last document', async () => {
    const first = await list();
    expect(first.data.map((u) => u.id)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9']);
    const second = await list({ after: first.meta?.next });
    expect(second.data.map((u) => u.id)).toEqual(['u10', 'u11', adminUid]);
    expect(second.pageInfo?.hasNextPage).toBe(false);
  });

  it("the users store's action: created descending, two by default (the dashboard's newest users)", async () => {
    const newest = await list({ view: 'newest', perPage: USERS_STORE_DEFAULT_LIMIT });
    expect(newest.data.map((u) => u.id)).toEqual([adminUid, 'u11']);
  });

  it('finds a user by exact email only', async () => {
    expect(
      (await list({ filter: { email: 'user7@example.com' }, perPage: SEARCH_LIMIT })).data.map((u) => u.id),
    ).toEqual(['u7']);
    expect((await list({ filter: { email: 'USER7@example.com' }, perPage: SEARCH_LIMIT })).data).toEqual([]);
    expect((await list({ filter: { email: 'user7@' }, perPage: SEARCH_LIMIT })).data).toEqual([]);
  });
});

describe('Firebase data provider: edit user', () => {
  it('sets the whole record back with the flags and updated as a server timestamp', async () => {
    const { data: loaded } = await b.dataProvider.getOne<User>('users', { id: 'u3' });
    const before = Date.now();
    const { data } = await b.dataProvider.update<User>('users', {
      id: 'u3',
      data: { ...loaded, active: false, isEditor: true, isAdmin: true },
      previousData: loaded,
    });
    expect(data).toMatchObject({ id: 'u3', active: false, isEditor: true, isAdmin: true });
    const stored = (await getDoc(doc(b.other(), 'users', 'u3'))).data()!;
    expect(stored).toMatchObject({
      firstName: 'First3',
      lastName: 'Last3',
      email: 'user3@example.com',
      uid: 'u3',
      userType: 'staff',
      active: false,
      isEditor: true,
      isAdmin: true,
    });
    expect((stored.created as Timestamp).toMillis()).toBe(day(3).toMillis());
    expect(stored.updated).toBeInstanceOf(Timestamp);
    expect((stored.updated as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps a change another admin made meanwhile to fields the form does not hold', async () => {
    const { data: loaded } = await b.dataProvider.getOne<User>('users', { id: 'u4' });
    await updateDoc(doc(b.other(), 'users', 'u4'), { lastName: 'Renamed' });
    await b.dataProvider.update('users', { id: 'u4', data: { ...loaded, isEditor: true }, previousData: loaded });
    expect((await getDoc(doc(b.other(), 'users', 'u4'))).data()).toMatchObject({ lastName: 'Renamed', isEditor: true });
  });

  it("refuses changing one's own flags", async () => {
    const { data: me } = await b.dataProvider.getOne<User>('users', { id: adminUid });
    await expect(
      b.dataProvider.update('users', { id: adminUid, data: { ...me, isAdmin: false }, previousData: me }),
    ).rejects.toMatchObject({ status: 403, message: messages.users.selfDemote });
    expect((await getDoc(doc(b.other(), 'users', adminUid))).get('isAdmin')).toBe(true);
  });
});
