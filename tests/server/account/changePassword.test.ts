import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  dialects,
  signIn,
  signInRaw,
  startApp,
  startSmtp,
  type SmtpCatcher,
  type TestApp,
} from '../helpers/index.js';
import { setFlags } from '../../../server/core/users.js';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

// better-auth's POST /api/auth/change-password as the console wires it: every other session ends at once (the
// session cache on), a mail over real SMTP says when and from where, and the Activity page records it.
describe.each(dialects())('change password (%s)', (dialect) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    // Failures per hour low, so the backoff test is short; the session cache on (its default), so 'at once' is tested.
    t = await startApp({
      dialect,
      env: { SMTP_URL: smtp.url, SIGNIN_FAILURES_PER_HOUR: '3', SESSION_CACHE_SECONDS: '60' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const change = (cookie: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    t.api('POST', '/api/auth/change-password', { cookie, body, headers });

  it(
    'changes the password, ends every other session at ' + 'once, keeps this one, mails the owner and records it',
    async () => {
      const user = await createUser(t, 'noRole', { firstName: 'Eva', lastName: 'Berg' });
      const here = await signIn(t, user.email, user.password);
      const elsewhere = await signIn(t, user.email, user.password);
      // Both kept in the session cache first.
      expect((await t.api('GET', '/api/me', { cookie: elsewhere })).status).toBe(200);
      expect((await t.api('GET', '/api/me', { cookie: here })).status).toBe(200);

      const res = await change(
        here,
        { currentPassword: user.password, newPassword: 'a brand new password', revokeOtherSessions: false },
        { 'user-agent': CHROME },
      );
      expect(res.status, res.text).toBe(200);
      // The page never sees a session token; the library's answer is otherwise as documented.
      expect(res.json.token).toBeUndefined();
      expect(res.json.user.email).toBe(user.email);
      const fresh = res.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(fresh).toBeTruthy();

      // The other session ended though the caller asked to keep it: the console's rule.
      expect((await t.api('GET', '/api/me', { cookie: elsewhere })).status).toBe(401);
      const renewed = fresh!.split(';')[0]!;
      expect((await t.api('GET', '/api/me', { cookie: renewed })).status).toBe(200);
      expect((await signInRaw(t, user.email, user.password)).status).toBe(401);
      expect((await signInRaw(t, user.email, 'a brand new password')).status).toBe(200);

      const mail = await smtp.waitFor(user.email);
      expect(mail.subject).toBe(messages.mail.passwordChangedSubject);
      expect(mail.text).toContain('127.0.0.1');
      expect(mail.text).toMatch(new RegExp(`${new Date().getUTCFullYear()}.*UTC`));
      expect(mail.text).not.toContain('a brand new password');

      const admin = await createUser(t, 'admin');
      const adminCookie = await signIn(t, admin.email, admin.password);
      const events = await t.api('GET', `/api/history?kind=account&action=passwordChanged&person=${user.uid}`, {
        cookie: adminCookie,
      });
      expect(events.json.items).toHaveLength(1);
      expect(events.json.items[0]).toMatchObject({
        actor: user.uid,
        recordId: user.uid,
        actorName: 'Eva Berg',
        diff: { address: [null, '127.0.0.1'], browser: [null, 'Chrome 140, Linux'], sessions: [null, 1] },
      });
      const all = JSON.stringify(await t.db.selectFrom('history').selectAll().execute());
      expect(all).not.toContain(user.password);
      expect(all).not.toContain('a brand new password');
    },
  );

  it('writes the mail in the language of the browser that asked', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    const res = await change(
      cookie,
      { currentPassword: user.password, newPassword: 'ett nytt lösenord' },
      { 'accept-language': 'sv-SE,sv;q=0.9' },
    );
    expect(res.status, res.text).toBe(200);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(sv.mail.passwordChangedSubject);
    expect(mail.text).toContain('UTC');
  });

  it('refuses a wrong current password, a short or a long new one in our words, and changes nothing', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    const other = await signIn(t, user.email, user.password);
    const cases: Array<[unknown, string]> = [
      [{ currentPassword: 'not my password', newPassword: 'a brand new password' }, messages.account.password.wrong],
      [{ currentPassword: user.password, newPassword: 'short' }, messages.reset.tooShort],
      [{ currentPassword: user.password, newPassword: 'x'.repeat(129) }, messages.account.password.tooLong],
    ];
    for (const [body, message] of cases) {
      const res = await change(cookie, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.message).toBe(message);
    }
    expect(
      (
        await change(
          cookie,
          { currentPassword: 'not my password', newPassword: 'a brand new password' },
          { 'accept-language': 'sv' },
        )
      ).json.error.message,
    ).toBe(sv.account.password.wrong);
    expect((await t.api('GET', '/api/me', { cookie: other })).status).toBe(200);
    expect((await signInRaw(t, user.email, user.password)).status).toBe(200);
    expect(smtp.mails.some((m) => m.to.includes(user.email))).toBe(false);
  });

  it('backs off after repeated wrong current passwords, as a sign-in does', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await change(cookie, { currentPassword: `guess ${i}`, newPassword: 'a brand new password' })).status,
      );
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Even the right one waits now.
    expect((await change(cookie, { currentPassword: user.password, newPassword: 'a brand new password' })).status).toBe(
      429,
    );
  });

  it('is refused without a session, and for a deactivated account whose session row is still there', async () => {
    expect((await change(undefined, { currentPassword: 'x', newPassword: 'a brand new password' })).status).toBe(401);
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    await setFlags(t.db, user.uid, { active: false });
    const res = await change(cookie, { currentPassword: user.password, newPassword: 'a brand new password' });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthenticated');
  });
});
