import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFlags, findUser } from '../../../server/core/users.js';
import {
  ADMIN,
  callerOf,
  createUser,
  dialects,
  linkIn,
  signIn,
  signInRaw,
  startApp,
  startSmtp,
  type SmtpCatcher,
  type TestApp,
} from '../helpers/index.js';

describe.each(dialects())('users API (%s)', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp({ dialect, env: { SMTP_URL: smtp.url } });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    // 24 more users, so there are 25: three pages of 10, 10 and 5.
    for (let i = 0; i < 24; i++) await createUser(t, i % 3 === 0 ? 'editor' : 'noRole', { firstName: `U${i}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('pages through every user oldest first, ten at a time, with a null cursor at the end', async () => {
    const seen: Array<{ uid: string; created: string }> = [];
    const sizes: number[] = [];
    let after: string | null = null;
    do {
      const res = await t.api('GET', `/api/users${after ? `?after=${after}` : ''}`, { cookie: admin });
      expect(res.status).toBe(200);
      sizes.push(res.json.items.length);
      seen.push(...res.json.items);
      after = res.json.next;
    } while (after);
    // Pages of ten and a last partial one, whatever users other tests of this file added first.
    const total = (await t.db.selectFrom('users').select('id').execute()).length;
    expect(total).toBeGreaterThanOrEqual(25);
    expect(sizes).toEqual([...Array(Math.floor(total / 10)).fill(10), ...(total % 10 ? [total % 10] : [])]);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((u) => u.uid)).size).toBe(total);
    const order = seen.map((u) => `${u.created}|${u.uid}`);
    expect(order).toEqual([...order].sort());
  });

  it('refuses a cursor it did not make', async () => {
    const res = await t.api('GET', '/api/users?after=not-a-cursor', { cookie: admin });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation');
  });

  it('finds a user by exact email, in any case, and nothing for a miss or a part', async () => {
    const u = await createUser(t, 'noRole', { email: `Case.Test.${dialect}@Example.com` });
    const hit = await t.api('GET', `/api/users?email=${encodeURIComponent(u.email.toUpperCase())}`, { cookie: admin });
    expect(hit.json).toEqual({ items: [expect.objectContaining({ uid: u.uid })], next: null });
    const part = await t.api('GET', `/api/users?email=${encodeURIComponent('case.test')}`, { cookie: admin });
    expect(part.json.items).toEqual([]);
    const miss = await t.api('GET', '/api/users?email=nobody@example.com', { cookie: admin });
    expect(miss.json.items).toEqual([]);
  });

  it('answers the two newest users for the dashboard card', async () => {
    const newest = await createUser(t, 'noRole', { firstName: 'Newest' });
    const res = await t.api('GET', '/api/users/newest', { cookie: admin });
    expect(res.json.items).toHaveLength(2);
    expect(res.json.items[0].uid).toBe(newest.uid);
  });

  it('switches flags, moves updated, and the change takes effect on the next request', async () => {
    const u = await createUser(t, 'noRole');
    const cookie = await signIn(t, u.email, u.password);
    expect((await t.api('GET', '/api/languages/en', { cookie })).status).toBe(403);
    const res = await t.api('PATCH', `/api/users/${u.uid}`, { cookie: admin, body: { isEditor: true } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ isEditor: true, isAdmin: false, active: true, userType: 'editor' });
    expect(res.json.updated).not.toBeNull();
    expect((await t.api('GET', '/api/languages/en', { cookie })).status).toBe(200);
  });

  it("deactivating ends the user's open session at once, and they cannot sign in again", async () => {
    const u = await createUser(t, 'editor');
    const cookie = await signIn(t, u.email, u.password);
    expect((await t.api('PATCH', `/api/users/${u.uid}`, { cookie: admin, body: { active: false } })).status).toBe(200);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(401);
    expect((await signInRaw(t, u.email, u.password)).status).toBe(401);
  });

  it('refuses self-demotion, self-deactivation and the last admin losing the flag, changing nothing', async () => {
    const me = (await t.api('GET', '/api/me', { cookie: admin })).json;
    const demote = await t.api('PATCH', `/api/users/${me.uid}`, { cookie: admin, body: { isAdmin: false } });
    expect(demote.status).toBe(403);
    expect(demote.json.error.message).toBe('You cannot remove your own admin rights.');
    const off = await t.api('PATCH', `/api/users/${me.uid}`, { cookie: admin, body: { active: false } });
    expect(off.json.error.message).toBe('You cannot deactivate your own account.');
    // Through the API an admin is always an active admin, so the last-admin rule guards races; check it in the core.
    const other = await createUser(t, 'noRole');
    await expect(changeFlags(t.db, other, me.uid, { isAdmin: false })).rejects.toThrow(
      'The shop needs at least one active admin; make someone else admin first.',
    );
    expect((await findUser(t.db, me.uid))?.isAdmin).toBe(true);
  });

  it('refuses unknown fields and unknown users', async () => {
    const u = await createUser(t, 'noRole');
    const bad = await t.api('PATCH', `/api/users/${u.uid}`, { cookie: admin, body: { email: 'x@y.z' } });
    expect(bad.status).toBe(400);
    expect((await findUser(t.db, u.uid))?.email).toBe(u.email);
    expect((await t.api('PATCH', '/api/users/nope', { cookie: admin, body: { isEditor: true } })).status).toBe(404);
    expect((await t.api('GET', '/api/users/nope', { cookie: admin })).json.error.message).toBe('No users');
  });

  it('adds a user whose mail link sets a password that then signs in', async () => {
    const email = `new-${dialect}@example.com`;
    const res = await t.api('POST', '/api/users', {
      cookie: admin,
      body: { email, firstName: 'Nia', lastName: 'New', isEditor: true },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email, firstName: 'Nia', active: true, isEditor: true, isAdmin: false });
    const mail = await smtp.waitFor(email);
    const link = linkIn(mail)!;
    expect(link.startsWith(`${t.publicUrl}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    // The page it opens speaks to someone choosing their first password.
    expect(new URL(link).searchParams.get('welcome')).toBe('1');
    const set = await t.api('POST', '/api/auth/reset-password', {
      body: { newPassword: 'a brand new password', token },
    });
    expect(set.status).toBe(200);
    expect((await signInRaw(t, email, 'a brand new password')).status).toBe(200);
    const again = await t.api('POST', '/api/users', {
      cookie: admin,
      body: { email, firstName: 'Nia', lastName: 'New' },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('A user with this email already exists.');
  });

  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/users'],
    ['GET', '/api/users?email=a@b.se'],
    ['GET', '/api/users/newest'],
    ['GET', '/api/users/UID'],
    ['PATCH', '/api/users/UID', { isEditor: true }],
    ['POST', '/api/users', { email: 'matrix-EMAIL@example.com', firstName: 'M', lastName: 'X' }],
  ];
  const expected = { anonymous: 401, inactive: 401, noRole: 403, editor: 403 } as const;
  it.each(Object.entries(expected))('refuses %s callers on every users route', async (kind, status) => {
    const { cookie } = await callerOf(t, kind as keyof typeof expected);
    const target = await createUser(t, 'noRole');
    for (const [method, path, body] of routes) {
      const res = await t.api(method, path.replace('UID', target.uid), {
        cookie,
        body: body ? JSON.parse(JSON.stringify(body).replace('EMAIL', kind)) : undefined,
      });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} ${status}`);
    }
  });
});
