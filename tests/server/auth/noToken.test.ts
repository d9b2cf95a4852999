import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createUser,
  dialects,
  rawToken,
  sessionCookie,
  signInRaw,
  startApp,
  withCookies,
  type ApiResult,
  type TestApp,
  type TestUser,
} from '../helpers/index.js';
import { SoftAuthenticator } from '../helpers/authenticator.js';
import { secretOf, totp } from '../../fixtures/totp.js';

// The session lives in the HttpOnly cookie only (routes/auth.ts, routes/account.ts). No answer of
// the identity routes may carry a session's raw token, whichever route the library has and whoever calls it.

/** Every route the identity library serves (its endpoints and its plugins'), with its methods. */
function libraryRoutes(t: TestApp): { path: string; methods: string[] }[] {
  const endpoints = Object.values(t.services.auth.api) as unknown as {
    path?: string;
    options?: { method?: string | string[] };
  }[];
  const routes = new Map<string, Set<string>>();
  for (const e of endpoints) {
    if (typeof e?.path !== 'string' || !e.path.startsWith('/')) continue;
    const given = e.options?.method ?? ['GET', 'POST'];
    const methods = (Array.isArray(given) ? given : [given]).filter((m) => m === 'GET' || m === 'POST');
    const path = e.path.replace(/:[a-zA-Z]+/g, 'x');
    const set = routes.get(path) ?? new Set<string>();
    for (const m of methods.length > 0 ? methods : ['GET', 'POST']) set.add(m);
    routes.set(path, set);
  }
  return [...routes].map(([path, methods]) => ({ path, methods: [...methods] }));
}

/** Where a JSON value has a key named `token`, at any depth ('session.token', '[0].token'…). */
function tokenKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => tokenKeys(v, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(key === 'token' ? [`${at}.token`] : []),
    ...tokenKeys(v, `${at}.${key}`),
  ]);
}

