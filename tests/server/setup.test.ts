import { afterAll, describe, expect, it } from 'vitest';
import { readActive } from '../../server/core/appStatus.js';
import { countUsers, findUserByEmail } from '../../server/core/users.js';
import { prepare } from '../../server/setup.js';
import { createData, dialects, signIn, startApp, type DataStore, type TestApp } from './helpers/index.js';

describe.each(dialects())('first run (%s)', (dialect) => {
  const opened: (TestApp | DataStore)[] = [];
  afterAll(async () => {
    for (const x of opened.reverse()) await ('app' in x ? x.close() : x.drop());
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD: admin, editor, active, able to sign in', async () => {
    const t = await startApp({
      dialect,
      env: { ADMIN_EMAIL: 'Owner@Shop.Example', ADMIN_PASSWORD: 'given password 1' },
    });
    opened.push(t);
    expect(t.services.setup.createdAdmin).toEqual({
      email: 'owner@shop.example',
      password: 'given password 1',
      generated: false,
    });
    expect(await countUsers(t.db)).toBe(1);
    expect(await findUserByEmail(t.db, 'owner@shop.example')).toMatchObject({
      isAdmin: true,
      isEditor: true,
      active: true,
    });
    const cookie = await signIn(t, 'owner@shop.example', 'given password 1');
    expect((await t.api('GET', '/api/me', { cookie })).json).toMatchObject({
      email: 'owner@shop.example',
      isAdmin: true,
    });
  });

  it('seeds the languages en and se and an active app status', async () => {
    const t = await startApp({ dialect });
    opened.push(t);
    const langs = await t.db.selectFrom('languages').select(['id', 'texts']).orderBy('id').execute();
    expect(langs.map((l) => l.id)).toEqual(['en', 'se']);
    for (const l of langs) expect(Object.keys(JSON.parse(l.texts)).length).toBeGreaterThan(0);
    expect(await readActive(t.db)).toBe(true);
    expect((await t.api('GET', '/api/app/status')).json).toEqual({ active: true, version: t.config.version });
  });

  it(
    'generates a password when none is given, once: a second ' + 'start creates no other admin and keeps the status',
    async () => {
      const data = await createData(dialect);
      opened.push(data);
      const first = await startApp({
        dialect,
        data,
        env: { ADMIN_EMAIL: 'first@shop.example', ADMIN_PASSWORD: undefined },
      });
      const created = first.services.setup.createdAdmin!;
      expect(created.generated).toBe(true);
      expect(created.email).toBe('first@shop.example');
      expect(created.password.length).toBeGreaterThanOrEqual(16);
      expect(await signIn(first, created.email, created.password)).toContain('session_token');
      await first.api('PUT', '/api/app/status', {
        cookie: await signIn(first, created.email, created.password),
        body: { active: false },
      });
      await first.close();

      const second = await startApp({
        dialect,
        data,
        env: { ADMIN_EMAIL: 'second@shop.example', ADMIN_PASSWORD: undefined },
      });
      opened.push(second);
      expect(second.services.setup.createdAdmin).toBeNull();
      expect(await countUsers(second.db)).toBe(1);
      expect(await findUserByEmail(second.db, 'second@shop.example')).toBeNull();
      expect(await readActive(second.db)).toBe(false);
      expect(await signIn(second, created.email, created.password)).toContain('session_token');
    },
  );

  it('prepare() (what the CLI runs) migrates and seeds but never makes a user', async () => {
    const t = await startApp({ dialect });
    opened.push(t);
    await t.db.deleteFrom('users').execute();
    await prepare(t.services.db, t.services.auth);
    expect(await countUsers(t.db)).toBe(0);
  });
});
