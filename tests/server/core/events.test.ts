import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFlags, updateMe } from '../../../server/core/users.js';
import { writeActive } from '../../../server/core/appStatus.js';
import { onChange, type Change } from '../../../server/core/events.js';
import { createUser, dialects, openEvents, signIn, startApp, type TestApp } from '../helpers/index.js';

// Core announces each committed change; the live feed and ending a deactivated user's sessions follow the
// announcement, so a change made by core directly (a job, the CLI, a route) is followed alike.
describe.each(dialects())('after-commit changes (%s)', (dialect) => {
  let t: TestApp;
  const heard: Change[] = [];
  beforeAll(async () => {
    t = await startApp({ dialect });
    onChange(t.db, (cs) => void heard.push(...cs));
  });
  afterAll(async () => t?.close());

  it('ends a deactivated user’s sessions when core itself makes the change, no route involved', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(200);
    await changeFlags(t.db, null, user.uid, { active: false });
    const sessions = await t.db
      .selectFrom('auth_session' as never)
      .selectAll()
      .where('userId' as never, '=', user.uid as never)
      .execute();
    expect(sessions).toEqual([]);
    expect(heard.at(-1)).toEqual({ kind: 'user', id: user.uid, actor: null, flags: true, deactivated: true });
  });

  it('brings a new app status to open event streams when core writes it', async () => {
    const events = await openEvents(t.baseUrl);
    try {
      expect(await events.next<{ active: boolean }>(2000)).toMatchObject({ active: true });
      await writeActive(t.db, false);
      expect(await events.next<{ active: boolean }>(3000)).toMatchObject({ active: false });
      await writeActive(t.db, true);
      expect(await events.next<{ active: boolean }>(3000)).toMatchObject({ active: true });
    } finally {
      events.close();
    }
  });

  it('announces nothing for a refused change', async () => {
    const user = await createUser(t, 'noRole');
    const before = heard.length;
    await expect(changeFlags(t.db, { uid: user.uid }, user.uid, { active: false })).rejects.toThrow();
    await expect(updateMe(t.db, 'no-such-uid', { firstName: 'A', lastName: 'B' })).rejects.toThrow();
    expect(heard.length).toBe(before);
  });
});
