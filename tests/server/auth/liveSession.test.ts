import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  dialects,
  rawToken,
  sessionCookie,
  signIn,
  signInRaw,
  startApp,
  type TestApp,
} from '../helpers/index.js';

// server/auth/session.ts answers the common case of the session check itself (see BENCHMARKS.md); these pin down
// that it accepts only what the identity library would, and leaves refreshes and refusals to the library.
const HOUR = 3600_000;

const expiryOf = async (t: TestApp, uid: string): Promise<number> => {
  const row = (await t.db
    .selectFrom('auth_session' as never)
    .select('expiresAt' as never)
    .where('userId' as never, '=', uid as never)
    .executeTakeFirstOrThrow()) as { expiresAt: string | Date };
  return new Date(row.expiresAt).getTime();
};

const setExpiry = (t: TestApp, uid: string, at: number) =>
  t.db
    .updateTable('auth_session' as never)
    .set({ expiresAt: new Date(at).toISOString() } as never)
    .where('userId' as never, '=', uid as never)
    .execute();

describe.each(dialects())('the session check (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { SESSION_IDLE_HOURS: '3' } });
  });
  afterAll(async () => t?.close());

  it('accepts a fresh session without sending a new cookie', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    const res = await t.api('GET', '/api/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.uid).toBe(user.uid);
    expect(sessionCookie(res.headers)).toBeUndefined();
  });

  it.each([
    [
      'a forged signature',
      (token: string, sig: string) => `${token}.${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`,
    ],
    ['no signature', (token: string) => token],
    ['a signature of another token', (_token: string, sig: string) => `${'x'.repeat(32)}.${sig}`],
  ])('refuses the right token with %s', async (_name, forge) => {
    const user = await createUser(t, 'noRole');
    const res = await signInRaw(t, user.email, user.password);
    const cookie = sessionCookie(res.headers)!;
    const signature = decodeURIComponent(cookie.value).split('.')[1]!;
    const forged = `${cookie.name}=${encodeURIComponent(forge(rawToken(cookie), signature))}`;
    expect((await t.api('GET', '/api/me', { cookie: forged })).status).toBe(401);
  });

  it(
    'leaves the sliding refresh to the library: a session ' + 'due for it gets a later expiry and a new cookie',
    async () => {
      const user = await createUser(t, 'noRole');
      const cookie = await signIn(t, user.email, user.password);
      // Refreshed at most hourly: an expiry 2 h away on a 3 h idle timeout means the last refresh was an hour ago.
      await setExpiry(t, user.uid, Date.now() + 2 * HOUR - 60_000);
      const res = await t.api('GET', '/api/me', { cookie });
      expect(res.status).toBe(200);
      expect(sessionCookie(res.headers)?.attributes['max-age']).toBe(String(3 * 3600));
      expect(await expiryOf(t, user.uid)).toBeGreaterThan(Date.now() + 3 * HOUR - 5 * 60_000);
    },
  );

  it('refuses a session that signed out, with its old cookie', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    expect((await t.api('POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(401);
  });
});
