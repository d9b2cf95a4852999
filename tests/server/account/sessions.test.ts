import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createUser,
  dialects,
  signIn,
  signInRaw,
  startApp,
  type TestApp,
  type TestUser,
} from '../helpers/index.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

// Account Settings → Sessions, an admin's 'Sign out everywhere', and better-auth's own session routes, with the
// session cache on: an ended session is refused on the very next request, on this instance and on another one.
describe.each(dialects())('sessions (%s)', (dialect) => {
  let t: TestApp;
  let other: TestApp;
  let admin: TestUser;
  let adminCookie: string;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { SESSION_CACHE_SECONDS: '60' } });
    // A second instance on the same database (and data folder), as behind a load balancer.
    other = await startApp({ dialect, data: t.data, env: { SESSION_CACHE_SECONDS: '60' } });
    admin = await createUser(t, 'admin', { firstName: 'Ada', lastName: 'Admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const signInWith = async (user: TestUser, agent: string): Promise<string> =>
    cookieHeader((await signInRaw(t, user.email, user.password, { 'user-agent': agent })).headers);
  const me = (app: TestApp, cookie: string) => app.api('GET', '/api/me', { cookie }).then((r) => r.status);

  it(
    'lists the person’s sessions with browser, system, ' + 'address and times, marks this one, and never shows a token',
    async () => {
      const user = await createUser(t, 'noRole');
      const laptop = await signInWith(user, CHROME);
      await signInWith(user, IPHONE);
      const res = await t.api('GET', '/api/me/sessions', { cookie: laptop });
      expect(res.status, res.text).toBe(200);
      const items = res.json.items as Array<Record<string, unknown>>;
      expect(items).toHaveLength(2);
      expect(items.map((s) => [s.browser, s.system, s.current])).toEqual([
        ['Safari 17', 'iOS 17', false],
        ['Chrome 140', 'Linux', true],
      ]);
      for (const s of items) {
        expect(s.address).toBe('127.0.0.1');
        expect(Date.parse(String(s.signedIn))).toBeGreaterThan(Date.now() - 60_000);
        expect(Date.parse(String(s.lastUsed))).toBeGreaterThan(Date.now() - 60_000);
        expect(Object.keys(s).sort()).toEqual([
          'address',
          'browser',
          'current',
          'id',
          'lastUsed',
          'signedIn',
          'system',
        ]);
      }
      expect(res.text).not.toMatch(/token/i);
    },
  );

  it('signs out one other session: refused at once on both instances, though both kept it', async () => {
    const user = await createUser(t, 'noRole');
    const here = await signInWith(user, CHROME);
    const phone = await signInWith(user, IPHONE);
    expect([await me(t, phone), await me(other, phone)]).toEqual([200, 200]);
    const phoneId = (await t.api('GET', '/api/me/sessions', { cookie: here })).json.items.find(
      (s: { current: boolean }) => !s.current,
    ).id;
    const res = await t.api('DELETE', `/api/me/sessions/${phoneId}`, { cookie: here });
    expect(res.status, res.text).toBe(204);
    expect([await me(t, phone), await me(other, phone)]).toEqual([401, 401]);
    expect([await me(t, here), await me(other, here)]).toEqual([200, 200]);
    const events = await t.api('GET', `/api/history?kind=account&action=sessionsEnded&person=${user.uid}`, {
      cookie: adminCookie,
    });
    expect(events.json.items).toHaveLength(1);
    expect(events.json.items[0].diff.sessions).toEqual([null, 1]);
  });

  it('will not end someone else’s session (404), and that session goes on', async () => {
    const a = await createUser(t, 'noRole');
    const b = await createUser(t, 'noRole');
    const aCookie = await signIn(t, a.email, a.password);
    const bCookie = await signIn(t, b.email, b.password);
    const bId = (await t.api('GET', '/api/me/sessions', { cookie: bCookie })).json.items[0].id;
    const res = await t.api('DELETE', `/api/me/sessions/${bId}`, { cookie: aCookie });
    expect(res.status).toBe(404);
    expect(await me(t, bCookie)).toBe(200);
  });

  it('lets an admin sign a user out everywhere, at once on both instances, and records who did it', async () => {
    const user = await createUser(t, 'noRole', { firstName: 'Eva', lastName: 'Berg' });
    const cookies = [await signIn(t, user.email, user.password), await signIn(t, user.email, user.password)];
    for (const c of cookies) expect([await me(t, c), await me(other, c)]).toEqual([200, 200]);
    const res = await other.api('DELETE', `/api/users/${user.uid}/sessions`, { cookie: adminCookie });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ ended: 2 });
    for (const c of cookies) expect([await me(t, c), await me(other, c)]).toEqual([401, 401]);
    const [entry] = (
      await t.api('GET', `/api/history?kind=account&person=${admin.uid}&action=sessionsEnded`, { cookie: adminCookie })
    ).json.items;
    expect(entry).toMatchObject({
      actor: admin.uid,
      recordId: user.uid,
      recordLabel: 'Eva Berg',
      diff: { sessions: [null, 2] },
    });
    expect((await t.api('DELETE', '/api/users/no-such-user/sessions', { cookie: adminCookie })).status).toBe(404);
  });

  describe('better-auth’s own routes behave as its documentation says', () => {
    it('revoke-sessions ends every session of the caller, this one too, on both instances', async () => {
      const user = await createUser(t, 'noRole');
      const here = await signIn(t, user.email, user.password);
      const there = await signIn(t, user.email, user.password);
      expect(await me(other, there)).toBe(200);
      const res = await t.api('POST', '/api/auth/revoke-sessions', { cookie: here, body: {} });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ status: true });
      expect([await me(t, there), await me(other, there), await me(t, here), await me(other, here)]).toEqual([
        401, 401, 401, 401,
      ]);
    });

    it('revoke-other-sessions ends all but this one, and is recorded', async () => {
      const user = await createUser(t, 'noRole');
      const here = await signIn(t, user.email, user.password);
      const others = [await signIn(t, user.email, user.password), await signIn(t, user.email, user.password)];
      for (const c of others) expect(await me(other, c)).toBe(200);
      const res = await t.api('POST', '/api/auth/revoke-other-sessions', { cookie: here, body: {} });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ status: true });
      for (const c of others) expect([await me(t, c), await me(other, c)]).toEqual([401, 401]);
      expect(await me(t, here)).toBe(200);
      const [entry] = (
        await t.api('GET', `/api/history?kind=account&action=sessionsEnded&person=${user.uid}`, { cookie: adminCookie })
      ).json.items;
      expect(entry.diff.sessions).toEqual([null, 2]);
    });

    it('refuses them without a session (401)', async () => {
      expect((await t.api('GET', '/api/auth/list-accounts')).status).toBe(401);
      expect((await t.api('POST', '/api/auth/revoke-other-sessions', { body: {} })).status).toBe(401);
    });
  });
});
