import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { KINDS, callerOf, dialects, startApp, type Kind, type TestApp } from '../helpers/index.js';
import { servedResources } from '../../../server/resources.js';
import { languageRows, MATRIX_METRICS_TOKEN, metricsRows, recordRows, type MatrixRow } from '../helpers/matrix.js';

type Row = MatrixRow;

/** A tus upload id that exists nowhere. */
const UPLOAD_ID = '0123456789abcdef0123456789abcdef';

// prettier-ignore
const MATRIX: Row[] = [
  // route                         url, body                                      expected
  // expected: anon inact noRole editor admin
  { route: 'GET /api/health',      url: '/api/health',                            expected: [200, 200, 200, 200, 200] },
  { route: 'GET /api/ready',       url: '/api/ready',                             expected: [200, 200, 200, 200, 200] },
  { route: 'GET /api/auth/{*}',    url: '/api/auth/get-session',                  expected: [200, 200, 200, 200, 200] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/request-password-reset',
                                   body: { email: 'nobody@test.local' },          expected: [200, 200, 200, 200, 200] },
  { route: 'GET /api/me',          url: '/api/me',                                expected: [401, 401, 200, 200, 200] },
  // The dashboard's figures: any signed-in user; each part only to its role (tests/server/routes/dashboard.test.ts).
  { route: 'GET /api/dashboard',   url: '/api/dashboard',                         expected: [401, 401, 200, 200, 200] },
  { route: 'GET /api/dashboard/events', url: '/api/dashboard/events',             expected: [401, 401, 200, 200, 200] },
  { route: 'PATCH /api/me',        url: '/api/me',
                                   body: { firstName: 'Same', lastName: 'Name' }, expected: [401, 401, 200, 200, 200] },
  // better-auth's session routes under the catch-all: an active signed-in user only; the library's answers.
  // Its session list and end-one-session deal in tokens, which the page never sees: not served.
  { route: 'GET /api/auth/{*}',    url: '/api/auth/list-accounts',                expected: [401, 401, 200, 200, 200] },
  { route: 'GET /api/auth/{*}',    url: '/api/auth/list-sessions',                expected: [404, 404, 404, 404, 404] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/revoke-session',
                                   body: { token: 'no-such-token' },              expected: [404, 404, 404, 404, 404] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/change-password',
    body: { currentPassword: 'not it 123', newPassword: 'a new password' },       expected: [401, 401, 400, 400, 400] },
  // better-auth's passkey routes: the sign-in ceremony is public, the rest an active signed-in user's own.
  // Without the challenge cookie a registration or sign-in answer is refused (400) after the guard; no such passkey is
  // 404.
  { route: 'GET /api/auth/{*}',
    url: '/api/auth/passkey/generate-authenticate-options',                       expected: [200, 200, 200, 200, 200] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/passkey/verify-authentication',
    body: { response: { id: 'no-such-credential' } },                             expected: [400, 400, 400, 400, 400] },
  { route: 'GET /api/auth/{*}',
    url: '/api/auth/passkey/generate-register-options',                           expected: [401, 401, 200, 200, 200] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/passkey/verify-registration',
    body: { response: { id: 'no-such-credential' } },                             expected: [401, 401, 400, 400, 400] },
  { route: 'GET /api/auth/{*}',    url: '/api/auth/passkey/list-user-passkeys',   expected: [401, 401, 200, 200, 200] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/passkey/update-passkey',
    body: { id: 'no-such-passkey', name: 'Laptop' },                              expected: [401, 401, 404, 404, 404] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/passkey/delete-passkey',
                                   body: { id: 'no-such-passkey' },               expected: [401, 401, 404, 404, 404] },
  // Two-factor sign-in, better-auth's plugin under the catch-all: set-up and turning off need an
  // active signed-in user and the password (a wrong one here: 400); the codes of a sign-in's second step are open,
  // and without a pending sign-in they are refused (401 INVALID_TWO_FACTOR_COOKIE). Mailed codes are not served.
  { route: 'GET /api/me/two-factor', url: '/api/me/two-factor',                   expected: [401, 401, 200, 200, 200] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/two-factor/enable',
                                   body: { password: 'not it 123' },              expected: [401, 401, 400, 400, 400] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/two-factor/disable',
                                   body: { password: 'not it 123' },              expected: [401, 401, 400, 400, 400] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/two-factor/get-totp-uri',
                                   body: { password: 'not it 123' },              expected: [401, 401, 400, 400, 400] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/two-factor/generate-backup-codes',
                                   body: { password: 'not it 123' },              expected: [401, 401, 400, 400, 400] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/two-factor/verify-totp',
    body: { code: '000000' }, refusal: 'INVALID_TWO_FACTOR_COOKIE',               expected: [401, 401, 400, 400, 400] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/two-factor/verify-backup-code',
    body: { code: 'aaaaa-bbbbb' }, refusal: 'INVALID_TWO_FACTOR_COOKIE',          expected: [401, 401, 400, 400, 400] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/two-factor/send-otp',
                                   body: {},                                      expected: [404, 404, 404, 404, 404] },
  { route: 'POST /api/auth/{*}',   url: '/api/auth/two-factor/verify-otp',
                                   body: { code: '000000' },                      expected: [404, 404, 404, 404, 404] },
  // Account Settings → Sessions (own sessions by id) and an admin's 'Sign out everywhere' on Edit User.
  { route: 'GET /api/me/sessions', url: '/api/me/sessions',                       expected: [401, 401, 200, 200, 200] },
  { route: 'DELETE /api/me/sessions/{id}',
                                   url: '/api/me/sessions/no-such-session',       expected: [401, 401, 404, 404, 404] },
  { route: 'DELETE /api/users/{id}/sessions',
                                   url: '/api/users/no-such-user/sessions',       expected: [401, 401, 403, 403, 404] },
  { route: 'GET /api/app/status',  url: '/api/app/status',                        expected: [200, 200, 200, 200, 200] },
  { route: 'PUT /api/app/status',  url: '/api/app/status',
                                   body: { active: true },                        expected: [401, 401, 403, 403, 200] },
  { route: 'GET /api/app/status/events', url: '/api/app/status/events',           expected: [200, 200, 200, 200, 200] },
  { route: 'GET /api/users',       url: '/api/users',                             expected: [401, 401, 403, 403, 200] },
  { route: 'POST /api/users',      url: '/api/users', body: {},                   expected: [401, 401, 403, 403, 400] },
  { route: 'GET /api/users/newest', url: '/api/users/newest',                     expected: [401, 401, 403, 403, 200] },
  { route: 'GET /api/users/{id}',  url: '/api/users/no-such-user',                expected: [401, 401, 403, 403, 404] },
  { route: 'PATCH /api/users/{id}', url: '/api/users/no-such-user',
                                   body: { active: true },                        expected: [401, 401, 403, 403, 404] },
  { route: 'GET /api/products',    url: '/api/products',                          expected: [401, 401, 403, 200, 200] },
  { route: 'POST /api/products',   url: '/api/products', body: {},                expected: [401, 401, 403, 400, 400] },
  { route: 'GET /api/products/{id}', url: '/api/products/no-such-id',             expected: [401, 401, 403, 404, 404] },
  { route: 'PATCH /api/products/{id}', url: '/api/products/no-such-id', body: {}, expected: [401, 401, 403, 400, 400] },
  { route: 'POST /api/products/import', url: '/api/products/import', body: {},    expected: [401, 401, 403, 400, 400] },
  // Duplicate copies an existing product's images (a missing one is 404 past the guard); the shop's time zone.
  { route: 'POST /api/products/{id}/duplicate',
                                   url: '/api/products/no-such-id/duplicate',     expected: [401, 401, 403, 404, 404] },
  // 'Used by' of a product (a missing one is 404 past the guard), as a described record's.
  { route: 'GET /api/products/{id}/usedby',
                                   url: '/api/products/no-such-id/usedby',        expected: [401, 401, 403, 404, 404] },
  { route: 'GET /api/schedule',    url: '/api/schedule',                          expected: [401, 401, 403, 200, 200] },
  // Bulk edit: the ids of a filtered list, the change, and the Undo of a batch (none with this id).
  { route: 'GET /api/products/ids', url: '/api/products/ids?category=Linen',      expected: [401, 401, 403, 200, 200] },
  { route: 'POST /api/products/bulk', url: '/api/products/bulk', body: {},        expected: [401, 401, 403, 400, 400] },
  { route: 'POST /api/products/bulk/{batch}/undo',
    url: '/api/products/bulk/00000000-0000-4000-8000-000000000000/undo',          expected: [401, 401, 403, 404, 404] },
  { route: 'POST /api/uploads',    url: '/api/uploads',                           expected: [401, 401, 403, 412, 412] },
  { route: 'HEAD /api/uploads',    url: '/api/uploads',                           expected: [401, 401, 403, 404, 404] },
  { route: 'PATCH /api/uploads',   url: '/api/uploads',                           expected: [401, 401, 403, 404, 404] },
  { route: 'DELETE /api/uploads',  url: '/api/uploads',                           expected: [401, 401, 403, 404, 404] },
  { route: 'OPTIONS /api/uploads', url: '/api/uploads',                           expected: [401, 401, 403, 204, 204] },
  { route: 'POST /api/uploads/{*}', url: `/api/uploads/${UPLOAD_ID}`,             expected: [401, 401, 403, 412, 412] },
  { route: 'HEAD /api/uploads/{*}', url: `/api/uploads/${UPLOAD_ID}`,             expected: [401, 401, 403, 404, 404] },
  { route: 'PATCH /api/uploads/{*}', url: `/api/uploads/${UPLOAD_ID}`,            expected: [401, 401, 403, 404, 404] },
  { route: 'DELETE /api/uploads/{*}', url: `/api/uploads/${UPLOAD_ID}`,           expected: [401, 401, 403, 404, 404] },
  { route: 'OPTIONS /api/uploads/{*}', url: `/api/uploads/${UPLOAD_ID}`,          expected: [401, 401, 403, 204, 204] },
  // The change history: each record's history open to the area that edits it, Activity to admins, undo to editors.
  { route: 'GET /api/products/{id}/history',
                                   url: '/api/products/no-such-id/history',       expected: [401, 401, 403, 200, 200] },
  { route: 'GET /api/users/{id}/history', url: '/api/users/no-such-user/history', expected: [401, 401, 403, 403, 200] },
  { route: 'GET /api/languages/{id}/history', url: '/api/languages/en/history',   expected: [401, 401, 403, 200, 200] },
  { route: 'GET /api/history',     url: '/api/history',                           expected: [401, 401, 403, 403, 200] },
  // No If-Match: refused (400) once past the access guard, so the row changes nothing.
  { route: 'POST /api/history/{entry}/undo', url: '/api/history/1/undo',          expected: [401, 401, 403, 400, 400] },
  { route: 'POST /api/products/history/{entry}/undo',
                                   url: '/api/products/history/1/undo',           expected: [401, 401, 403, 400, 400] },
  // The storefront's feed (on in this suite) is public; a disabled or unknown SKU is 404 for everyone.
  { route: 'GET /api/public/products', url: '/api/public/products',               expected: [200, 200, 200, 200, 200] },
  { route: 'GET /api/public/products/{sku}',
                                   url: '/api/public/products/NO-SUCH-SKU',       expected: [404, 404, 404, 404, 404] },
  { route: 'GET /api/public/texts/{id}', url: '/api/public/texts/se',             expected: [200, 200, 200, 200, 200] },
  { route: 'GET /api/public/images/{name}', url: '/api/public/images/none.jpg',   expected: [404, 404, 404, 404, 404] },
  // Saved views of the lists that keep them (editors read them all); removing another's view is refused past the guard.
  { route: 'GET /api/views',       url: '/api/views',                             expected: [401, 401, 403, 200, 200] },
  { route: 'POST /api/views',      url: '/api/views',
                                   body: { name: ' ', params: {} },               expected: [401, 401, 403, 400, 400] },
  { route: 'DELETE /api/views/{id}', url: '/api/views/no-such-id',                expected: [401, 401, 403, 404, 404] },
  // Settings → Webhooks: admins only.
  { route: 'GET /api/webhooks',    url: '/api/webhooks',                          expected: [401, 401, 403, 403, 200] },
  { route: 'POST /api/webhooks',   url: '/api/webhooks',
                                   body: { url: 'ftp://x' },                      expected: [401, 401, 403, 403, 400] },
  { route: 'DELETE /api/webhooks/{id}', url: '/api/webhooks/no-such-id',          expected: [401, 401, 403, 403, 404] },
  { route: 'GET /api/webhook-deliveries', url: '/api/webhook-deliveries',         expected: [401, 401, 403, 403, 200] },
  { route: 'POST /api/webhook-deliveries', url: '/api/webhook-deliveries',
                                   body: { webhookId: 'no-such-id' },             expected: [401, 401, 403, 403, 404] },
  // The language routes' rows, from the area's and the key removal's access levels.
  ...languageRows(),
  // Each described resource's rows, from its access levels: a new one needs no line here.
  ...servedResources.flatMap((r) => recordRows(r, 'feed on')),
];

