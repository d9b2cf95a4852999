import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  dialects,
  signIn,
  signInRaw,
  startApp,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../helpers/index.js';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

// Sign-in events on the Activity page (history kind 'account'): what is recorded, how it filters, and that no
// secret (a password tried, an email that matches no account) is ever in it.
describe.each(dialects())('sign-in events (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let adminCookie: string;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { SIGNIN_FAILURES_PER_HOUR: '2' } });
    admin = await createUser(t, 'admin');
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(async () => t?.close());

  const activity = async (query: string) => {
    const res = await t.api('GET', `/api/history?${query}`, { cookie: adminCookie });
    expect(res.status, res.text).toBe(200);
    return res.json.items as Array<{
      actor: string | null;
      actorName: string;
      recordId: string;
      action: string;
      kind: string;
      diff: Record<string, unknown>;
    }>;
  };
  const historyText = async () => JSON.stringify(await t.db.selectFrom('history').selectAll().execute());

  it('records a sign-in with how, from where and in which browser', async () => {
    const user = await createUser(t, 'editor', { firstName: 'Eva', lastName: 'Berg' });
    expect((await signInRaw(t, user.email, user.password, { 'user-agent': FIREFOX })).status).toBe(200);
    const items = await activity(`kind=account&person=${user.uid}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'account',
      action: 'signedIn',
      actor: user.uid,
      actorName: 'Eva Berg',
      recordId: user.uid,
      diff: { method: [null, 'password'], address: [null, '127.0.0.1'], browser: [null, 'Firefox 121, Windows 10'] },
    });
  });

  it('records a failed sign-in on the account, without the password tried', async () => {
    const user = await createUser(t, 'noRole');
    expect((await signInRaw(t, user.email, 'my secret guess 1')).status).toBe(401);
    const [entry] = await activity(`kind=account&action=signInFailed&person=${user.uid}`);
    expect(entry).toMatchObject({ actor: user.uid, recordId: user.uid, diff: { address: [null, '127.0.0.1'] } });
    expect(await historyText()).not.toContain('my secret guess 1');
  });

  it('records a failed sign-in to an unknown account without the email typed (it may be a password)', async () => {
    const typed = uniqueEmail('hunter2-typed-here');
    expect((await signInRaw(t, typed, 'whatever 123')).status).toBe(401);
    const entry = (await activity('kind=account&action=signInFailed')).find((e) => e.actor === null);
    expect(entry).toMatchObject({ actor: null, recordId: '', actorName: '' });
    expect(await historyText()).not.toContain('hunter2-typed-here');
  });

  it('records a throttled sign-in once per account and address, not per attempt', async () => {
    const user = await createUser(t, 'noRole');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signInRaw(t, user.email, `wrong ${i}`)).status);
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses.slice(2)).toEqual([429, 429, 429]);
    expect(await activity(`kind=account&action=signInThrottled&person=${user.uid}`)).toHaveLength(1);
    expect(await activity(`kind=account&action=signInFailed&person=${user.uid}`)).toHaveLength(2);
  });

  it('records one held-back entry for a sprayer of made-up emails from one address, not one per email', async () => {
    const before = (await activity('kind=account&action=signInThrottled&limit=100')).length;
    // This address past its ceiling (100 tries an hour across accounts): every try is held back before it is checked.
    const key = 'ip:127.0.0.1';
    await t.db.deleteFrom('throttle').where('key', '=', key).execute();
    await t.db
      .insertInto('throttle')
      .values({ key, count: 1000, reset_at: new Date(Date.now() + 3600_000).toISOString() })
      .execute();
    try {
      for (let i = 0; i < 3; i++)
        expect((await signInRaw(t, uniqueEmail(`made-up-${i}`), 'whatever 123')).status).toBe(429);
    } finally {
      await t.db.deleteFrom('throttle').where('key', '=', key).execute();
    }
    const after = await activity('kind=account&action=signInThrottled&limit=100');
    expect(after.length - before).toBe(1);
    expect(after[0]).toMatchObject({ actor: null, recordId: '' });
  });

  it('filters by kind and event: other kinds stay out, and an unknown event is refused', async () => {
    const user = await createUser(t, 'noRole');
    await signIn(t, user.email, user.password);
    // A change of another kind by the same person.
    await t.api('PATCH', '/api/me', {
      cookie: await signIn(t, user.email, user.password),
      body: { firstName: 'New', lastName: 'Name' },
    });
    const mine = await activity(`person=${user.uid}`);
    expect(new Set(mine.map((e) => e.kind))).toEqual(new Set(['account', 'user']));
    expect((await activity(`person=${user.uid}&kind=account`)).every((e) => e.kind === 'account')).toBe(true);
    expect((await activity(`person=${user.uid}&kind=user`)).every((e) => e.kind === 'user')).toBe(true);
    expect(await activity(`person=${user.uid}&action=signedIn`)).toHaveLength(2);
    expect((await t.api('GET', '/api/history?action=hacked', { cookie: adminCookie })).status).toBe(400);
  });

  it('is for admins only, like the rest of Activity', async () => {
    const editor = await createUser(t, 'editor');
    const cookie = await signIn(t, editor.email, editor.password);
    expect((await t.api('GET', '/api/history?kind=account', { cookie })).status).toBe(403);
  });
});
