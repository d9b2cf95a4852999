import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { setPassword } from '../../../server/auth/register.js';
import { ADMIN, createUser, dialects, pgAvailable, signIn, startApp, type TestApp } from '../helpers/index.js';

// Kept sessions (server/auth/sessionCache.ts): a change to a user's sessions, account or record takes effect on the
// very next request, on the instance that made it and on any other on the same database, whatever made the change.

/** Two calls on an instance, so its kept session is filled and then used before the change. */
async function warm(t: TestApp, cookie: string): Promise<void> {
  for (let i = 0; i < 2; i++) expect((await t.api('GET', '/api/me', { cookie })).status).toBe(200);
}

/** The changes the access guard must hear at once, each made through `on` (an instance's routes or services). */
const CHANGES = {
  deactivation: async (on: TestApp, admin: string, uid: string) =>
    expect((await on.api('PATCH', `/api/users/${uid}`, { cookie: admin, body: { active: false } })).status).toBe(200),
  'sign-out': async (on: TestApp, _admin: string, _uid: string, cookie: string) =>
    expect((await on.api('POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200),
  'password change': async (on: TestApp, _admin: string, uid: string) =>
    setPassword(on.services.auth, uid, 'a new password 1'),
} as const;

describe.each(dialects())('kept sessions (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => t?.close());

  it.each(Object.keys(CHANGES) as (keyof typeof CHANGES)[])(
    'refuses a kept session on the next request after %s',
    async (change) => {
      const user = await createUser(t, 'editor');
      const cookie = await signIn(t, user.email, user.password);
      await warm(t, cookie);
      await CHANGES[change](t, admin, user.uid, cookie);
      expect((await t.api('GET', '/api/me', { cookie })).status).toBe(401);
      expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(401);
    },
  );

  it('applies a role change on the next request of a kept session', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    await warm(t, cookie);
    expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(200);
    expect((await t.api('PATCH', `/api/users/${user.uid}`, { cookie: admin, body: { isEditor: false } })).status).toBe(
      200,
    );
    expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(403);
    const me = await t.api('GET', '/api/me', { cookie });
    expect(me.json.isEditor).toBe(false);
  });

  it('hears a change written straight to the database, as another process (the CLI) would', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    await warm(t, cookie);
    await sql`update users set is_editor = 0 where id = ${user.uid}`.execute(t.db);
    expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(403);
    await sql`delete from auth_session where "userId" = ${user.uid}`.execute(t.db);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(401);
  });

  it('keeps answering a session whose user did not change, and a name change shows at once', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    await warm(t, cookie);
    expect((await t.api('PATCH', '/api/me', { cookie, body: { firstName: 'Kept', lastName: 'Name' } })).status).toBe(
      200,
    );
    const me = await t.api('GET', '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.json.firstName).toBe('Kept');
  });
});

describe('kept sessions on SQLite: a commit by another connection to the file', () => {
  let t: TestApp;
  let other: SQLite.Database;
  beforeAll(async () => {
    t = await startApp({ dialect: 'sqlite' });
    // A connection of its own, as another process (the CLI, an operator's sqlite3) has.
    other = new SQLite(t.services.db.sqlite!.name);
  });
  afterAll(async () => {
    other?.close();
    await t?.close();
  });

  it('applies a deactivation and a role change committed elsewhere on the next request', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    // Three calls: the session is kept, found unchanged, then used while nothing was committed.
    for (let i = 0; i < 3; i++) expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(200);
    other.prepare('update users set is_editor = 0 where id = ?').run(user.uid);
    expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(403);
    other.prepare('update users set is_editor = 1 where id = ?').run(user.uid);
    for (let i = 0; i < 3; i++) expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(200);
    other.prepare('update users set active = 0 where id = ?').run(user.uid);
    expect((await t.api('GET', '/api/products?limit=1', { cookie })).status).toBe(401);
  });
});

describe.runIf(pgAvailable())('kept sessions on two instances of one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  beforeAll(async () => {
    a = await startApp({ dialect: 'postgres' });
    b = await startApp({ dialect: 'postgres', data: a.data });
    admin = await signIn(a, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it.each(Object.keys(CHANGES) as (keyof typeof CHANGES)[])(
    '%s on one instance: the other refuses the next request',
    async (change) => {
      const user = await createUser(a, 'editor');
      const cookie = await signIn(a, user.email, user.password);
      await warm(b, cookie);
      await warm(a, cookie);
      await CHANGES[change](a, admin, user.uid, cookie);
      expect((await b.api('GET', '/api/me', { cookie })).status).toBe(401);
    },
  );

  it('a role change on one instance: the other applies it on the next request', async () => {
    const user = await createUser(a, 'editor');
    const cookie = await signIn(a, user.email, user.password);
    await warm(b, cookie);
    expect((await b.api('GET', '/api/products?limit=1', { cookie })).status).toBe(200);
    expect((await a.api('PATCH', `/api/users/${user.uid}`, { cookie: admin, body: { isEditor: false } })).status).toBe(
      200,
    );
    expect((await b.api('GET', '/api/products?limit=1', { cookie })).status).toBe(403);
  });
});
