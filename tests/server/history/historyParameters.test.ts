import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import { callerOf, dialects, startApp, type TestApp } from '../helpers/index.js';

// Activity and the History panels refuse a query parameter they do not know, naming it, as every list does
// (routes/pages.ts): `actor` is not Activity's person filter, and a misspelt filter must not answer everything.
describe.each(dialects())('the history lists’ query parameters (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let uid: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    const caller = await callerOf(t, 'admin');
    admin = caller.cookie!;
    uid = caller.user!.uid;
  });
  afterAll(async () => t?.close());

  const refused = async (path: string, name: string) => {
    for (const [lang, said] of [
      ['en', messages.errors],
      ['sv', sv.errors],
    ] as const) {
      const res = await t.api('GET', path, { cookie: admin, headers: { 'accept-language': lang } });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      const message = format(said.unknownParameter, { name });
      expect(res.json.error).toEqual({ code: 'validation', message, details: [{ path: `/${name}`, message }] });
    }
  };

  it('refuses a parameter Activity does not know, and takes every one it does', async () => {
    await refused('/api/history?unknown=1', 'unknown');
    await refused(`/api/history?actor=%27`, 'actor');
    await refused('/api/history?limit=3&Kind=product', 'Kind');
    const known = `person=${uid}&kind=account&action=signedIn&from=2020-01-01&to=2099-12-31&limit=3`;
    expect((await t.api('GET', `/api/history?${known}`, { cookie: admin })).status).toBe(200);
  });

  it('refuses one a History panel does not know', async () => {
    await refused(`/api/users/${uid}/history?person=${uid}`, 'person');
    await refused('/api/suppliers/x/history?bogus=1', 'bogus');
    expect((await t.api('GET', `/api/users/${uid}/history?limit=2`, { cookie: admin })).status).toBe(200);
  });
});
