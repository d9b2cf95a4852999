// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, writeBatch } from 'firebase/firestore';
import type { AppDataProvider } from '../../../base/backend';
import type { Dashboard } from '../../../domain/dashboard';
import { readAll } from '../../../resources/shared/csv';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';

// The dashboard on the Firebase build: each figure Firestore can count is an aggregation query over the same
// selection as the list its link opens, so the figure is the number of rows that list shows; the others are null
// (the page says 'Not available with the Firebase back end.'). Through the real SDK on the Firestore emulator.
let b: Backend;
let dp: AppDataProvider;
let answer: Dashboard;

/** Every row a list shows under a filter, page after page (the export's reader, the list's own pager). */
const rows = async (resource: string, filter: Record<string, unknown>): Promise<number> =>
  (await readAll(dp, resource, filter, () => undefined)).length;

beforeAll(async () => {
  b = await startBackend();
  await clearAccounts();
  window.localStorage.clear();
  const db = b.other();
  await seedStaff(db, { email: 'boss@example.com', password: 'secret-1', isAdmin: true, isEditor: true });
  await seedStaff(db, { email: 'eva@example.com', password: 'secret-1', isEditor: true });
  await seedStaff(db, { email: 'ola@example.com', password: 'secret-1', isEditor: true });
  await seedStaff(db, { email: 'ida@example.com', password: 'secret-1', isAdmin: true });
  await seedStaff(db, { email: 'gone@example.com', password: 'secret-1', isEditor: true, active: false });
  await seedStaff(db, { email: 'old@example.com', password: 'secret-1', isAdmin: true, active: false });
  // 27 products: more than a page of each list; Linen and Cotton, active and disabled in different numbers.
  const batch = writeBatch(db);
  for (let n = 0; n < 27; n++)
    batch.set(doc(collection(db, 'products'), `p-${n}`), {
      sku: `D-${String(n).padStart(3, '0')}`,
      name: `Towel ${n}`,
      details: 'Soft',
      price: '10',
      category: n % 3 === 0 ? 'Cotton' : 'Linen',
      mc: 'Linen care',
      active: n % 4 !== 0,
      images: [],
      primary: null,
    });
  for (let n = 0; n < 3; n++)
    batch.set(doc(collection(db, 'suppliers'), `s-${n}`), { name: `Mill ${n}`, country: 'SE' });
  await batch.commit();
  await b.authProvider.login({ email: 'boss@example.com', password: 'secret-1' });
  dp = b.dataProvider as AppDataProvider;
  answer = await dp.getDashboard();
}, 120_000);
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

describe('Firebase dashboard', () => {
  it('counts each catalogue figure as the products list it links to shows them', async () => {
    const c = answer.catalogue!;
    expect(c.total).toBe(27);
    expect(c.total).toBe(await rows('products', {}));
    expect(c.active).toBe(await rows('products', { active: true }));
    expect(c.disabled).toBe(await rows('products', { active: false }));
    expect(c.byCategory.Cotton).toBe(await rows('products', { category: 'Cotton' }));
    expect(c.byCategory.Linen).toBe(await rows('products', { category: 'Linen' }));
    expect([c.active, c.disabled, c.byCategory.Cotton, c.byCategory.Linen]).toEqual([20, 7, 9, 18]);
  });

  it('counts each staff figure as the users list it links to (?show=…) shows them', async () => {
    const s = answer.staff!;
    for (const show of ['active', 'inactive', 'admins', 'editors'] as const)
      expect(s[show], show).toBe(await rows('users', { show }));
    expect([s.active, s.inactive, s.admins, s.editors]).toEqual([4, 2, 2, 3]);
    expect(s.newest.length).toBeGreaterThan(0);
  });

  it('says what Firestore cannot count: null in the answer, and the lists they would open say so too', async () => {
    const c = answer.catalogue!;
    expect([c.scheduled, c.missingSwedish, c.upcoming, c.recent, c.perDay]).toEqual([null, null, null, null, null]);
    expect([answer.staff!.noSecondFactor, answer.staff!.failedSignIns]).toEqual([null, null]);
    await expect(rows('users', { show: 'noSecondFactor' })).rejects.toMatchObject({ code: 'not_available' });
    await expect(rows('products', { missing: 'se' })).rejects.toMatchObject({ code: 'not_available' });
  });

  it('counts a described resource whose description asks for a card, as its list shows it', async () => {
    expect(answer.resources).toEqual([{ name: 'suppliers', count: 3 }]);
    expect(await rows('suppliers', {})).toBe(3);
  });
});
