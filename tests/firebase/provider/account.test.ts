// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';
import type { Lack } from '../../../base/backend';

// Account settings with the Firebase back end: 'Change password' through the SDK on the Auth emulator; the session
// list and ending sessions answer 'not available' (Firebase Auth keeps no list a browser may read or end).
let b: Backend;

beforeAll(async () => {
  b = await startBackend();
  await clearAccounts();
  window.localStorage.clear();
  await seedStaff(b.other(), { email: 'eva@example.com', password: 'first password 1' });
  await b.authProvider.login({ email: 'eva@example.com', password: 'first password 1' });
});
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

describe('Firebase: change password and sessions', () => {
  it('refuses a wrong current password in our words, and a weak new one', async () => {
    await expect(
      b.dataProvider.changePassword({ currentPassword: 'not it 123', newPassword: 'second password 2' }),
    ).rejects.toMatchObject({
      status: 400,
      message: messages.account.password.wrong,
    });
    await expect(
      b.dataProvider.changePassword({ currentPassword: 'first password 1', newPassword: '12' }),
    ).rejects.toMatchObject({
      status: 400,
      message: messages.reset.tooShort,
    });
  });

  it('changes it: the new password signs in, the old one no longer does', async () => {
    await b.dataProvider.changePassword({ currentPassword: 'first password 1', newPassword: 'second password 2' });
    await b.authProvider.logout({});
    await expect(b.authProvider.login({ email: 'eva@example.com', password: 'first password 1' })).rejects.toBeTruthy();
    await expect(
      b.authProvider.login({ email: 'eva@example.com', password: 'second password 2' }),
    ).resolves.toBeTruthy();
  });

  it('says the session list and ending sessions are not available', async () => {
    const notAvailable = { status: 400, code: 'not_available', message: messages.firebase.notAvailable };
    await expect(b.dataProvider.listSessions()).rejects.toMatchObject(notAvailable);
    await expect(b.dataProvider.endSession('x')).rejects.toMatchObject(notAvailable);
    await expect(b.dataProvider.endOtherSessions()).rejects.toMatchObject(notAvailable);
    await expect(b.dataProvider.endUserSessions('x')).rejects.toMatchObject(notAvailable);
    // Two-factor sign-in needs Google Identity Platform: every call says it is not available, the page shows that.
    await expect(b.dataProvider.getTwoFactor()).rejects.toMatchObject(notAvailable);
    await expect(b.dataProvider.startTwoFactor('x')).rejects.toMatchObject(notAvailable);
    await expect(b.dataProvider.confirmTwoFactor('123456')).rejects.toMatchObject(notAvailable);
    await expect(b.dataProvider.disableTwoFactor('x')).rejects.toMatchObject(notAvailable);
    await expect(b.dataProvider.renewRecoveryCodes('x')).rejects.toMatchObject(notAvailable);
    await expect(b.authProvider.verifySecondFactor({ code: '123456', recovery: false })).rejects.toMatchObject(
      notAvailable,
    );
  });

  it('declares what it lacks, each a part its calls refuse, so the screens can say so before calling', async () => {
    const notAvailable = { status: 400, code: 'not_available', message: messages.firebase.notAvailable };
    const page = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const } };
    // Typed by Lack: a part added to the list without its refusal here does not compile.
    const refused: Record<Lack, () => Promise<unknown>> = {
      activity: () => b.dataProvider.getList('history', { ...page, filter: {} }),
      webhooks: () => b.dataProvider.getList('webhooks', { ...page, filter: {} }),
      productImport: () => b.dataProvider.importProducts({ rows: [], apply: false }),
      endSessions: () => b.dataProvider.endUserSessions('x'),
      removeLanguageKey: () => b.dataProvider.delete('languages/en/keys', { id: 'promo' }),
      partialSearch: () => b.dataProvider.getList('products', { ...page, filter: { q: 'LIN' } }),
      // A described list's order beside a filter (here the exact search's): only by document id.
      filteredOrder: () =>
        b.dataProvider.getList('suppliers', {
          ...page,
          sort: { field: 'country', order: 'ASC' },
          filter: { name: 'Lin' },
          meta: { sorted: true },
        }),
    };
    expect([...(b.dataProvider.lacks ?? [])].sort()).toEqual(Object.keys(refused).sort());
    for (const call of Object.values(refused)) await expect(call()).rejects.toMatchObject(notAvailable);
    await expect(b.dataProvider.getList('suppliers', { ...page, filter: { q: 'Lin' } })).rejects.toMatchObject(
      notAvailable,
    );
  });
});
