import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaAccess } from '../../../domain/permissions.js';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import { suppliers } from '../../fixtures/suppliers.js';
import { KINDS, callerOf, dialects, startApp, type Kind, type TestApp } from '../helpers/index.js';
import { recordRows } from '../helpers/matrix.js';

// A throwaway resource registered from its description alone: its table, routes, access rows and rules.
const supplier = (n: number) => ({ code: `S-${String(n).padStart(3, '0')}`, name: `Supplier ${n}`, email: `s${n}@example.com`, leadDays: n, active: n % 2 === 0 });

describe.each(dialects())('a simple resource from its description alone (%s)', (dialect) => {
  let t: TestApp;
  const cookies = new Map<Kind, string | undefined>();
  let editor: string;
  beforeAll(async () => {
    t = await startApp({ dialect, build: { records: [suppliers] } });
    for (const kind of KINDS) cookies.set(kind, (await callerOf(t, kind)).cookie);
    editor = cookies.get('editor')!;
  });
  afterAll(async () => t?.close());

  it('declares its four routes, each open to its area only', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const declared = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/suppliers'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const rows = recordRows('suppliers', areaAccess[suppliers.area]);
    expect(new Set(declared)).toEqual(new Set(rows.map((r) => r.route)));
    for (const row of rows) {
      for (const [i, kind] of KINDS.entries()) {
        const res = await t.api(row.route.split(' ')[0]!, row.url, { cookie: cookies.get(kind), body: row.body, origin: t.publicUrl });
        expect(res.status, `${row.route} as ${kind}`).toBe(row.expected[i]);
      }
    }
  });

  it('adds, lists in its order ten at a time with a cursor, and finds by its search field exactly', async () => {
    for (const n of [12, 3, 7, 1, 10, 5, 8, 2, 11, 4, 9, 6]) {
      const res = await t.api('POST', '/api/suppliers', { cookie: editor, body: supplier(n), origin: t.publicUrl });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ ...supplier(n), version: 1, updated: null });
      expect(res.headers.get('etag')).toBe('"1"');
    }
    const first = await t.api('GET', '/api/suppliers', { cookie: editor });
    expect(first.json.items.map((s: { code: string }) => s.code)).toEqual(Array.from({ length: 10 }, (_, i) => supplier(i + 1).code));
    const second = await t.api('GET', `/api/suppliers?after=${first.json.next}`, { cookie: editor });
    expect(second.json).toMatchObject({ items: [{ code: 'S-011' }, { code: 'S-012' }], next: null });
    expect(second.json.items[1]).toMatchObject({ leadDays: 12, active: true });

    expect((await t.api('GET', '/api/suppliers?code=S-007', { cookie: editor })).json.items).toMatchObject([{ name: 'Supplier 7' }]);
    expect((await t.api('GET', '/api/suppliers?code=S-00', { cookie: editor })).json.items).toEqual([]);
  });

  it('refuses a duplicate of a unique field, naming it, in the caller’s language', async () => {
    await t.api('POST', '/api/suppliers', { cookie: editor, body: supplier(50), origin: t.publicUrl });
    const again = await t.api('POST', '/api/suppliers', { cookie: editor, body: { ...supplier(50), name: 'Other' }, origin: t.publicUrl });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({ code: 'conflict', message: messages.records.duplicate, details: [{ path: '/code', message: messages.records.duplicate }] });
    const swedish = await t.api('POST', '/api/suppliers', { cookie: editor, body: supplier(50), origin: t.publicUrl, headers: { 'accept-language': 'sv' } });
    expect(swedish.json.error.message).toBe(sv.records.duplicate);
    expect((await t.api('GET', '/api/suppliers?code=S-050', { cookie: editor })).json.items).toMatchObject([{ name: 'Supplier 50' }]);
  });

  it('edits only from the version loaded, keeps a locked field, and changes nothing on a refusal', async () => {
    const made = (await t.api('POST', '/api/suppliers', { cookie: editor, body: supplier(60), origin: t.publicUrl })).json;
    const path = `/api/suppliers/${made.id}`;
    const edit = (body: unknown, version: number | null) =>
      t.api('PATCH', path, { cookie: editor, body, origin: t.publicUrl, headers: version === null ? {} : { 'if-match': `"${version}"` } });

    const saved = await edit({ ...supplier(60), name: 'Renamed', active: true }, 1);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ code: 'S-060', name: 'Renamed', active: true, version: 2 });
    expect(saved.json.updated).not.toBeNull();

    const stale = await edit({ name: 'Lost' }, 1);
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toBe(messages.records.stale);
    expect((await edit({ name: 'x' }, null)).status).toBe(400);
    expect((await edit({ code: 'S-999' }, 2)).json.error.message).toBe(messages.records.locked);
    expect((await edit({ name: 'Bad\u0000name' }, 2)).status).toBe(400);
    expect((await edit({ leadDays: 1e12 }, 2)).status).toBe(400);
    expect((await edit({ unknown: 1 }, 2)).status).toBe(400);
    expect((await edit({ name: 'x' }, 2 ** 40)).status).toBe(400);
    expect((await t.api('GET', path, { cookie: editor })).json).toMatchObject({ code: 'S-060', name: 'Renamed', version: 2 });
  });

  it('keeps its table across a restart', async () => {
    const again = await startApp({ dialect, data: t.data, build: { records: [suppliers] } });
    try {
      const cookie = (await callerOf(again, 'editor')).cookie;
      expect((await again.api('GET', '/api/suppliers?code=S-050', { cookie })).json.items).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
