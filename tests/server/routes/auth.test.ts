import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import { textOf, throttledFor } from '../../../domain/translate.js';
import {
  createUser,
  dialects,
  rawToken,
  sessionCookie,
  signIn,
  signInRaw,
  startApp,
  uniqueEmail,
  type TestApp,
} from '../helpers/index.js';

const sessionRows = (t: TestApp, userId: string) =>
  t.db
    .selectFrom('auth_session' as never)
    .select(['token' as never])
    .where('userId' as never, '=', userId as never)
    .execute() as Promise<{ token: string }[]>;

describe.each(dialects())('sign-in and sign-out (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  it('signs in with an HttpOnly, SameSite=Lax session cookie and keeps the token out of the body', async () => {
    const user = await createUser(t, 'noRole');
    const res = await signInRaw(t, user.email, user.password);
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers);
    expect(cookie).toBeDefined();
    expect(cookie!.attributes.httponly).toBe(true);
    expect(String(cookie!.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie!.attributes.path).toBe('/');
    expect(res.json.token).toBeUndefined();
    expect(res.text).not.toContain(rawToken(cookie!));
    expect(res.json.user.email).toBe(user.email);
    // The session is a database row the cookie points at, with a token of at least 128 bits.
    const rows = await sessionRows(t, user.uid);
    expect(rows.map((r) => r.token)).toEqual([rawToken(cookie!)]);
    expect(rawToken(cookie!).length).toBeGreaterThanOrEqual(22);
  });

  it('accepts the email in any letter case', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email.toUpperCase(), user.password);
    expect((await t.api('GET', '/api/me', { cookie })).json.email).toBe(user.email);
  });

  const refusals: { name: string; make: (t: TestApp) => Promise<{ email: string; password: string }> }[] = [
    {
      name: 'a wrong password',
      make: async (t) => ({ email: (await createUser(t, 'noRole')).email, password: 'not the password' }),
    },
    { name: 'an unknown email', make: async () => ({ email: uniqueEmail('nobody'), password: 'whatever 123' }) },
    {
      name: 'an inactive user record',
      make: async (t) => {
        const u = await createUser(t, 'editor', { active: false });
        return { email: u.email, password: u.password };
      },
    },
    {
      name: 'an auth account with no user record',
      make: async (t) => {
        const u = await createUser(t, 'noRole');
        await t.db.deleteFrom('users').where('id', '=', u.uid).execute();
        return { email: u.email, password: u.password };
      },
    },
  ];

  it.each(refusals)('refuses $name with the one 401 answer and no session cookie', async ({ make }) => {
    const { email, password } = await make(t);
    const res = await signInRaw(t, email, password);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: messages.signin.failure } });
    expect(sessionCookie(res.headers)).toBeUndefined();
  });

  it('signs out: the session ends on the server and the old cookie gets 401', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = await signIn(t, user.email, user.password);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(200);
    const out = await t.api('POST', '/api/auth/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    expect(await sessionRows(t, user.uid)).toEqual([]);
    const after = await t.api('GET', '/api/me', { cookie });
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe('unauthenticated');
  });

  it('makes a new session token on every sign-in, also when an old cookie is presented', async () => {
    const user = await createUser(t, 'noRole');
    const first = await signInRaw(t, user.email, user.password);
    const firstCookie = sessionCookie(first.headers)!;
    const second = await signInRaw(t, user.email, user.password, {
      cookie: `${firstCookie.name}=${firstCookie.value}`,
    });
    const secondCookie = sessionCookie(second.headers)!;
    expect(rawToken(secondCookie)).not.toBe(rawToken(firstCookie));
    expect((await sessionRows(t, user.uid)).map((r) => r.token).sort()).toEqual(
      [rawToken(firstCookie), rawToken(secondCookie)].sort(),
    );
  });

  it('has no public sign-up', async () => {
    const email = uniqueEmail('signup');
    const res = await t.api('POST', '/api/auth/sign-up/email', {
      body: { email, password: 'long enough 1', name: 'X Y' },
    });
    expect(res.status).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });
});