const cases = MATRIX.flatMap((row) => KINDS.map((kind, i) => ({ ...row, kind, status: row.expected[i]! })));
const metricsCases = metricsRows.flatMap((row) =>
  KINDS.map((kind, i) => ({ ...row, kind, status: row.expected[i]!, given: row.token ? 'a token' : 'no token' })),
);

describe.each(dialects())('who may call what: the /api permission matrix (%s)', (dialect) => {
  let t: TestApp;
  const cookies = new Map<Kind, string | undefined>();
  beforeAll(async () => {
    t = await startApp({ dialect, env: { STOREFRONT_ENABLED: 'true', METRICS_TOKEN: MATRIX_METRICS_TOKEN } });
    for (const kind of KINDS) cookies.set(kind, (await callerOf(t, kind)).cookie);
  });
  afterAll(async () => t?.close());

  it('covers every /api route the app declares', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const declared = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(new Set(MATRIX.map((r) => r.route))).toEqual(new Set(declared));
    // Outside /api, with rows of its own below.
    expect(t.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(true);
  });

  it.each(metricsCases)('$route as $kind with $given ($token) → $status', async ({ url, token, kind, status }) => {
    const headers: Record<string, string> = {};
    const cookie = cookies.get(kind);
    if (cookie) headers.cookie = cookie;
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(new URL(url, t.baseUrl), { headers });
    const text = await res.text();
    expect(res.status, text).toBe(status);
    if (status === 401) expect(JSON.parse(text).error.code).toBe('unauthenticated');
    else expect(text).toContain('# TYPE console_http_requests_total counter');
  });

  it.each(cases)('$route ($url) as $kind → $status', async ({ route, url, body, kind, status, refusal }) => {
    const method = route.split(' ')[0]!;
    const headers: Record<string, string> = { origin: t.publicUrl };
    const cookie = cookies.get(kind);
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(url, t.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // The event stream stays open: read the status, then let go of it.
    const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await res.text();
    await res.body?.cancel().catch(() => undefined);
    expect(res.status, text).toBe(status);
    // HEAD answers carry no body to read the code from.
    if (status === 401 && text) expect(JSON.parse(text).error.code).toBe(refusal ?? 'unauthenticated');
    if (status === 403 && text) expect(JSON.parse(text).error.code).toBe('forbidden');
  });
});

describe('a route that does not declare who may call it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'console-guard-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops the server from starting, while declared /api routes and undeclared non-/api routes are fine', async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'a@test.local',
      ADMIN_PASSWORD: 'a password 1',
    });
    const { app } = await buildApp(config, { logger: false });
    try {
      app.get('/api/declared', { config: { access: 'admin' } }, async () => ({ ok: true }));
      app.get('/not-api', async () => ({ ok: true }));
      const undeclared = async (): Promise<void> => {
        app.get('/api/undeclared', async () => ({ ok: true }));
        await app.ready();
      };
      await expect(undeclared()).rejects.toThrow('GET /api/undeclared does not declare who may call it');
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
