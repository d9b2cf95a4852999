// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuth } from 'firebase/auth';
import { doc, getDoc, Timestamp } from 'firebase/firestore';
import { readStoredUser } from '../../../providers/shared/userStorage';
import { clearAccounts, lookupAccount, oobCodes } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';

// The Firebase auth provider (providers/firebase/auth.ts) against the Auth emulator and the patched Firestore
// emulator, through the real SDK. Refusals are checked by the spec's message, never by Auth error codes (they
// differ where a production project has email-enumeration protection).
const REFUSED = 'Invalid details or email already in use.';
let b: Backend;

beforeAll(async () => {
  b = await startBackend();
});
afterAll(async () => b.stop());
beforeEach(async () => {
  await clearAccounts();
  window.localStorage.clear();
});
afterEach(async () => {
  vi.useRealTimers();
  await b.authProvider.logout({});
});

const signedInUid = () => getAuth(b.app).currentUser?.uid ?? null;

describe('Firebase auth provider: sign in', () => {
  it('signs in an active editor, reads users/{uid} and stores the record', async () => {
    const uid = await seedStaff(b.other(), {
      email: 'ed@example.com',
      password: 'secret-1',
      isEditor: true,
      firstName: 'Eda',
      lastName: 'Lind',
    });
    await expect(b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' })).resolves.toEqual({
      redirectTo: '/',
    });
    expect(signedInUid()).toBe(uid);
    expect(readStoredUser()).toMatchObject({
      uid,
      email: 'ed@example.com',
      isEditor: true,
      isAdmin: false,
      active: true,
    });
    await expect(b.authProvider.getIdentity()).resolves.toMatchObject({ id: uid, fullName: 'Eda Lind' });
    await expect(b.authProvider.getPermissions()).resolves.toMatchObject({ isEditor: true, isAdmin: false });
    await expect(b.authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('refuses a wrong password with the spec message', async () => {
    await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true });
    await expect(b.authProvider.login({ email: 'ed@example.com', password: 'wrong-pw' })).rejects.toThrow(REFUSED);
    expect(signedInUid()).toBeNull();
    expect(readStoredUser()).toBeNull();
  });

  it('refuses an unknown address with the same message', async () => {
    await expect(b.authProvider.login({ email: 'nobody@example.com', password: 'secret-1' })).rejects.toThrow(REFUSED);
    expect(signedInUid()).toBeNull();
  });

  it('refuses an inactive user and signs the account out again', async () => {
    await seedStaff(b.other(), { email: 'old@example.com', password: 'secret-1', isEditor: true, active: false });
    await expect(b.authProvider.login({ email: 'old@example.com', password: 'secret-1' })).rejects.toThrow(REFUSED);
    expect(signedInUid()).toBeNull();
    expect(readStoredUser()).toBeNull();
  });

  it('refuses an account that has no users/{uid} record and signs it out again', async () => {
    await seedStaff(b.other(), { email: 'ghost@example.com', password: 'secret-1', record: false });
    await expect(b.authProvider.login({ email: 'ghost@example.com', password: 'secret-1' })).rejects.toThrow(REFUSED);
    expect(signedInUid()).toBeNull();
  });

  it('notices a user made inactive after signing in on the next check', async () => {
    const uid = await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true });
    await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
    const { updateDoc } = await import('firebase/firestore');
    await updateDoc(doc(b.other(), 'users', uid), { active: false });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 600); // past the provider's 500 ms reuse of one read
    await expect(b.authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/signin' });
    expect(signedInUid()).toBeNull();
  });
});