describe.each(dialects())('sign-in throttling (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  it('refuses an account with 429 after SIGNIN_FAILURES_PER_HOUR failures, the right password included', async () => {
    const user = await createUser(t, 'noRole');
    const limit = t.config.signinFailuresPerHour;
    expect(limit).toBe(10);
    let firstThrottled = 0;
    for (let i = 1; i < 100 && !firstThrottled; i++) {
      const res = await signInRaw(t, user.email, 'wrong password');
      if (res.status === 429) firstThrottled = i;
      else expect(res.status).toBe(401);
    }
    expect(firstThrottled).toBe(limit + 1);
    const right = await signInRaw(t, user.email, user.password);
    expect(right.status).toBe(429);
    expect(right.json).toEqual({
      error: { code: 'throttled', message: textOf(throttledFor(Number(right.headers.get('retry-after'))), 'en') },
    });
    expect(right.json.error.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(sessionCookie(right.headers)).toBeUndefined();
    // Another account from the same address is not affected.
    const other = await createUser(t, 'noRole');
    expect(await signIn(t, other.email, other.password)).toContain('session_token');
  });

  it('slows the guessing address with growing delays (Retry-After), not the account', async () => {
    const user = await createUser(t, 'noRole');
    for (let i = 0; i < t.config.signinFailuresPerHour; i++)
      expect((await signInRaw(t, user.email, 'wrong password')).status).toBe(401);
    const first = await signInRaw(t, user.email, 'wrong password');
    expect(first.status).toBe(429);
    const firstWait = Number(first.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(30);
    // The wait passes (moved back in the table rather than slept through): one more guess is heard, and fails...
    await passTime(t, `signin:${user.email}|127.0.0.1`, 31_000);
    expect((await signInRaw(t, user.email, 'wrong password')).status).toBe(401);
    // ...and the next wait is twice as long.
    const second = await signInRaw(t, user.email, user.password);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(30);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('lets the owner sign in from another address while a guessing address waits', async () => {
    const user = await createUser(t, 'admin');
    for (let i = 0; i <= t.config.signinFailuresPerHour; i++) await signInRaw(t, user.email, 'wrong password');
    expect((await signInRaw(t, user.email, user.password)).status).toBe(429);
    const owner = await signInFrom(t, '127.0.0.2', user.email, user.password);
    expect(owner.status).toBe(200);
    expect(owner.cookie).toContain('session_token');
  });

  it('caps failures per address across accounts: a sprayer is refused, other addresses are not', async () => {
    const victim = await createUser(t, 'noRole');
    let status = 0;
    for (let i = 0; i < 120 && status !== 429; i++)
      status = (await signInFrom(t, '127.0.0.3', uniqueEmail('spray'), 'wrong password')).status;
    expect(status).toBe(429);
    expect((await signInFrom(t, '127.0.0.3', victim.email, victim.password)).status).toBe(429);
    expect((await signInFrom(t, '127.0.0.4', victim.email, victim.password)).status).toBe(200);
  });

  it('counts the account whatever the letter case of the email', async () => {
    const user = await createUser(t, 'noRole');
    for (let i = 0; i < t.config.signinFailuresPerHour; i++) {
      await signInRaw(t, i % 2 ? user.email.toUpperCase() : user.email, 'wrong password');
    }
    expect((await signInRaw(t, user.email, user.password)).status).toBe(429);
  });
});

/** Moves a throttle row's times back by `ms`, as if that much time had passed. */
async function passTime(t: TestApp, key: string, ms: number): Promise<void> {
  const row = await t.db.selectFrom('throttle').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  const earlier = new Date(Date.parse(row.reset_at) - ms).toISOString();
  await t.db.updateTable('throttle').set({ reset_at: earlier }).where('key', '=', key).execute();
}

/** A sign-in sent from another loopback address (127.0.0.0/8 all reach the server), as another machine would. */
function signInFrom(
  t: TestApp,
  localAddress: string,
  email: string,
  password: string,
): Promise<{ status: number; cookie: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email, password });
    const req = http.request(
      new URL('/api/auth/sign-in/email', t.baseUrl),
      {
        method: 'POST',
        localAddress,
        headers: { origin: t.publicUrl, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: String(res.headers['set-cookie'] ?? '') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(dialects())('forgot-password throttling per address (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  it('answers 429 once one address has asked 100 times in the hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      statuses.push(
        (await t.api('POST', '/api/auth/request-password-reset', { body: { email: uniqueEmail('forgot') } })).status,
      );
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    const res = await t.api('POST', '/api/auth/request-password-reset', { body: { email: uniqueEmail('forgot') } });
    expect(res.status).toBe(429);
    expect(res.json.error.code).toBe('throttled');
  });
});
