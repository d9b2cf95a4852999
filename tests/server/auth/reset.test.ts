import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  dialects,
  linkIn,
  signIn,
  signInRaw,
  startApp,
  startSmtp,
  uniqueEmail,
  type SmtpCatcher,
  type TestApp,
} from '../helpers/index.js';

/** POST JSON with a Host header of our choosing (fetch will not send a foreign one). */
function postWithHost(t: TestApp, path: string, host: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      new URL(path, t.baseUrl),
      {
        method: 'POST',
        headers: {
          host,
          'x-forwarded-host': host,
          origin: t.publicUrl,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

describe.each(dialects())('forgot and reset password over real SMTP (%s)', (dialect) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp({ dialect, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a PUBLIC_URL link; the new password works once, the old one and old sessions end', async () => {
    const user = await createUser(t, 'editor');
    const oldSession = await signIn(t, user.email, user.password);

    expect(await postWithHost(t, '/api/auth/request-password-reset', 'evil.example', { email: user.email })).toBe(200);
    const mail = await smtp.waitFor(user.email);
    const link = linkIn(mail)!;
    expect(link.startsWith(`${t.publicUrl}/reset-password?token=`)).toBe(true);
    expect(link).not.toContain('evil.example');
    const token = tokenOf(link);
    // At least 128 bits: 24 characters of a 62-letter alphabet are about 143.
    expect(token.length).toBeGreaterThanOrEqual(22);

    const reset = await t.api('POST', '/api/auth/reset-password', {
      body: { newPassword: 'a brand new secret', token },
    });
    expect(reset.status).toBe(200);
    expect((await signInRaw(t, user.email, user.password)).status).toBe(401);
    expect(await signIn(t, user.email, 'a brand new secret')).toContain('session_token');
    expect((await t.api('GET', '/api/me', { cookie: oldSession })).status).toBe(401);

    const again = await t.api('POST', '/api/auth/reset-password', {
      body: { newPassword: 'yet another secret', token },
    });
    expect(again.status).toBe(400);
    expect((await signInRaw(t, user.email, 'yet another secret')).status).toBe(401);
  });

  it('keeps only the newest link: asking again voids earlier links, and a reset voids the rest', async () => {
    const user = await createUser(t, 'noRole');
    for (let i = 0; i < 8; i++) {
      expect((await t.api('POST', '/api/auth/request-password-reset', { body: { email: user.email } })).status).toBe(
        200,
      );
    }
    const mine = () => smtp.mails.filter((m) => m.to.includes(user.email));
    for (let i = 0; i < 100 && mine().length < 8; i++) await new Promise((r) => setTimeout(r, 50));
    const tokens = mine().map((m) => tokenOf(linkIn(m)!));
    expect(new Set(tokens).size).toBe(8);
    // Which mail came last is known from the one token still stored (mail may arrive out of order).
    const working: string[] = [];
    for (const token of tokens) {
      const res = await t.api('POST', '/api/auth/reset-password', {
        body: { newPassword: `secret for ${token}`, token },
      });
      if (res.status === 200) working.push(token);
      else expect(res.status).toBe(400);
    }
    expect(working).toHaveLength(1);
    expect(await signIn(t, user.email, `secret for ${working[0]}`)).toContain('session_token');
    const left = (await t.db
      .selectFrom('auth_verification' as never)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    expect(left.filter((r) => r.value === user.uid)).toEqual([]);
  });

  it('voids every reset link outstanding when the password is changed while signed in', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    for (let i = 0; i < 2; i++)
      expect((await t.api('POST', '/api/auth/request-password-reset', { body: { email: user.email } })).status).toBe(
        200,
      );
    const mine = () => smtp.mails.filter((m) => m.to.includes(user.email) && linkIn(m));
    for (let i = 0; i < 100 && mine().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const tokens = mine().map((m) => tokenOf(linkIn(m)!));
    expect(tokens).toHaveLength(2);
    const changed = await t.api('POST', '/api/auth/change-password', {
      cookie,
      body: { currentPassword: user.password, newPassword: 'changed while signed in' },
    });
    expect(changed.status, changed.text).toBe(200);
    for (const token of tokens) {
      const res = await t.api('POST', '/api/auth/reset-password', { body: { newPassword: 'set by a link', token } });
      expect(res.status, res.text).toBe(400);
    }
    expect((await signInRaw(t, user.email, 'set by a link')).status).toBe(401);
    expect(await signIn(t, user.email, 'changed while signed in')).toContain('session_token');
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const known = await createUser(t, 'noRole');
    const unknown = uniqueEmail('nobody');
    const a = await t.api('POST', '/api/auth/request-password-reset', { body: { email: unknown } });
    const b = await t.api('POST', '/api/auth/request-password-reset', { body: { email: known.email } });
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
    // The known address's mail was asked for after the unknown one; once it is here, nothing else is coming.
    await smtp.waitFor(known.email);
    expect(smtp.mails.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('stores the reset token hashed, with a short expiry', async () => {
    const user = await createUser(t, 'noRole');
    await t.api('POST', '/api/auth/request-password-reset', { body: { email: user.email } });
    const token = tokenOf(linkIn(await smtp.waitFor(user.email))!);
    const rows = (await t.db
      .selectFrom('auth_verification' as never)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    const mine = rows.find((r) => r.value === user.uid)!;
    const lifetime = new Date(mine.expiresAt as string).getTime() - new Date(mine.createdAt as string).getTime();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
  });

  it('refuses a made-up token', async () => {
    const res = await t.api('POST', '/api/auth/reset-password', {
      body: { newPassword: 'long enough 123', token: 'x'.repeat(24) },
    });
    expect(res.status).toBe(400);
  });

  it('serves the reset page with Referrer-Policy: no-referrer', async () => {
    const res = await t.api('GET', '/reset-password?token=abc');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe.each(dialects())('reset mails per address (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { SIGNIN_FAILURES_PER_HOUR: '3' } });
  });
  afterAll(async () => t?.close());

  it('throttles reset requests for one address, whoever sends them', async () => {
    const ask = (ip: string) =>
      t.api('POST', '/api/auth/request-password-reset', {
        body: { email: 'victim@example.com', redirectTo: '/reset-password' },
        headers: { 'x-forwarded-for': ip },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(`10.0.0.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const other = await t.api('POST', '/api/auth/request-password-reset', {
      body: { email: 'someone-else@example.com', redirectTo: '/reset-password' },
    });
    expect(other.status).toBe(200);
  });
});
