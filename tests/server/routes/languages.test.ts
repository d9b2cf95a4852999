import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';

describe.each(dialects())('languages API (%s)', (dialect) => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    const u = await createUser(t, 'editor');
    editor = await signIn(t, u.email, u.password);
    const a = await createUser(t, 'admin');
    admin = await signIn(t, a.email, a.password);
  });
  afterAll(async () => t?.close());

  const get = (id: string) => t.api('GET', `/api/languages/${id}`, { cookie: editor });
  const put = (id: string, texts: unknown, version?: number, cookie = editor) =>
    t.api('PUT', `/api/languages/${id}`, {
      cookie,
      body: { texts },
      headers: version === undefined ? {} : { 'if-match': `"${version}"` },
    });

  it('serves the seeded English and Swedish records with their version', async () => {
    // A console of its own: the other tests of this file replace these records.
    const fresh = await startApp({ dialect });
    try {
      const user = await createUser(fresh, 'editor');
      const cookie = await signIn(fresh, user.email, user.password);
      for (const id of ['en', 'se']) {
        const res = await fresh.api('GET', `/api/languages/${id}`, { cookie });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ id, version: 1 });
        expect(Object.keys(res.json.texts).length).toBeGreaterThan(3);
        expect(res.headers.get('etag')).toBe('"1"');
      }
    } finally {
      await fresh.close();
    }
  });

  it('saves the whole map, booleans included, and hands it back exactly (an admin may leave keys out)', async () => {
    const before = (await get('se')).json;
    const texts = { heroTitle: 'Linne för livet', showBanner: true, legacy: false, 'Mixed Case Key': 'x' };
    const res = await put('se', texts, before.version, admin);
    expect(res.status).toBe(200);
    expect(res.json.version).toBe(before.version + 1);
    const after = await get('se');
    expect(after.json.texts).toEqual(texts);
  });

  it('refuses a stale version with 409 and overwrites nothing', async () => {
    const current = (await get('en')).json;
    expect((await put('en', { ...current.texts, a: 'first' }, current.version)).status).toBe(200);
    const stale = await put('en', { ...current.texts, a: 'second' }, current.version);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('conflict');
    expect((await get('en')).json.texts).toEqual({ ...current.texts, a: 'first' });
  });

  it('lets an editor add keys by saving but not leave any out: 403 naming them, nothing changed', async () => {
    const before = (await get('en')).json;
    const added = await put('en', { ...before.texts, addedBySave: 'Yes' }, before.version);
    expect(added.status).toBe(200);
    const current = added.json;
    const { addedBySave: _dropped, ...rest } = current.texts;
    const res = await put('en', { ...rest, other: 'new' }, current.version);
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({
      code: 'forbidden',
      message: 'Only an admin may remove keys. This save leaves out: addedBySave.',
    });
    expect((await get('en')).json).toEqual(current);
    const byAdmin = await put('en', rest, current.version, admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json.texts).toEqual(rest);
  });

  it('refuses a save without the version it was based on', async () => {
    const res = await put('en', { a: 'b' });
    expect(res.status).toBe(400);
  });

  it.each([
    ['an empty key', { '': 'x' }],
    ['a blank key', { '   ': 'x' }],
    ['a number value', { a: 1 }],
    ['a nested value', { a: { b: 'c' } }],
    ['a null value', { a: null }],
    ['a list instead of a map', ['a']],
    ['too large a map', Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'x'.repeat(9000)]))],
  ])('refuses %s with a clear message and changes nothing', async (_name, texts) => {
    const before = (await get('en')).json;
    const res = await put('en', texts, before.version);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBeTruthy();
    expect((await get('en')).json).toEqual(before);
  });

  it('knows only en and se', async () => {
    for (const id of ['fr', 'EN', 'x'.repeat(8)]) {
      const res = await get(id);
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
    expect((await put('fr', { a: 'b' }, 1)).status).toBe(404);
  });

  const expected = { anonymous: 401, inactive: 401, noRole: 403 } as const;
  it.each(Object.entries(expected))('refuses %s callers on every language route', async (kind, status) => {
    const { cookie } = await callerOf(t, kind as keyof typeof expected);
    expect((await t.api('GET', '/api/languages/en', { cookie })).status).toBe(status);
    expect(
      (await t.api('PUT', '/api/languages/en', { cookie, body: { texts: { a: 'b' } }, headers: { 'if-match': '"1"' } }))
        .status,
    ).toBe(status);
  });

  it('lets admins in (admins are editors too in the seed) and editors', async () => {
    const { cookie } = await callerOf(t, 'admin');
    expect((await t.api('GET', '/api/languages/se', { cookie })).status).toBe(200);
  });
});