describe.each(dialects())('no answer carries a session token (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  /** Signs in: the Cookie header and the raw token of its session, which must be in no answer. */
  async function session(user: TestUser): Promise<{ cookie: string; token: string; answer: ApiResult }> {
    const answer = await signInRaw(t, user.email, user.password);
    expect(answer.status, answer.text).toBe(200);
    return { cookie: cookieHeader(answer.headers), token: rawToken(sessionCookie(answer.headers)!), answer };
  }

  /** Everything a page could read of an answer: its body and every header but Set-Cookie (HttpOnly). */
  const readable = (res: ApiResult): string =>
    res.text + JSON.stringify([...res.headers].filter(([name]) => name.toLowerCase() !== 'set-cookie'));

  it('get-session answers the session without its token', async () => {
    const user = await createUser(t, 'editor');
    const { cookie, token, answer } = await session(user);
    expect(readable(answer)).not.toContain(token);
    const res = await t.api('GET', '/api/auth/get-session', { cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.json.session.userId).toBe(user.uid);
    expect(res.json.session.token).toBeUndefined();
    expect(readable(res)).not.toContain(token);
  });

  it('list-sessions and revoke-session, which deal in tokens, are not served (ours deal in ids)', async () => {
    const user = await createUser(t, 'editor');
    const { cookie } = await session(user);
    const other = await session(user);
    const list = await t.api('GET', '/api/auth/list-sessions', { cookie });
    expect(list.status).toBe(404);
    expect(list.json.error.code).toBe('not_found');
    const revoke = await t.api('POST', '/api/auth/revoke-session', { cookie, body: { token: other.token } });
    expect(revoke.status).toBe(404);
    expect((await t.api('GET', '/api/me', { cookie: other.cookie })).status).toBe(200);
    const ours = await t.api('GET', '/api/me/sessions', { cookie });
    expect(ours.json.items).toHaveLength(2);
  });

  it("no route of the library, called with a session by GET and by POST, answers any session's token", async () => {
    const user = await createUser(t, 'admin');
    const seen: string[] = [];
    let current = await session(user);
    seen.push(current.token);
    const routes = libraryRoutes(t);
    // The library's own list: sessions, sign-out, passkeys and the second factor are all in it.
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/get-session', '/list-sessions', '/sign-out', '/two-factor/enable']),
    );
    const leaks: string[] = [];
    for (const { path, methods } of routes) {
      for (const method of methods) {
        // A call that ended the session (sign-out, revoke-sessions…) is followed by a new sign-in.
        if ((await t.api('GET', '/api/me', { cookie: current.cookie })).status !== 200) {
          current = await session(user);
          seen.push(current.token);
        }
        const body = method === 'POST' ? { token: current.token, password: user.password } : undefined;
        const res = await t.api(method, `/api/auth${path}`, { cookie: current.cookie, body });
        expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
        if (seen.some((token) => readable(res).includes(token))) leaks.push(`${method} ${path} ${res.status}`);
        for (const key of tokenKeys(res.json)) leaks.push(`${method} ${path} ${res.status} ${key}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("the console's own calls, with the bodies its pages send, answer no token and no 'token' key", async () => {
    const user = await createUser(t, 'editor');
    const device = new SoftAuthenticator(t.publicUrl);
    // Every session the account has had: from each Set-Cookie and from the table after each call.
    const tokens = new Set<string>();
    const answers: { call: string; res: ApiResult }[] = [];
    let cookie = '';
    const call = async (method: string, path: string, body?: unknown): Promise<ApiResult> => {
      const res = await t.api(method, path, { cookie, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
      answers.push({ call: `${method} ${path} ${res.status}`, res });
      const set = sessionCookie(res.headers);
      if (set) tokens.add(rawToken(set));
      cookie = withCookies(cookie, res);
      const rows = await sql<{ token: string }>`select "token" from auth_session where "userId" = ${user.uid}`.execute(
        t.db,
      );
      for (const row of rows.rows) tokens.add(row.token);
      return res;
    };
    const ok = async (method: string, path: string, body?: unknown): Promise<ApiResult> => {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
      return res;
    };
    const signInWith = async (password: string) =>
      ok('POST', '/api/auth/sign-in/email', { email: user.email, password });

    // Signed in: the screens' reads (providers/local).
    await signInWith(user.password);
    for (const path of ['/api/me', '/api/me/two-factor', '/api/me/sessions', '/api/auth/get-session'])
      await ok('GET', path);
    // Account Settings → Passkeys: add, list, rename.
    const options = await ok('GET', '/api/auth/passkey/generate-register-options');
    await ok('POST', '/api/auth/passkey/verify-registration', { response: device.register(options.json), name: 'Key' });
    const [passkey] = (await ok('GET', '/api/auth/passkey/list-user-passkeys')).json as { id: string }[];
    await ok('POST', '/api/auth/passkey/update-passkey', { id: passkey!.id, name: 'Laptop' });
    // → Two-factor sign-in: turn on (the library makes a new session), new recovery codes.
    const started = await ok('POST', '/api/auth/two-factor/enable', { password: user.password });
    const secret = secretOf(started.json.totpURI);
    await ok('POST', '/api/auth/two-factor/verify-totp', { code: totp(secret) });
    const { backupCodes } = (
      await ok('POST', '/api/auth/two-factor/generate-backup-codes', { password: user.password })
    ).json as { backupCodes: string[] };
    // → Password (every other session ends, a new one for this browser), → Sessions.
    const newPassword = `${user.password} new`;
    await ok('POST', '/api/auth/change-password', {
      currentPassword: user.password,
      newPassword,
      revokeOtherSessions: true,
    });
    await ok('POST', '/api/auth/revoke-other-sessions', {});
    await ok('GET', '/api/me/sessions');
    await ok('POST', '/api/auth/sign-out', {});
    // Sign-in with a code from the app, then with a recovery code: each second step answers the new session.
    expect((await signInWith(newPassword)).json.twoFactorRedirect).toBe(true);
    await ok('POST', '/api/auth/two-factor/verify-totp', { code: totp(secret, Date.now(), 1) });
    await ok('POST', '/api/auth/sign-out', {});
    expect((await signInWith(newPassword)).json.twoFactorRedirect).toBe(true);
    await ok('POST', '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    await ok('POST', '/api/auth/sign-out', {});
    // Sign-in with the passkey.
    const challenge = await ok('GET', '/api/auth/passkey/generate-authenticate-options');
    await ok('POST', '/api/auth/passkey/verify-authentication', { response: device.authenticate(challenge.json) });
    await ok('GET', '/api/auth/get-session');
    // Remove both factors, then sign out; forgot and reset password.
    await ok('POST', '/api/auth/passkey/delete-passkey', { id: passkey!.id });
    await ok('POST', '/api/auth/two-factor/disable', { password: newPassword });
    await ok('POST', '/api/auth/sign-out', {});
    await ok('POST', '/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    await call('POST', '/api/auth/reset-password', { token: 'not-a-reset-token', newPassword: 'another password 1' });

    // Seven sessions came and went: four sign-ins (password, code, recovery code, passkey) and the three the library
    // made when the app was turned on, the password changed and the app was turned off.
    expect(tokens.size).toBe(7);
    const leaks = answers.flatMap(({ call: what, res }) => [
      ...[...tokens].filter((token) => readable(res).includes(token)).map(() => `${what}: a session's token`),
      ...tokenKeys(res.json).map((key) => `${what}: ${key}`),
    ]);
    expect(leaks).toEqual([]);
  });
});
