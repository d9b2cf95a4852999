import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readActive } from '../../../server/core/appStatus.js';
import { findUser } from '../../../server/core/users.js';
import { messages } from '../../../domain/messages.js';
import {
  ADMIN,
  createUser,
  dialects,
  openEvents,
  sessionCookie,
  signIn,
  signInRaw,
  startApp,
  type TestApp,
} from '../helpers/index.js';

const EVIL = 'https://evil.example';

/** The directives of a Content-Security-Policy header, by name. */
const csp = (header: string | null): Map<string, string> =>
  new Map((header ?? '').split(';').map((d) => d.trim().split(/\s+(.*)/) as [string, string]));

describe.each(dialects())('cross-site request refusal (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let uid: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    cookie = await signIn(t, ADMIN.email, ADMIN.password);
    uid = (await t.api('GET', '/api/me', { cookie })).json.uid;
  });
  afterAll(async () => t?.close());

  const foreign: { name: string; headers: Record<string, string>; origin: string | null }[] = [
    { name: 'Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site' }, origin: null },
    {
      name: 'Sec-Fetch-Site: cross-site with our own Origin',
      headers: { 'sec-fetch-site': 'cross-site' },
      origin: 'self',
    },
    { name: 'a foreign Origin and no Sec-Fetch-Site', headers: {}, origin: EVIL },
    { name: 'Origin: null and no Sec-Fetch-Site', headers: {}, origin: 'null' },
    // A sibling subdomain of the console's host is same-site, and just as foreign.
    { name: 'Sec-Fetch-Site: same-site and no Origin', headers: { 'sec-fetch-site': 'same-site' }, origin: null },
    {
      name: "Sec-Fetch-Site: same-site and a sibling's Origin",
      headers: { 'sec-fetch-site': 'same-site' },
      origin: 'http://shop.127.0.0.1',
    },
  ];
  const calls: {
    name: string;
    method: string;
    path: string;
    body: unknown;
    unchanged: (t: TestApp) => Promise<void>;
  }[] = [
    {
      name: 'PATCH /api/me',
      method: 'PATCH',
      path: '/api/me',
      body: { firstName: 'Mallory', lastName: 'Evil' },
      unchanged: async (t) => expect((await findUser(t.db, uid))!.firstName).toBe('Shop'),
    },
    {
      name: 'PUT /api/app/status',
      method: 'PUT',
      path: '/api/app/status',
      body: { active: false },
      unchanged: async (t) => expect(await readActive(t.db)).toBe(true),
    },
    {
      name: 'POST /api/auth/sign-out',
      method: 'POST',
      path: '/api/auth/sign-out',
      body: {},
      unchanged: async (t) => expect((await t.api('GET', '/api/me', { cookie })).status).toBe(200),
    },
    {
      name: 'POST /api/uploads (tus)',
      method: 'POST',
      path: '/api/uploads',
      body: undefined,
      unchanged: async (t) =>
        expect(
          await t.db
            .selectFrom('files' as never)
            .selectAll()
            .execute(),
        ).toEqual([]),
    },
  ];
  const cases = calls.flatMap((c) => foreign.map((f) => ({ ...c, how: f.name, headers: f.headers, origin: f.origin })));

  it.each(cases)(
    'refuses $name with $how: 403 cross_site, nothing changed',
    async ({ method, path, body, headers, origin, unchanged }) => {
      const res = await t.api(method, path, {
        cookie,
        body,
        headers,
        origin: origin === 'self' ? t.publicUrl : origin,
      });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: { code: 'cross_site', message: messages.errors.crossSite } });
      await unchanged(t);
    },
  );

  it('refuses a cross-site sign-in without setting a cookie', async () => {
    const res = await signInRaw(t, ADMIN.email, ADMIN.password, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(sessionCookie(res.headers)).toBeUndefined();
  });

  it.each([
    ['Sec-Fetch-Site: same-origin and our Origin', { 'sec-fetch-site': 'same-origin' }, 'self'],
    ['our Origin and no Sec-Fetch-Site', {}, 'self'],
    ['neither header (a script, not a browser)', {}, null],
  ] as const)('allows a same-origin change with %s', async (_name, headers, origin) => {
    const firstName = `Shop${Math.random().toString(36).slice(2, 6)}`;
    const res = await t.api('PATCH', '/api/me', {
      cookie,
      headers,
      origin: origin && t.publicUrl,
      body: { firstName, lastName: 'Admin' },
    });
    expect(res.status).toBe(200);
    expect((await findUser(t.db, uid))!.firstName).toBe(firstName);
    await t.api('PATCH', '/api/me', { cookie, body: { firstName: 'Shop', lastName: 'Admin' } });
  });

  it('lets safe methods through whatever the site', async () => {
    const res = await t.api('GET', '/api/me', { cookie, headers: { 'sec-fetch-site': 'cross-site', origin: EVIL } });
    expect(res.status).toBe(200);
  });
});

