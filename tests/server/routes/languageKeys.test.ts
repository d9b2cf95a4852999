import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';

type Id = 'en' | 'se';
interface Record_ {
  id: Id;
  texts: Record<string, string | boolean>;
  version: number;
}

describe.each(dialects())('language keys: added to both records, removed from both (%s)', (dialect) => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    const e = await createUser(t, 'editor');
    editor = await signIn(t, e.email, e.password);
    const a = await createUser(t, 'admin');
    admin = await signIn(t, a.email, a.password);
  });
  afterAll(async () => t?.close());

  const fresh = (tag = 'key'): string => `${tag}${randomBytes(3).toString('hex')}`;
  const get = async (id: Id): Promise<Record_> => (await t.api('GET', `/api/languages/${id}`, { cookie: editor })).json;
  const both = async (): Promise<Record<Id, Record_>> => ({ en: await get('en'), se: await get('se') });
  const keyPath = (id: string, key: string): string => `/api/languages/${id}/keys/${encodeURIComponent(key)}`;
  const add = (id: string, key: string, value: unknown, version: number | null, cookie = editor) =>
    t.api('PUT', keyPath(id, key), {
      cookie,
      body: { value },
      headers: version === null ? {} : { 'if-match': `"${version}"` },
    });
  const remove = (id: string, key: string, version: number | null, cookie = admin) =>
    t.api('DELETE', keyPath(id, key), { cookie, headers: version === null ? {} : { 'if-match': `"${version}"` } });

  it('adds a key with its text to the record it is added from and empty to the other, both versions up', async () => {
    const before = await both();
    const key = fresh('Summer Sale/');
    const res = await add('se', key, 'Sommarrea', before.se.version);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: 'se', version: before.se.version + 1 });
    expect(res.json.texts[key]).toBe('Sommarrea');
    expect(res.headers.get('etag')).toBe(`"${before.se.version + 1}"`);
    const after = await both();
    expect(after.se.texts).toEqual({ ...before.se.texts, [key]: 'Sommarrea' });
    expect(after.en.texts).toEqual({ ...before.en.texts, [key]: '' });
    expect(after.en.version).toBe(before.en.version + 1);
  });

  it('adds a boolean as a boolean', async () => {
    const before = await get('en');
    const key = fresh('show');
    expect((await add('en', key, false, before.version)).status).toBe(200);
    expect((await get('en')).texts[key]).toBe(false);
  });

  it('leaves an editor open on either language with the stale message on their next save', async () => {
    const before = await both();
    expect((await add('en', fresh(), 'New', before.en.version)).status).toBe(200);
    for (const id of ['en', 'se'] as const) {
      const res = await t.api('PUT', `/api/languages/${id}`, {
        cookie: editor,
        body: { texts: { ...before[id].texts } },
        headers: { 'if-match': `"${before[id].version}"` },
      });
      expect(res.status).toBe(409);
      expect(res.json.error.message).toMatch(/changed by someone else meanwhile/);
    }
  });

  it('refuses a key either record has, with a clear message, and changes nothing', async () => {
    const before = await both();
    const onlySe = fresh('onlySe');
    const put = await t.api('PUT', '/api/languages/se', {
      cookie: editor,
      body: { texts: { ...before.se.texts, [onlySe]: 'Bara här' } },
      headers: { 'if-match': `"${before.se.version}"` },
    });
    expect(put.status).toBe(200);
    const now = await both();
    for (const key of [Object.keys(now.en.texts)[0]!, onlySe]) {
      const res = await add('en', key, 'Again', now.en.version);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe('A key with this name already exists.');
      expect(res.json.error.details).toEqual([{ path: '/key', message: 'A key with this name already exists.' }]);
    }
    expect(await both()).toEqual(now);
  });

  it('refuses a stale or missing version (409, 400) and changes nothing', async () => {
    const before = await both();
    expect((await add('en', fresh(), 'x', before.en.version - 1)).status).toBe(409);
    expect((await add('en', fresh(), 'x', null)).status).toBe(400);
    expect((await remove('en', Object.keys(before.en.texts)[0]!, before.en.version - 1)).status).toBe(409);
    expect((await remove('en', Object.keys(before.en.texts)[0]!, null)).status).toBe(400);
    expect(await both()).toEqual(before);
  });

  const raw = (id: string, encodedKey: string, body: unknown, version: number) =>
    t.api('PUT', `/api/languages/${id}/keys/${encodedKey}`, {
      cookie: editor,
      body,
      headers: { 'if-match': `"${version}"` },
    });
  it.each([
    ['a NUL byte in the key', 'a%00b', { value: 'x' }, 400],
    ['a lone surrogate in the key', 'a%ED%A0%80b', { value: 'x' }, 400],
    ['a line break in the key', 'a%0Ab', { value: 'x' }, 400],
    ['a direction override in the key', 'a%E2%80%AEb', { value: 'x' }, 400],
    ['a blank key', '%20%20', { value: 'x' }, 400],
    ['an over-long key (201 characters)', 'k'.repeat(201), { value: 'x' }, 400],
    ['an over-long key of two-byte letters', encodeURIComponent('ä'.repeat(201)), { value: 'x' }, 400],
    ['a NUL byte in the text', 'fine', { value: 'a\u0000b' }, 400],
    ['a lone surrogate in the text', 'fine', { value: 'a\ud800b' }, 400],
    ['an empty text', 'fine', { value: '' }, 400],
    ['a blank text', 'fine', { value: '   ' }, 400],
    ['a number', 'fine', { value: 1 }, 400],
    ['no text', 'fine', {}, 400],
    ['an extra field', 'fine', { value: 'x', other: 'y' }, 400],
    ['an over-long text', 'fine', { value: 'x'.repeat(10_001) }, 400],
    ['an unknown language', 'fine', { value: 'x' }, 404],
  ])('refuses %s and changes neither record', async (name, encodedKey, body, status) => {
    const before = await both();
    const id = name === 'an unknown language' ? 'fr' : 'en';
    const res = await raw(id, encodedKey, body, before.en.version);
    expect(res.status).toBe(status);
    // A percent-encoding that is not UTF-8 (the lone surrogate) is refused by Fastify's router, in its own shape.
    expect(res.json.error?.message ?? res.json.message).toBeTruthy();
    expect(await both()).toEqual(before);
  });

  it('takes a key of exactly 200 characters, any letters, stored as typed (NFC)', async () => {
    const before = await get('en');
    const key = `${'å'.repeat(190)}${fresh('').padEnd(10, 'x')}`;
    expect(key).toHaveLength(200);
    const res = await add('en', key.normalize('NFD'), 'Long', before.version);
    expect(res.status).toBe(200);
    expect((await get('en')).texts[key]).toBe('Long');
    expect((await get('se')).texts[key]).toBe('');
  });

  it('rolls both back when the other record would grow past its limit', async () => {
    const before = await both();
    // Fill Swedish to just under 256 KB, so the empty key added to it tips it over while English takes it.
    const filler = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`fill${i}`, 'x'.repeat(9_900)]));
    const base = { ...before.se.texts, ...filler };
    const room = 256 * 1024 - JSON.stringify(base).length - 12;
    const texts = { ...base, pad: 'y'.repeat(room) };
    const put = await t.api('PUT', '/api/languages/se', {
      cookie: admin,
      body: { texts },
      headers: { 'if-match': `"${before.se.version}"` },
    });
    expect(put.status, put.text).toBe(200);
    const full = await both();
    const res = await add('en', fresh('tips'), 'Over', full.en.version);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/too large/);
    expect(await both()).toEqual(full);
    // Put Swedish back as it was, for the tests after this one.
    await t.api('PUT', '/api/languages/se', {
      cookie: admin,
      body: { texts: before.se.texts },
      headers: { 'if-match': `"${full.se.version}"` },
    });
  });

  it('lets an admin remove a key from both records at once, both versions up', async () => {
    const start = await get('se');
    const key = fresh('gone');
    expect((await add('se', key, 'Borta', start.version)).status).toBe(200);
    const before = await both();
    const res = await remove('en', key, before.en.version);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: 'en', version: before.en.version + 1 });
    const after = await both();
    expect(key in after.en.texts || key in after.se.texts).toBe(false);
    expect(after.se.version).toBe(before.se.version + 1);
    expect(Object.keys(after.se.texts)).toHaveLength(Object.keys(before.se.texts).length - 1);
  });

  it('refuses an editor the removal (403) and a key neither record has (404), changing nothing', async () => {
    const before = await both();
    const key = Object.keys(before.en.texts)[0]!;
    const res = await remove('en', key, before.en.version, editor);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden');
    const none = await remove('en', fresh('none'), before.en.version);
    expect(none.status).toBe(404);
    expect(none.json.error.message).toBe('No such key.');
    expect(await both()).toEqual(before);
  });

  it("answers a Swedish console's refusals in Swedish", async () => {
    const before = await both();
    const sv = (version: number) => ({ 'accept-language': 'sv', 'if-match': `"${version}"` });
    const key = Object.keys(before.en.texts)[0]!;
    const dup = await t.api('PUT', keyPath('en', key), {
      cookie: editor,
      body: { value: 'x' },
      headers: sv(before.en.version),
    });
    expect(dup.json.error.message).toBe('Det finns redan en nyckel med det här namnet.');
    const { [key]: _left, ...rest } = before.en.texts;
    const drop = await t.api('PUT', '/api/languages/en', {
      cookie: editor,
      body: { texts: rest },
      headers: sv(before.en.version),
    });
    expect(drop.status).toBe(403);
    expect(drop.json.error.message).toBe(
      `Bara en administratör får ta bort nycklar. Den här sparningen utelämnar: ${key}.`,
    );
    expect(await both()).toEqual(before);
  });
});
