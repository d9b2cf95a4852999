import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  dialects,
  setCookies,
  withCookies,
  signIn,
  startApp,
  type ApiResult,
  type TestApp,
  type TestUser,
} from '../helpers/index.js';
import { SoftAuthenticator } from '../helpers/authenticator.js';
import { hasPasskey } from '../../../server/auth/passkeys.js';
import { setFlags } from '../../../server/core/users.js';

// better-auth's passkey routes under /api/auth, driven by a software authenticator over real HTTP: adding,
// naming and removing a passkey, signing in with one, and what the Activity page records of each.
describe.each(dialects())('passkeys (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let adminCookie: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    admin = await createUser(t, 'admin');
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(async () => t?.close());

  /** Adds a passkey to the signed-in caller's account through the library's two registration calls. */
  async function addPasskey(cookie: string, device: SoftAuthenticator, name?: string): Promise<ApiResult> {
    const options = await t.api('GET', '/api/auth/passkey/generate-register-options', { cookie });
    expect(options.status, options.text).toBe(200);
    return t.api('POST', '/api/auth/passkey/verify-registration', {
      cookie: withCookies(cookie, options),
      body: { response: device.register(options.json), ...(name === undefined ? {} : { name }) },
    });
  }

  /**
   * Signs in with the device's first (or given) credential, as the sign-in page does; returns the answer and its
   * cookies.
   */
  async function passkeySignIn(device: SoftAuthenticator, credential = device.credentials[0]) {
    const options = await t.api('GET', '/api/auth/passkey/generate-authenticate-options');
    expect(options.status, options.text).toBe(200);
    const res = await t.api('POST', '/api/auth/passkey/verify-authentication', {
      cookie: withCookies('', options),
      body: { response: device.authenticate(options.json, credential) },
    });
    return { res, cookie: withCookies('', res) };
  }

  const events = async (uid: string, action: string) => {
    const res = await t.api('GET', `/api/history?kind=account&action=${action}&person=${uid}`, { cookie: adminCookie });
    expect(res.status, res.text).toBe(200);
    return res.json.items as Array<{ actor: string | null; recordId: string; diff: Record<string, unknown> }>;
  };
  const historyText = async () => JSON.stringify(await t.db.selectFrom('history').selectAll().execute());

  it('adds a named passkey for a signed-in person, records it, and counts it as a second factor', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    expect(await hasPasskey(t.db, user.uid)).toBe(false);
    const device = new SoftAuthenticator(t.publicUrl);
    const res = await addPasskey(cookie, device, 'Work laptop');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ name: 'Work laptop', userId: user.uid });
    expect(await hasPasskey(t.db, user.uid)).toBe(true);

    const list = await t.api('GET', '/api/auth/passkey/list-user-passkeys', { cookie });
    expect(list.status).toBe(200);
    expect(list.json.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    const [entry] = await events(user.uid, 'passkeyAdded');
    expect(entry).toMatchObject({
      actor: user.uid,
      recordId: user.uid,
      diff: { passkey: [null, 'Work laptop'], address: [null, '127.0.0.1'] },
    });
    // Neither the public key nor the credential's id is in the history.
    expect(await historyText()).not.toContain(res.json.publicKey);
    expect(await historyText()).not.toContain(res.json.credentialID);
  });

  it('signs in with a passkey: a new session in the cookie only, recorded as a passkey sign-in', async () => {
    const user = await createUser(t, 'noRole', { firstName: 'Pia', lastName: 'Lund' });
    const device = new SoftAuthenticator(t.publicUrl);
    expect((await addPasskey(await signIn(t, user.email, user.password), device, 'Phone')).status).toBe(200);

    const { res, cookie } = await passkeySignIn(device);
    expect(res.status, res.text).toBe(200);
    expect(res.json.user).toMatchObject({ id: user.uid });
    expect(res.json.session).toBeDefined();
    expect(res.json.session.token).toBeUndefined();
    expect(res.json.token).toBeUndefined();
    const me = await t.api('GET', '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ uid: user.uid, firstName: 'Pia' });
    const [entry] = await events(user.uid, 'signedIn').then((e) =>
      e.filter((x) => x.diff.method?.toString() === ',passkey'),
    );
    expect(entry).toMatchObject({ actor: user.uid, diff: { method: [null, 'passkey'] } });
  });

  it(
    'refuses a replayed sign-in answer, an unknown passkey ' + 'and an inactive account, recording each refusal',
    async () => {
      const user = await createUser(t, 'noRole');
      const device = new SoftAuthenticator(t.publicUrl);
      expect((await addPasskey(await signIn(t, user.email, user.password), device)).status).toBe(200);

      // The same answer again, with the challenge cookie it was made for: the challenge is used up.
      const options = await t.api('GET', '/api/auth/passkey/generate-authenticate-options');
      const body = { response: device.authenticate(options.json) };
      const challenge = withCookies('', options);
      expect((await t.api('POST', '/api/auth/passkey/verify-authentication', { cookie: challenge, body })).status).toBe(
        200,
      );
      const replay = await t.api('POST', '/api/auth/passkey/verify-authentication', { cookie: challenge, body });
      expect(replay.status).toBe(400);
      expect(setCookies(replay.headers).some((c) => c.name.endsWith('session_token') && c.value)).toBe(false);

      // A credential the console never saw.
      const stranger = new SoftAuthenticator(t.publicUrl);
      stranger.register({ challenge: 'x', user: { id: 'nobody' } });
      const unknown = await passkeySignIn(stranger);
      expect(unknown.res.status).toBe(401);
      expect(unknown.res.json.error).toMatchObject({ message: 'Could not sign in with a passkey.' });

      // An inactive account's passkey signs nobody in, and the refusal is on that account.
      await setFlags(t.db, user.uid, { active: false });
      const inactive = await passkeySignIn(device);
      expect(inactive.res.status).toBe(401);
      expect(inactive.cookie).not.toMatch(/session_token=[^;]/);
      const [failed] = await events(user.uid, 'signInFailed');
      expect(failed).toMatchObject({ actor: user.uid, diff: { method: [null, 'passkey'] } });
    },
  );

  it('refuses a passkey made for another origin or site, keeping nothing', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    for (const device of [new SoftAuthenticator('http://evil.test'), new SoftAuthenticator(t.publicUrl, 'evil.test')]) {
      const res = await addPasskey(cookie, device, 'Elsewhere');
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.message).toBe('Could not add the passkey.');
    }
    expect(await hasPasskey(t.db, user.uid)).toBe(false);
  });

  it('renames and removes only the caller’s own passkeys, with clear refusals for bad names', async () => {
    const owner = await createUser(t, 'noRole');
    const ownerCookie = await signIn(t, owner.email, owner.password);
    const added = await addPasskey(ownerCookie, new SoftAuthenticator(t.publicUrl), 'Key A');
    const id = added.json.id as string;
    const other = await createUser(t, 'admin');
    const otherCookie = await signIn(t, other.email, other.password);

    // Another account, even an admin, neither renames nor removes it (the library answers 401 for another's passkey).
    expect(
      (await t.api('POST', '/api/auth/passkey/update-passkey', { cookie: otherCookie, body: { id, name: 'Mine now' } }))
        .status,
    ).toBe(401);
    expect(
      (await t.api('POST', '/api/auth/passkey/delete-passkey', { cookie: otherCookie, body: { id } })).status,
    ).toBe(401);
    expect(await hasPasskey(t.db, owner.uid)).toBe(true);

    for (const [name, message] of [
      ['   ', 'Give the passkey a name.'],
      ['x'.repeat(61), 'Use at most 60 characters.'],
    ] as const) {
      const res = await t.api('POST', '/api/auth/passkey/update-passkey', { cookie: ownerCookie, body: { id, name } });
      expect(res.status).toBe(400);
      expect(res.json.error.details).toEqual([{ path: '/name', message }]);
    }
    const renamed = await t.api('POST', '/api/auth/passkey/update-passkey', {
      cookie: ownerCookie,
      body: { id, name: 'Key B' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const list = await t.api('GET', '/api/auth/passkey/list-user-passkeys', { cookie: ownerCookie });
    expect(list.json.map((p: { name: string }) => p.name)).toEqual(['Key B']);
    // In Activity as a rename, the name it had and the one it has; the refused renames and the other account's left
    // none.
    const renames = await events(owner.uid, 'passkeyRenamed');
    expect(renames).toHaveLength(1);
    expect(renames[0]).toMatchObject({ actor: owner.uid, diff: { passkey: ['Key A', 'Key B'] } });
    // The same name again is no change, and no entry.
    const same = await t.api('POST', '/api/auth/passkey/update-passkey', {
      cookie: ownerCookie,
      body: { id, name: 'Key B' },
    });
    expect(same.status).toBe(200);
    expect(await events(owner.uid, 'passkeyRenamed')).toHaveLength(1);

    const removed = await t.api('POST', '/api/auth/passkey/delete-passkey', { cookie: ownerCookie, body: { id } });
    expect(removed.status, removed.text).toBe(200);
    expect(await hasPasskey(t.db, owner.uid)).toBe(false);
    const [entry] = await events(owner.uid, 'passkeyRemoved');
    expect(entry).toMatchObject({ actor: owner.uid, diff: { passkey: [null, 'Key B'] } });
    const again = await t.api('POST', '/api/auth/passkey/delete-passkey', { cookie: ownerCookie, body: { id } });
    expect(again.status).toBe(404);
    expect(again.json.error.message).toBe('No such passkey.');
  });

  it('adds no passkey with a session older than a day, nor signs the caller in again while adding one', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    const device = new SoftAuthenticator(t.publicUrl);
    const options = await t.api('GET', '/api/auth/passkey/generate-register-options', { cookie });
    const twice = await t.api('POST', '/api/auth/passkey/verify-registration', {
      cookie: withCookies(cookie, options),
      body: { response: device.register(options.json), name: 'Twice', createSession: true },
    });
    expect(twice.status).toBe(400);
    expect(await hasPasskey(t.db, user.uid)).toBe(false);

    const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    await t.db
      .updateTable('auth_session' as never)
      .set({ createdAt: dayAgo } as never)
      .where('userId' as never, '=', user.uid as never)
      .execute();
    const stale = await t.api('GET', '/api/auth/passkey/generate-register-options', { cookie });
    expect(stale.status).toBe(403);
    expect(stale.json.error).toMatchObject({
      code: 'SESSION_NOT_FRESH',
      message: 'Sign out and in again to add a passkey (you signed in more than a day ago).',
    });
  });

  it('answers in Swedish when the console asks in Swedish', async () => {
    const res = await t.api('POST', '/api/auth/passkey/update-passkey', {
      cookie: adminCookie,
      body: { id: 'whatever', name: 'x'.repeat(61) },
      headers: { 'accept-language': 'sv' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details).toEqual([{ path: '/name', message: 'Använd högst 60 tecken.' }]);
  });
});
