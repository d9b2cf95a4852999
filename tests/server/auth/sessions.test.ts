import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setFlags } from '../../../server/core/users.js';
import { createUser, dialects, sessionCookie, signIn, signInRaw, startApp, type TestApp } from '../helpers/index.js';

const HOUR = 3600_000;

interface SessionRow {
  token: string;
  createdAt: string | Date;
  expiresAt: string | Date;
}

const sessionsOf = (t: TestApp, uid: string) =>
  t.db
    .selectFrom('auth_session' as never)
    .select(['token' as never, 'createdAt' as never, 'expiresAt' as never])
    .where('userId' as never, '=', uid as never)
    .execute() as Promise<SessionRow[]>;

/** Rewrites one time column of every session of a user (ISO text suits both dialects). */
const setSessionTime = (t: TestApp, uid: string, column: 'createdAt' | 'expiresAt', at: number) =>
  t.db
    .updateTable('auth_session' as never)
    .set({ [column]: new Date(at).toISOString() } as never)
    .where('userId' as never, '=', uid as never)
    .execute();

describe.each(dialects())('session lifetime and revocation (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { SESSION_ABSOLUTE_HOURS: '2', SESSION_IDLE_HOURS: '3' } });
  });
  afterAll(async () => t?.close());

  it('sets the idle timeout (SESSION_IDLE_HOURS) on the cookie and the session row', async () => {
    const user = await createUser(t, 'noRole');
    const res = await signInRaw(t, user.email, user.password);
    expect(sessionCookie(res.headers)!.attributes['max-age']).toBe(String(3 * 3600));
    const [row] = await sessionsOf(t, user.uid);
    const idle = new Date(row!.expiresAt).getTime() - new Date(row!.createdAt).getTime();
    expect(Math.abs(idle - 3 * HOUR)).toBeLessThan(60_000);
  });

  it('ends a session past SESSION_ABSOLUTE_HOURS: 401 and the row is gone', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    await setSessionTime(t, user.uid, 'createdAt', Date.now() - 2 * HOUR - 60_000);
    const res = await t.api('GET', '/api/me', { cookie });
    expect(res.status).toBe(401);
    expect(await sessionsOf(t, user.uid)).toEqual([]);
  });

  it('ends a kept session that passes SESSION_ABSOLUTE_HOURS while it is kept', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    await setSessionTime(t, user.uid, 'createdAt', Date.now() - 2 * HOUR + 20_000);
    // Twice: the first request keeps the session, the second is answered from what was kept.
    for (let i = 0; i < 2; i++) expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(200);
    // Half a minute on: still within the keeping (60 s), past the absolute timeout.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 30_000);
      expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect(await sessionsOf(t, user.uid)).toEqual([]);
  });

  it('keeps a session just inside SESSION_ABSOLUTE_HOURS', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    await setSessionTime(t, user.uid, 'createdAt', Date.now() - 2 * HOUR + 5 * 60_000);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(200);
    expect(await sessionsOf(t, user.uid)).toHaveLength(1);
  });

  it('ends an idle session whose expiry has passed', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    await setSessionTime(t, user.uid, 'expiresAt', Date.now() - 60_000);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(401);
    expect((await t.api('PATCH', '/api/me', { cookie, body: { firstName: 'A', lastName: 'B' } })).status).toBe(401);
  });

  it('refuses the existing session of a user deactivated with setFlags on the next call', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(200);
    await setFlags(t.db, user.uid, { active: false });
    const res = await t.api('GET', '/api/me', { cookie });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthenticated');
    expect((await t.api('GET', '/api/languages/en', { cookie })).status).toBe(401);
  });

  it('applies role changes on the next request of an existing session', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    const put = () => t.api('PUT', '/api/app/status', { cookie, body: { active: true } });
    expect((await put()).status).toBe(403);
    await setFlags(t.db, user.uid, { isAdmin: true });
    expect((await put()).status).toBe(200);
    await setFlags(t.db, user.uid, { isAdmin: false });
    expect((await put()).status).toBe(403);
  });

  it('keeps the other flags when setFlags changes one', async () => {
    const user = await createUser(t, 'admin');
    const changed = await setFlags(t.db, user.uid, { active: false });
    expect(changed).toMatchObject({ active: false, isAdmin: true, isEditor: true });
  });
});
