import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { sv } from '../../../domain/messages.sv.js';
import { messages } from '../../../domain/messages.js';
import { pruneHistory } from '../../../server/core/history.js';

// Undo, the Activity filters (hostile ones too), paging and pruning, on both databases.
describe.each(dialects())('change history: undo, Activity and paging (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let adminCookie: string;
  let editor: TestUser;
  let cookie: string;
  let product: { id: string; version: number };
  const latest = async (path: string) => (await t.api('GET', path, { cookie: adminCookie })).json.items[0];
  const undo = (entry: string, version: number | null, as = cookie, headers: Record<string, string> = {}) =>
    t.api('POST', `/api/history/${entry}/undo`, {
      cookie: as,
      headers: { ...(version === null ? {} : { 'if-match': `"${version}"` }), ...headers },
    });

  beforeAll(async () => {
    t = await startApp({ dialect });
    admin = await createUser(t, 'admin', { firstName: 'Ada', lastName: 'Admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
    editor = await createUser(t, 'editor', { firstName: 'Eva', lastName: 'Berg' });
    cookie = await signIn(t, editor.email, editor.password);
    const image = await storedImage(t, editor.uid);
    const body = {
      sku: 'U-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '249 kr',
      details: 'Washed',
      active: true,
      images: [image],
    };
    product = (await t.api('POST', '/api/products', { cookie, body })).json;
  });
  afterAll(async () => t?.close());

  it('undoes a product field change through an edit: the old value back, a new version and a new entry', async () => {
    const edit = await t.api('PATCH', `/api/products/${product.id}`, {
      cookie,
      headers: { 'if-match': '"1"' },
      body: { price: '199 kr', name: 'Big towel' },
    });
    expect(edit.status, edit.text).toBe(200);
    const entry = await latest(`/api/products/${product.id}/history`);
    const res = await undo(entry.id, 2);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ price: '249 kr', name: 'Towel', version: 3 });
    expect(res.headers.get('etag')).toBe('"3"');
    const undone = await latest(`/api/products/${product.id}/history`);
    expect(undone).toMatchObject({
      actor: editor.uid,
      action: 'changed',
      diff: { price: ['199 kr', '249 kr'], name: ['Big towel', 'Towel'] },
    });
  });

  it(
    'refuses an undo from a stale version (409) and one ' + 'whose field changed again since, changing nothing',
    async () => {
      await t.api('PATCH', `/api/products/${product.id}`, {
        cookie,
        headers: { 'if-match': '"3"' },
        body: { price: '10 kr' },
      });
      const older = await latest(`/api/products/${product.id}/history`);
      const stale = await undo(older.id, 3);
      expect(stale.status).toBe(409);
      expect(stale.json.error.message).toBe(messages.products.stale);
      await t.api('PATCH', `/api/products/${product.id}`, {
        cookie,
        headers: { 'if-match': '"4"' },
        body: { price: '20 kr' },
      });
      const again = await undo(older.id, 5);
      expect(again.status).toBe(409);
      expect(again.json.error.message).toBe(messages.history.changedSince);
      expect((await t.api('GET', `/api/products/${product.id}`, { cookie })).json).toMatchObject({
        price: '20 kr',
        version: 5,
      });
      expect((await undo(older.id, null)).status).toBe(400);
    },
  );

  it('refuses to undo anything but a product field change, in the caller’s language', async () => {
    const created = (await t.api('GET', `/api/products/${product.id}/history?limit=100`, { cookie })).json.items.at(-1);
    expect(created.action).toBe('created');
    const flags = await t.api('PATCH', `/api/users/${editor.uid}`, { cookie: adminCookie, body: { isAdmin: true } });
    expect(flags.status).toBe(200);
    const userEntry = await latest(`/api/users/${editor.uid}/history`);
    for (const entry of [created.id, userEntry.id]) {
      const res = await undo(entry, 5, adminCookie);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(messages.history.notUndoable);
    }
    const swedish = await undo(userEntry.id, 5, adminCookie, { 'accept-language': 'sv' });
    expect(swedish.json.error.message).toBe(sv.history.notUndoable);
    expect((await undo('999999999', 5)).status).toBe(404);
  });

  it(
    'filters Activity by person, kind and date range, ' + 'pages with More, and refuses hostile filters with 400',
    async () => {
      const byEva = (
        await t.api('GET', `/api/history?person=${editor.uid}&kind=product&limit=2`, { cookie: adminCookie })
      ).json;
      expect(byEva.items).toHaveLength(2);
      expect(
        byEva.items.every((e: { actor: string; kind: string }) => e.actor === editor.uid && e.kind === 'product'),
      ).toBe(true);
      const rest = (
        await t.api('GET', `/api/history?person=${editor.uid}&kind=product&limit=100&after=${byEva.next}`, {
          cookie: adminCookie,
        })
      ).json;
      expect(rest.next).toBeNull();
      const ids = [...byEva.items, ...rest.items].map((e: { id: string }) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(ids.length);
      const today = new Date().toISOString().slice(0, 10);
      const inRange = (await t.api('GET', `/api/history?from=${today}&to=${today}&limit=100`, { cookie: adminCookie }))
        .json.items;
      expect(inRange.length).toBeGreaterThan(ids.length);
      expect(
        (await t.api('GET', '/api/history?from=2001-01-01&to=2001-01-02', { cookie: adminCookie })).json.items,
      ).toEqual([]);
      expect(
        (await t.api('GET', `/api/history?person=${admin.uid}&kind=user`, { cookie: adminCookie })).json.items[0],
      ).toMatchObject({ actorName: 'Ada Admin' });
      for (const query of [
        'person=%00',
        `person=${'x'.repeat(65)}`,
        'kind=',
        'kind=password',
        'from=2026-02-31',
        'from=yesterday',
        'to=99999-01-01',
        'limit=1e999',
        'limit=0',
        'after=not-a-cursor',
        `after=${Buffer.from('["x","1 or 1=1"]').toString('base64url')}`,
        'from=2026-03-02&to=2026-03-01',
      ]) {
        const res = await t.api('GET', `/api/history?${query}`, { cookie: adminCookie });
        expect(res.status, query).toBe(400);
        expect(res.json.error.message, query).toEqual(expect.any(String));
      }
      expect((await t.api('GET', '/api/products/%00/history', { cookie })).status).toBe(400);
      expect((await t.api('GET', '/api/languages/xx/history', { cookie })).status).toBe(400);
    },
  );

  it('names each record in Activity as staff know it now: a product by its SKU, a user by their name', async () => {
    const items = (await t.api('GET', '/api/history?limit=100', { cookie: adminCookie })).json.items as Array<{
      kind: string;
      recordId: string;
      recordLabel: string | null;
    }>;
    const ofProduct = items.filter((e) => e.kind === 'product' && e.recordId === product.id);
    expect(ofProduct.length).toBeGreaterThan(0);
    expect(ofProduct.every((e) => e.recordLabel === 'U-1')).toBe(true);
    const ofEditor = items.filter((e) => e.kind === 'user' && e.recordId === editor.uid);
    expect(ofEditor.length).toBeGreaterThan(0);
    expect(ofEditor.every((e) => e.recordLabel === 'Eva Berg')).toBe(true);
    expect(
      items.filter((e) => e.kind === 'appStatus' || e.kind === 'language').every((e) => e.recordLabel === null),
    ).toBe(true);
  });

  it('prunes entries older than HISTORY_KEEP_DAYS and keeps the rest', async () => {
    const all = async () =>
      Number(
        (
          await t.db
            .selectFrom('history')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await all();
    await t.db.updateTable('history').set({ at: '2000-01-01T00:00:00.000Z' }).where('kind', '=', 'appStatus').execute();
    const old = Number(
      (
        await t.db
          .selectFrom('history')
          .select((e) => e.fn.countAll().as('n'))
          .where('kind', '=', 'appStatus')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(old).toBeGreaterThan(0);
    expect(await pruneHistory(t.db, 30)).toBe(old);
    expect(await all()).toBe(before - old);
  });
});
