import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUser } from '../../../server/core/users.js';
import { messages } from '../../../domain/messages.js';
import { ADMIN, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';

// A write with the session cookie, no Origin and a Referer from another site is refused on every
// route, as better-auth refuses it on its own (server/http/security.ts). Callers that send no Referer of another
// site keep working: the console's own pages (Referrer-Policy: no-referrer, and Origin on every write), tus uploads
// from the console's origin, the CLI and scripts (no Origin, no Referer). The storefront API, the one part called
// from other sites, only reads; the console has no incoming webhooks (receivers are called by it, not the other way).
const EVIL_PAGE = 'https://evil.example/x';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe.each(dialects())('a write with a foreign Referer and no Origin (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startApp({ dialect, env: { STOREFRONT_ENABLED: 'true' } });
    cookie = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => t?.close());

  /** Every /api route the app declares (its OpenAPI list), path parameters filled in, tus's own routes added. */
  const routes = () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const declared = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), route: path })));
    const tus = ['POST /api/uploads', 'PATCH /api/uploads/{*}', 'DELETE /api/uploads/{*}'].map((r) => {
      const [method, route] = r.split(' ') as [string, string];
      return { method, route };
    });
    const all = [
      ...declared,
      ...tus.filter((x) => !declared.some((d) => d.method === x.method && d.route === x.route)),
    ];
    return all.map((r) => ({ ...r, url: r.route.replace(/\{\*\}/g, 'x/y').replace(/\{[^}]+\}/g, 'x') }));
  };

  it('is refused on every write route: 403 cross_site', async () => {
    const writes = routes().filter((r) => WRITES.has(r.method));
    // The five the issue found open, among them: the list is the app's own, not a copy.
    for (const r of [
      'POST /api/products/bulk',
      'POST /api/views',
      'POST /api/suppliers',
      'DELETE /api/me/sessions/{id}',
      'POST /api/products/{id}/duplicate',
    ])
      expect(writes.map((w) => `${w.method} ${w.route}`)).toContain(r);
    const answers: string[] = [];
    for (const { method, route, url } of writes) {
      const res = await t.api(method, url, {
        cookie,
        origin: null,
        headers: { referer: EVIL_PAGE },
        body: method === 'DELETE' ? undefined : {},
      });
      answers.push(`${method} ${route} ${res.status} ${res.json?.error?.code ?? ''}`);
    }
    expect(answers.filter((a) => !a.endsWith(' 403 cross_site'))).toEqual([]);
    expect(answers.length).toBeGreaterThan(30);
  });

  it('is refused with a Referer that is not an address, and with a sibling of the console as Referer', async () => {
    for (const referer of ['not an address', 'http://shop.127.0.0.1/x', `${t.publicUrl.replace('http:', 'https:')}/`]) {
      const res = await t.api('PATCH', '/api/me', {
        cookie,
        origin: null,
        headers: { referer },
        body: { firstName: 'Mallory', lastName: 'Evil' },
      });
      expect(res.status, referer).toBe(403);
      expect(res.json).toEqual({ error: { code: 'cross_site', message: messages.errors.crossSite } });
    }
    expect((await findUser(t.db, (await t.api('GET', '/api/me', { cookie })).json.uid))!.firstName).toBe('Shop');
  });

  it("lets through the console's own Referer, and a client with neither Origin nor Referer (the CLI)", async () => {
    for (const referer of [`${t.publicUrl}/products`, undefined]) {
      const res = await t.api('PATCH', '/api/me', {
        cookie,
        origin: null,
        headers: referer ? { referer } : {},
        body: { firstName: 'Shop', lastName: 'Admin' },
      });
      expect(res.status, String(referer)).toBe(200);
    }
  });

  it("lets a tus upload start from the console's own page", async () => {
    const res = await t.api('POST', '/api/uploads', {
      cookie,
      origin: null,
      headers: {
        referer: `${t.publicUrl}/products/add`,
        'tus-resumable': '1.0.0',
        'upload-length': '3',
        'upload-metadata': `filename ${Buffer.from('a.jpg').toString('base64')}`,
      },
    });
    expect(res.json?.error?.code).toBeUndefined();
    expect(res.status).toBe(201);
  });

  it('has nothing to refuse on the storefront, which other sites call: it has no write route', async () => {
    const storefront = routes().filter((r) => r.route.startsWith('/api/public/'));
    expect(storefront.length).toBeGreaterThan(0);
    expect(storefront.filter((r) => WRITES.has(r.method))).toEqual([]);
  });
});
