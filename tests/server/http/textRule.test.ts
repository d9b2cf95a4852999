import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import { ADMIN, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// The reproductions: each answered 500 on PostgreSQL (NUL in text, versions past its integer) before the rule.
describe.each(dialects())('one text rule and bounded numbers for every input (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let product: { id: string; version: number; name: string };
  beforeAll(async () => {
    t = await startApp({ dialect });
    cookie = await signIn(t, ADMIN.email, ADMIN.password);
    const me = (await t.api('GET', '/api/me', { cookie })).json;
    const images = [await storedImage(t, me.uid)];
    const body = {
      sku: 'TR-1',
      category: 'Linen',
      mc: 'Linen care',
      name: 'Towel',
      details: 'Soft',
      price: '99',
      active: true,
      images,
    };
    product = (await t.api('POST', '/api/products', { cookie, body })).json;
  });
  afterAll(async () => t?.close());

  const refused = (res: { status: number; json: { error?: { code?: string } } }) => {
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe('validation');
  };

  it.each([
    ['/api/auth/sign-in/email', { email: 'a\u0000@example.com', password: 'xxxxxxxxx' }],
    ['/api/auth/request-password-reset', { email: 'a\u0000@example.com' }],
    ['/api/auth/sign-in/email', { email: `${'a'.repeat(5000)}@example.com`, password: 'xxxxxxxxx' }],
    ['/api/auth/request-password-reset', { email: `${'a'.repeat(5000)}@example.com` }],
    ['/api/auth/sign-in/email', { email: 'a\u202e@example.com', password: 'xxxxxxxxx' }],
    ['/api/auth/sign-in/email', { email: 'a@example.com', password: 'x\ud800xxxxxxxx' }],
    ['/api/auth/reset-password', { token: 'abc\u0000', newPassword: 'long enough 1' }],
  ])('refuses %s with %j, without a session: 400', async (path, body) => {
    refused(await t.api('POST', path, { body }));
  });

  it.each([
    '/api/products?sku=%00',
    '/api/products/%00',
    '/api/users?email=%00',
    '/api/users/%00',
    '/api/languages/%00',
  ])('refuses GET %s: 400', async (path) => {
    refused(await t.api('GET', path, { cookie }));
  });

  it.each([
    ['a NUL', { firstName: 'Ev\u0000a', lastName: 'Berg' }],
    ['a lone surrogate', { firstName: 'Eva', lastName: 'Berg\udc00' }],
    ['a right-to-left override', { firstName: 'Eva\u202e', lastName: 'Berg' }],
    ['a line break', { firstName: 'Eva\nAdmin', lastName: 'Berg' }],
    ['a C1 control', { firstName: 'Eva\u0085', lastName: 'Berg' }],
  ])('refuses My Account with %s in a name and keeps the record', async (_name, body) => {
    const before = (await t.api('GET', '/api/me', { cookie })).json;
    const res = await t.api('PATCH', '/api/me', { cookie, body });
    refused(res);
    expect(res.json.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: expect.stringMatching(/control characters|surrogates/) }),
      ]),
    );
    expect((await t.api('GET', '/api/me', { cookie })).json).toEqual(before);
  });

  it('stores names in NFC, so the same name typed two ways is one name', async () => {
    const res = await t.api('PATCH', '/api/me', { cookie, body: { firstName: 'Rene\u0301', lastName: 'Berg' } });
    expect(res.status).toBe(200);
    expect(res.json.firstName).toBe('Ren\u00e9');
  });

  it.each(['"2147483648"', '"99999999999999999999"', '"-1"', '"1e3"', 'W/"2147483647"'])(
    'refuses a product edit with If-Match %s: 400, product unchanged',
    async (ifMatch) => {
      const res = await t.api('PATCH', `/api/products/${product.id}`, {
        cookie,
        body: { name: 'Changed' },
        headers: { 'if-match': ifMatch },
      });
      refused(res);
      expect(res.json.error.message).toBe(messages.errors.badVersion);
      expect((await t.api('GET', `/api/products/${product.id}`, { cookie })).json.name).toBe('Towel');
    },
  );

  it('refuses a language edit with an out-of-range If-Match: 400', async () => {
    refused(
      await t.api('PUT', '/api/languages/en', {
        cookie,
        body: { texts: { a: 'b' } },
        headers: { 'if-match': '"4294967296"' },
      }),
    );
  });

  it.each([
    ['a NUL in a key', { 'ke\u0000y': 'x' }],
    ['a NUL in a text', { key: 'te\u0000xt' }],
    ['a lone surrogate in a text', { key: '\ud83d' }],
    ['a bidi override in a key', { 'ke\u202ey': 'x' }],
  ])('refuses a language record with %s and keeps the record', async (_name, texts) => {
    const before = (await t.api('GET', '/api/languages/se', { cookie })).json;
    refused(
      await t.api('PUT', '/api/languages/se', {
        cookie,
        body: { texts },
        headers: { 'if-match': `"${before.version}"` },
      }),
    );
    expect((await t.api('GET', '/api/languages/se', { cookie })).json).toEqual(before);
  });

  it.each([
    ['a NUL in the SKU', { sku: 'AB\u0000C' }],
    ['a bidi isolate in the SKU', { sku: 'AB\u2066C' }],
    ['a lone surrogate in the details', { details: 'soft \udfff' }],
    ['a right-to-left override in the details', { details: '\u202Eabc' }],
    ['a right-to-left isolate in the Swedish details', { translations: { se: { details: 'ab\u2067c' } } }],
    ['a huge price number', { price: 1e308 }],
  ])('refuses a new product with %s and adds nothing', async (_name, over) => {
    const images = (await t.api('GET', `/api/products/${product.id}`, { cookie })).json.images;
    const body = {
      sku: 'TR-2',
      category: 'Cotton',
      mc: 'Cotton care',
      name: 'Sheet',
      details: 'Crisp',
      price: '199',
      active: true,
      images,
      ...over,
    };
    refused(await t.api('POST', '/api/products', { cookie, body }));
    const count = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it.each([
    ['suppliers', { name: 'Weaver', contactPerson: '', email: '', country: 'SE', notes: '\u202Eabc' }],
    ['careguides', { title: 'Wash', body: 'Cold\u202Eabc', fabric: 'linen', picture: [] }],
  ])('refuses a bidirectional control in the free text of %s, as in its lines', async (name, body) => {
    refused(await t.api('POST', `/api/${name}`, { cookie, origin: t.publicUrl, body }));
    expect((await t.api('GET', `/api/${name}?limit=5`, { cookie })).json.items).toEqual([]);
  });

  it('refuses page cursors that carry control characters or unpaired surrogates: 400', async () => {
    for (const key of ['\u0000', 'a\ud800', 'x'.repeat(300)]) {
      const after = Buffer.from(JSON.stringify([key, 'id']), 'utf8').toString('base64url');
      const res = await t.api('GET', `/api/products?after=${after}`, { cookie });
      refused(res);
      expect(res.json.error.message).toBe(messages.errors.badCursor);
    }
  });

  it.each(['/api/me', '/api/auth/sign-in/email', '/api/auth/request-password-reset', '/api/auth/sign-out'])(
    'refuses a body nested ten thousand levels deep on %s with 400, not a server error',
    async (path) => {
      const res = await fetch(`${t.baseUrl}${path}`, {
        method: path === '/api/me' ? 'PATCH' : 'POST',
        headers: { cookie, origin: t.publicUrl, 'content-type': 'application/json' },
        body: `{"email":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(messages.errors.tooDeep);
    },
  );
});
