// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';

// Issue 23 with the Firebase back end: 'Change password' through the SDK on the Auth emulator; the session list and
// ending sessions answer 'not available' (Firebase Auth keeps no list a browser may read or end).
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
});
