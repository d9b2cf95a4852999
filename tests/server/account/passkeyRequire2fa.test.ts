import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  dialects,
  sessionCookie,
  withCookies,
  signIn,
  signInRaw,
  startApp,
  type TestApp,
} from '../helpers/index.js';
import { removeSecondFactor } from '../../../server/auth/twoFactor.js';
import { SoftAuthenticator } from '../helpers/authenticator.js';

// A passkey satisfies REQUIRE_2FA. A person it covers with no second factor may add a passkey (and nothing
// else but the two-factor set-up); once added, the console opens; signing in with the passkey needs no code.
describe.each(dialects())('a passkey as the second factor REQUIRE_2FA asks for (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { REQUIRE_2FA: 'all' } });
  });
  afterAll(async () => t?.close());

  it('lets a covered person add a passkey, then everything else; a passkey sign-in needs no code', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    const blocked = await t.api('GET', '/api/products', { cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.json.error.code).toBe('second_factor_required');
    expect((await t.api('GET', '/api/auth/passkey/list-user-passkeys', { cookie })).status).toBe(200);

    const device = new SoftAuthenticator(t.publicUrl);
    const options = await t.api('GET', '/api/auth/passkey/generate-register-options', { cookie });
    expect(options.status, options.text).toBe(200);
    const added = await t.api('POST', '/api/auth/passkey/verify-registration', {
      cookie: withCookies(cookie, options),
      body: { response: device.register(options.json), name: 'Laptop' },
    });
    expect(added.status, added.text).toBe(200);
    expect((await t.api('GET', '/api/products', { cookie })).status).toBe(200);
    // The authenticator app is then not required of them (the console no longer sends them to its set-up page).
    expect((await t.api('GET', '/api/me/two-factor', { cookie })).json).toEqual({ enabled: false, required: false });
    expect(
      (
        await t.api('POST', '/api/auth/passkey/update-passkey', {
          cookie,
          body: { id: added.json.id, name: 'Work laptop' },
        })
      ).status,
    ).toBe(200);

    const challenge = await t.api('GET', '/api/auth/passkey/generate-authenticate-options');
    const res = await t.api('POST', '/api/auth/passkey/verify-authentication', {
      cookie: withCookies('', challenge),
      body: { response: device.authenticate(challenge.json) },
    });
    expect(res.status, res.text).toBe(200);
    expect((await t.api('GET', '/api/products', { cookie: withCookies('', res) })).status).toBe(200);
  });

  it(
    'refuses a password sign-in of a covered person whose ' + 'factor is a passkey; after reset-2fa the password works',
    async () => {
      const user = await createUser(t, 'editor');
      const first = await signIn(t, user.email, user.password);
      const device = new SoftAuthenticator(t.publicUrl);
      const options = await t.api('GET', '/api/auth/passkey/generate-register-options', { cookie: first });
      const added = await t.api('POST', '/api/auth/passkey/verify-registration', {
        cookie: withCookies(first, options),
        body: { response: device.register(options.json), name: 'Phone' },
      });
      expect(added.status, added.text).toBe(200);
      const sessions = async () =>
        Number(
          (
            await t.db
              .selectFrom('auth_session' as never)
              .select((e) => e.fn.countAll().as('n'))
              .where('userId' as never, '=', user.uid as never)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await sessions();

      // The password alone, as a thief who has it would try: refused, no cookie, no new session.
      const refused = await signInRaw(t, user.email, user.password);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.error).toEqual({
        code: 'passkey_required',
        message: 'Your account signs in with its passkey: use Sign in with a passkey.',
      });
      expect(sessionCookie(refused.headers)).toBeUndefined();
      expect(await sessions()).toBe(before);
      const sv = await signInRaw(t, user.email, user.password, { 'accept-language': 'sv' });
      expect(sv.json.error.message).toBe('Ditt konto loggar in med sin lösennyckel: använd Logga in med lösennyckel.');

      // The passkey still signs them in.
      const challenge = await t.api('GET', '/api/auth/passkey/generate-authenticate-options');
      const res = await t.api('POST', '/api/auth/passkey/verify-authentication', {
        cookie: withCookies('', challenge),
        body: { response: device.authenticate(challenge.json) },
      });
      expect(res.status, res.text).toBe(200);

      // A lost device: reset-2fa removes the passkey too, and the password signs in to the set-up page again.
      expect(await removeSecondFactor(t.db, user.uid)).toBe(true);
      const again = await signIn(t, user.email, user.password);
      expect((await t.api('GET', '/api/products', { cookie: again })).json.error.code).toBe('second_factor_required');
    },
  );

  it('keeps a covered person without one from renaming or removing passkeys, or anything else', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    expect((await t.api('POST', '/api/auth/passkey/delete-passkey', { cookie, body: { id: 'x' } })).status).toBe(403);
    expect((await t.api('GET', '/api/me/sessions', { cookie })).status).toBe(403);
  });
});
