import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseScryptHash, verifyFirebaseScrypt } from '../../../server/auth/firebaseScrypt.js';
import { firebasePasswordOf, keepFirebasePassword } from '../../../server/auth/firebasePasswords.js';
import { createUser, dialects, signIn, signInRaw, startApp, type TestApp } from '../helpers/index.js';
import { SAMPLE } from '../../fixtures/firebaseScrypt.js';

const urlSafe = (b64: string): string => b64.replace(/\+/g, '-').replace(/\//g, '_');

describe("Firebase's modified scrypt", () => {
  it("makes the documentation's hash from its password, salt and parameters", async () => {
    expect(await firebaseScryptHash(SAMPLE.password, SAMPLE.salt, SAMPLE.params)).toBe(SAMPLE.hash);
  });

  it('accepts the right password in either base64 alphabet, refuses any other', async () => {
    const stored = { hash: SAMPLE.hash, salt: SAMPLE.salt };
    expect(await verifyFirebaseScrypt(SAMPLE.password, stored, SAMPLE.params)).toBe(true);
    // The Admin SDK's listUsers answers base64url.
    const listed = { hash: urlSafe(SAMPLE.hash), salt: urlSafe(SAMPLE.salt) };
    expect(await verifyFirebaseScrypt(SAMPLE.password, listed, SAMPLE.params)).toBe(true);
    for (const wrong of ['user1Password', 'user1password ', '', 'user2password'])
      expect(await verifyFirebaseScrypt(wrong, stored, SAMPLE.params)).toBe(false);
    // Another project's parameters: the same password does not match.
    expect(await verifyFirebaseScrypt(SAMPLE.password, stored, { ...SAMPLE.params, saltSeparator: 'CA==' })).toBe(
      false,
    );
    expect(await verifyFirebaseScrypt(SAMPLE.password, stored, { ...SAMPLE.params, rounds: 7 })).toBe(false);
  });
});

describe.each(dialects())('signing in with a password brought from Firebase (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  /** The account's password of ours, or null when it has none. */
  const ourPassword = async (uid: string): Promise<string | null> => {
    const row = (await t.db
      .selectFrom('auth_account' as never)
      .select(['password' as never])
      .where('userId' as never, '=', uid as never)
      .where('providerId' as never, '=', 'credential' as never)
      .executeTakeFirst()) as { password: string | null } | undefined;
    return row?.password ?? null;
  };

  /** A person as the import makes one whose hash could be read: no password of ours, the Firebase hash kept. */
  async function imported(): Promise<{ uid: string; email: string }> {
    const user = await createUser(t, 'editor');
    await t.db
      .deleteFrom('auth_account' as never)
      .where('userId' as never, '=', user.uid as never)
      .execute();
    await keepFirebasePassword(t.db, user.uid, { hash: SAMPLE.hash, salt: SAMPLE.salt }, SAMPLE.params);
    return { uid: user.uid, email: user.email };
  }

  it('the first sign-in checks the Firebase hash, then the password is ours and the hash forgotten', async () => {
    const { uid, email } = await imported();
    expect((await signInRaw(t, email, 'not the password')).status).toBe(401);
    // A wrong password leaves the hash where it was.
    expect(await firebasePasswordOf(t.db, uid)).not.toBeNull();
    expect(await ourPassword(uid)).toBeNull();

    expect(await signIn(t, email.toUpperCase(), SAMPLE.password)).toContain('session_token');
    expect(await firebasePasswordOf(t.db, uid)).toBeNull();
    expect(await ourPassword(uid)).toMatch(/^\$argon2id\$/);
    // From now on our hash alone decides.
    expect(await signIn(t, email, SAMPLE.password)).toContain('session_token');
    expect((await signInRaw(t, email, 'user1passwordx')).status).toBe(401);
  });

  it('someone with a password of ours never signs in with the Firebase one, which is then forgotten', async () => {
    const user = await createUser(t, 'noRole');
    await keepFirebasePassword(t.db, user.uid, { hash: SAMPLE.hash, salt: SAMPLE.salt }, SAMPLE.params);
    expect((await signInRaw(t, user.email, SAMPLE.password)).status).toBe(401);
    expect(await firebasePasswordOf(t.db, user.uid)).toBeNull();
    expect(await signIn(t, user.email, user.password)).toContain('session_token');
  });

  it('an inactive person is refused even with the right Firebase password', async () => {
    const { uid, email } = await imported();
    await t.db.updateTable('users').set({ active: 0 }).where('id', '=', uid).execute();
    expect((await signInRaw(t, email, SAMPLE.password)).status).toBe(401);
  });
});