describe('Firebase auth provider: sign out, forgot password, My Account', () => {
  it('signs out: the account and the stored record are gone', async () => {
    await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true });
    await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
    await expect(b.authProvider.logout({})).resolves.toBe('/signin');
    expect(signedInUid()).toBeNull();
    expect(readStoredUser()).toBeNull();
    await expect(b.authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/signin' });
  });

  it("forgot password: the reset mail's oobCode sets a new password through resetPassword", async () => {
    await seedStaff(b.other(), { email: 'ed@example.com', password: 'old-secret', isEditor: true });
    await b.authProvider.requestPasswordReset('ed@example.com');
    const codes = (await oobCodes()).filter((c) => c.email === 'ed@example.com' && c.requestType === 'PASSWORD_RESET');
    expect(codes).toHaveLength(1);
    await b.authProvider.resetPassword({ token: codes[0]!.oobCode, newPassword: 'new-secret' });
    await expect(b.authProvider.login({ email: 'ed@example.com', password: 'old-secret' })).rejects.toThrow(REFUSED);
    await expect(b.authProvider.login({ email: 'ed@example.com', password: 'new-secret' })).resolves.toEqual({
      redirectTo: '/',
    });
  });

  it('a used or made-up reset code is refused and the password stays', async () => {
    await seedStaff(b.other(), { email: 'ed@example.com', password: 'old-secret', isEditor: true });
    await expect(
      b.authProvider.resetPassword({ token: 'made-up-code', newPassword: 'new-secret' }),
    ).rejects.toBeTruthy();
    await expect(b.authProvider.login({ email: 'ed@example.com', password: 'old-secret' })).resolves.toEqual({
      redirectTo: '/',
    });
  });

  it('forgot password for an unknown address resolves and sends nothing', async () => {
    await expect(b.authProvider.requestPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    expect((await oobCodes()).filter((c) => c.email === 'nobody@example.com')).toHaveLength(0);
  });

  it('My Account: the display name and users/{uid} firstName, lastName, updated change', async () => {
    const uid = await seedStaff(b.other(), {
      email: 'ed@example.com',
      password: 'secret-1',
      isEditor: true,
      firstName: 'Eda',
      lastName: 'Lind',
    });
    await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
    const before = Date.now();
    const me = await b.dataProvider.updateMe({ firstName: 'Edith', lastName: 'Lindqvist' });
    expect(me).toMatchObject({ uid, firstName: 'Edith', lastName: 'Lindqvist' });
    expect((await lookupAccount(uid))?.displayName).toBe('Edith Lindqvist');
    const stored = (await getDoc(doc(b.other(), 'users', uid))).data()!;
    expect(stored).toMatchObject({
      firstName: 'Edith',
      lastName: 'Lindqvist',
      email: 'ed@example.com',
      isEditor: true,
    });
    expect(stored.updated).toBeInstanceOf(Timestamp);
    expect((stored.updated as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 1000);
    expect(readStoredUser()).toMatchObject({ firstName: 'Edith', lastName: 'Lindqvist' });
  });
});

describe('Firebase: an admin adds staff through a second app', () => {
  it('creates the account and users/{uid}, sends the invitation, and the admin stays signed in', async () => {
    const admin = await seedStaff(b.other(), {
      email: 'boss@example.com',
      password: 'secret-1',
      isAdmin: true,
      isEditor: true,
    });
    await b.authProvider.login({ email: 'boss@example.com', password: 'secret-1' });
    const { data } = await b.dataProvider.create('users', {
      data: { email: 'new@example.com', firstName: 'Nora', lastName: 'Ny', isEditor: true, isAdmin: false },
    });
    expect(signedInUid()).toBe(admin);
    const uid = String(data.id);
    expect(uid).not.toBe(admin);
    const stored = (await getDoc(doc(b.other(), 'users', uid))).data()!;
    expect(stored).toMatchObject({
      email: 'new@example.com',
      uid,
      firstName: 'Nora',
      lastName: 'Ny',
      active: true,
      isEditor: true,
      isAdmin: false,
    });
    expect(stored.created).toBeInstanceOf(Timestamp);
    expect((await lookupAccount(uid))?.displayName).toBe('Nora Ny');
    const invitations = (await oobCodes()).filter(
      (c) => c.email === 'new@example.com' && c.requestType === 'PASSWORD_RESET',
    );
    expect(invitations).toHaveLength(1);
  });

  it('refuses an address already in use and writes no record', async () => {
    await seedStaff(b.other(), { email: 'boss@example.com', password: 'secret-1', isAdmin: true });
    await seedStaff(b.other(), { email: 'taken@example.com', password: 'secret-1' });
    await b.authProvider.login({ email: 'boss@example.com', password: 'secret-1' });
    await expect(
      b.dataProvider.create('users', { data: { email: 'taken@example.com', firstName: 'T', lastName: 'K' } }),
    ).rejects.toMatchObject({ status: 409 });
  });
});