describe.each(dialects())('security headers over http (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  it.each(['/api/health', '/api/no-such-route', '/reset-password'])(
    'sends CSP, nosniff and no HSTS on %s',
    async (path) => {
      const res = await t.api('GET', path);
      const policy = csp(res.headers.get('content-security-policy'));
      expect(policy.get('object-src')).toBe("'none'");
      expect(policy.get('base-uri')).toBe("'none'");
      expect(policy.get('frame-ancestors')).toBe("'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('sends them on the event stream too', async () => {
    const events = await openEvents(t.baseUrl);
    try {
      expect(events.headers['x-content-type-options']).toBe('nosniff');
      expect(csp(String(events.headers['content-security-policy'])).get('object-src')).toBe("'none'");
      expect(events.headers['x-frame-options']).toBe('DENY');
      expect(events.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(events.headers['referrer-policy']).toBe('no-referrer');
      expect(events.headers['cache-control']).toBe('no-store');
    } finally {
      events.close();
    }
  });

  it('names the cookie without the __Host- prefix and without Secure', async () => {
    const user = await createUser(t, 'noRole');
    const cookie = sessionCookie((await signInRaw(t, user.email, user.password)).headers)!;
    expect(cookie.name).toBe('console.session_token');
    expect(cookie.attributes.secure).toBeUndefined();
  });
});

describe.each(dialects())('behind https: PUBLIC_URL=https://… (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The test still talks plain http to 127.0.0.1, as a TLS-terminating proxy would.
    t = await startApp({ dialect, env: { PUBLIC_URL: 'https://console.test' } });
  });
  afterAll(async () => t?.close());

  it('sends Strict-Transport-Security, on the event stream too', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const events = await openEvents(t.baseUrl);
    try {
      expect(String(events.headers['strict-transport-security'])).toMatch(/^max-age=\d{7,}/);
    } finally {
      events.close();
    }
  });

  it('sets a __Host- session cookie: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain — and it works', async () => {
    const user = await createUser(t, 'noRole');
    const res = await signInRaw(t, user.email, user.password);
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers)!;
    expect(cookie.name).toBe('__Host-console.session_token');
    expect(cookie.attributes).toMatchObject({ secure: true, httponly: true, path: '/' });
    expect(String(cookie.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie.attributes.domain).toBeUndefined();
    const header = `${cookie.name}=${cookie.value}`;
    expect((await t.api('GET', '/api/me', { cookie: header })).json.email).toBe(user.email);
    expect((await t.api('POST', '/api/auth/sign-out', { cookie: header, body: {} })).status).toBe(200);
    expect((await t.api('GET', '/api/me', { cookie: header })).status).toBe(401);
  });

  it('treats the plain-http origin of the public host as foreign', async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password);
    const res = await t.api('PUT', '/api/app/status', {
      cookie,
      origin: 'http://console.test',
      body: { active: false },
    });
    expect(res.json.error.code).toBe('cross_site');
    expect(res.status).toBe(403);
    expect(await readActive(t.db)).toBe(true);
  });
});
