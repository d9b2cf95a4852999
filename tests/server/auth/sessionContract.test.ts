import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSession } from '../../../server/auth/session.js';
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

// Our session check (server/auth/session.ts) reads better-auth's cookie and tables itself, to spare most of each
// request's time (BENCHMARKS.md; docs/decisions.md 'The session check stays ours'). This pins it to the library:
// called directly beside the library's own getSession on the same cookie, it never accepts what the library refuses,
// names the same session and user when both accept, and does accept a plain fresh session (were the library's cookie
// or tables to change shape, ours would silently answer null for everything and every request would pay the slow
// path: this test fails then too).

describe.each(dialects())('our session check against better-auth getSession (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  /** Both checks on one Cookie header: ours (no kept sessions) and the library's. */
  async function both(cookie: string) {
    const ours = await liveSession(t.services.auth, t.db, cookie, null);
    const theirs = await t.services.auth.api.getSession({ headers: new Headers({ cookie }) });
    return { ours, theirs };
  }

  it('accepts a fresh session, naming the session and the user the library names', async () => {
    const user = await createUser(t, 'editor');
    const { ours, theirs } = await both(await signIn(t, user.email, user.password));
    expect(theirs?.session.id).toBeTruthy();
    expect(ours).not.toBeNull();
    expect(ours!.id).toBe(theirs!.session.id);
    expect(ours!.token).toBe(theirs!.session.token);
    expect(ours!.user.uid).toBe(theirs!.user.id);
  });

  const forgeries: [string, (token: string, sig: string) => string][] = [
    [
      'a changed signature',
      (token, sig) => `${token}.${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`,
    ],
    ['no signature', (token) => token],
    ['a signature of another token', (_token, sig) => `${'x'.repeat(32)}.${sig}`],
    ['an empty value', () => ''],
  ];
  it.each(forgeries)('refuses, like the library, %s', async (_name, forge) => {
    const user = await createUser(t, 'editor');
    const cookie = sessionCookie((await signInRaw(t, user.email, user.password)).headers)!;
    const signature = decodeURIComponent(cookie.value).split('.')[1]!;
    const { ours, theirs } = await both(`${cookie.name}=${encodeURIComponent(forge(rawToken(cookie), signature))}`);
    expect(theirs).toBeNull();
    expect(ours).toBeNull();
  });

  it('refuses, like the library, a session that signed out and one whose expiry passed', async () => {
    const a = await createUser(t, 'editor');
    const signedOut = await signIn(t, a.email, a.password);
    expect((await t.api('POST', '/api/auth/sign-out', { cookie: signedOut, body: {} })).status).toBe(200);
    const b = await createUser(t, 'editor');
    const expired = await signIn(t, b.email, b.password);
    await t.db
      .updateTable('auth_session' as never)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
      .where('userId' as never, '=', b.uid as never)
      .execute();
    for (const cookie of [signedOut, expired]) {
      const { ours, theirs } = await both(cookie);
      expect(theirs).toBeNull();
      expect(ours).toBeNull();
    }
  });
});
