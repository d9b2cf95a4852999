import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUser } from '../../../server/core/users.js';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';

describe.each(dialects())('my account: GET and PATCH /api/me (%s)', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let cookie: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    user = await createUser(t, 'editor', { firstName: 'Ada', lastName: 'Lovelace' });
    cookie = await signIn(t, user.email, user.password);
  });
  afterAll(async () => t?.close());

  it('answers the signed-in user record', async () => {
    // A user of its own: another test of this file renames the shared one.
    const user = await createUser(t, 'editor', { firstName: 'Ada', lastName: 'Lovelace' });
    const cookie = await signIn(t, user.email, user.password);
    const res = await t.api('GET', '/api/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: user.uid,
      uid: user.uid,
      email: user.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      userType: 'editor',
      active: true,
      isAdmin: false,
      isEditor: true,
      created: user.created,
      updated: null,
    });
  });

  it('updates first and last name, sets updated, and keeps the display name in step', async () => {
    const before = Date.now();
    const res = await t.api('PATCH', '/api/me', { cookie, body: { firstName: 'Augusta', lastName: 'King' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ uid: user.uid, firstName: 'Augusta', lastName: 'King' });
    const stored = await findUser(t.db, user.uid);
    expect(stored).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    expect(new Date(stored!.updated!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const account = (await t.db
      .selectFrom('auth_user' as never)
      .select(['name' as never])
      .where('id' as never, '=', user.uid as never)
      .executeTakeFirstOrThrow()) as { name: string };
    expect(account.name).toBe('Augusta King');
    expect((await t.api('GET', '/api/me', { cookie })).json.firstName).toBe('Augusta');
  });

  it.each([
    ['empty first name', { firstName: '', lastName: 'King' }],
    ['blank last name', { firstName: 'Ada', lastName: '   ' }],
    ['missing last name', { firstName: 'Ada' }],
    ['a name over 100 characters', { firstName: 'A'.repeat(101), lastName: 'King' }],
    ['an unknown extra field', { firstName: 'Ada', lastName: 'King', isAdmin: true }],
    ['another user’s email', { firstName: 'Ada', lastName: 'King', email: 'x@test.local' }],
  ])('refuses %s with 400 validation and changes nothing', async (_name, body) => {
    const before = await findUser(t.db, user.uid);
    const res = await t.api('PATCH', '/api/me', { cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation');
    expect(await findUser(t.db, user.uid)).toEqual(before);
  });

  it('trims the names it stores', async () => {
    const res = await t.api('PATCH', '/api/me', { cookie, body: { firstName: '  Grace ', lastName: ' Hopper  ' } });
    expect(res.status).toBe(200);
    expect(await findUser(t.db, user.uid)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });
});
