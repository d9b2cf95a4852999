import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onChange, type Change } from '../../../server/core/events.js';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// Bulk edit of the products list: the ids of a filtered list, per-product outcomes, transactions of
// 500 announced once each, one Activity line per batch, and its Undo, on both databases alike.

interface Item {
  id: string;
  outcome: string;
  version?: number;
  reason?: string;
}

describe.each(dialects())('products: bulk edit (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let adminCookie: string;
  let image: string;
  const heard: (readonly Change[])[] = [];

  /** Adds products through the CSV import (one request), SKUs `${prefix}-0001`…; answers them as the list has them. */
  async function addProducts(
    prefix: string,
    n: number,
    cells: Record<string, string> = {},
  ): Promise<{ id: string; version: number }[]> {
    const rows = Array.from({ length: n }, (_, i) => ({
      line: i + 2,
      cells: {
        sku: `${prefix}-${String(i).padStart(4, '0')}`,
        name: `Towel ${prefix} ${i}`,
        category: 'Linen',
        mc: 'Linen care',
        price: '10',
        active: 'true',
        details: 'Linen',
        images: image,
        ...cells,
      },
    }));
    const res = await t.api('POST', '/api/products/import', { cookie, body: { rows, apply: true } });
    expect(res.status, res.text).toBe(200);
    const ids = await t.api('GET', `/api/products/ids?q=${prefix.toLowerCase()}`, { cookie });
    expect(ids.status, ids.text).toBe(200);
    return ids.json.items;
  }
  const versionsOf = (items: { id: string; version: number }[]) =>
    Object.fromEntries(items.map((p) => [p.id, p.version]));
  const bulk = (body: unknown, headers: Record<string, string> = {}) =>
    t.api('POST', '/api/products/bulk', { cookie, body, headers });
  const product = async (id: string) => (await t.api('GET', `/api/products/${id}`, { cookie })).json;

  beforeAll(async () => {
    t = await startApp({ dialect });
    const editor = await createUser(t, 'editor');
    const admin = await createUser(t, 'admin');
    cookie = await signIn(t, editor.email, editor.password);
    adminCookie = await signIn(t, admin.email, admin.password);
    image = await storedImage(t, editor.uid);
    onChange(t.db, (cs) => void heard.push(cs));
  });
  afterAll(async () => t?.close());

  it('answers the ids and versions of every product a search and filters match, in the list order', async () => {
    const made = await addProducts('IDS', 12, { category: 'Cotton' });
    expect(made).toHaveLength(12);
    const res = await t.api('GET', '/api/products/ids?q=ids&category=Cotton&active=true', { cookie });
    expect(res.json.more).toBe(false);
    expect(res.json.items.map((i: Item) => i.id)).toEqual(made.map((p) => p.id));
    const list = await t.api('GET', '/api/products?q=ids&category=Cotton&limit=100', { cookie });
    expect(res.json.items).toEqual(
      list.json.items.map((p: { id: string; version: number }) => ({ id: p.id, version: p.version })),
    );
    expect((await t.api('GET', '/api/products/ids?q=ids&category=Linen', { cookie })).json.items).toEqual([]);
    expect((await t.api('GET', '/api/products/ids?colour=red', { cookie })).status).toBe(400);
  });

  it(
    'changes, leaves unchanged, reports conflicts and ' + 'refusals per product, each with its own history entry',
    async () => {
      const [a, b, c, d] = await addProducts('MIX', 4);
      // c changes after it was selected.
      const edited = await t.api('PATCH', `/api/products/${c!.id}`, {
        cookie,
        body: { price: '11' },
        headers: { 'if-match': `"${c!.version}"` },
      });
      expect(edited.status).toBe(200);
      await t.api('PATCH', `/api/products/${b!.id}`, {
        cookie,
        body: { category: 'Cotton' },
        headers: { 'if-match': `"${b!.version}"` },
      });
      const bNow = await product(b!.id);
      const gone = '00000000-0000-4000-8000-000000000001';
      const res = await bulk({
        ids: [a!.id, b!.id, c!.id, d!.id, gone],
        set: { category: 'Cotton', active: false },
        versions: { ...versionsOf([a!, c!, d!]), [b!.id]: bNow.version, [gone]: 1 },
      });
      expect(res.status, res.text).toBe(200);
      const by = new Map<string, Item>(res.json.items.map((i: Item) => [i.id, i]));
      expect(by.get(a!.id)).toEqual({ id: a!.id, sku: 'MIX-0003', outcome: 'changed', version: a!.version + 1 });
      expect(by.get(b!.id)).toMatchObject({ id: b!.id, outcome: 'changed', version: bNow.version + 1 });
      expect(by.get(c!.id)).toMatchObject({
        outcome: 'conflict',
        version: c!.version + 1,
        reason: 'Changed by someone else since it was selected.',
      });
      expect(by.get(gone)).toMatchObject({ outcome: 'refused', reason: 'This product no longer exists.' });
      expect(res.json.counts).toEqual({ changed: 3, unchanged: 0, conflict: 1, refused: 1 });
      expect(await product(a!.id)).toMatchObject({ category: 'Cotton', active: false, version: a!.version + 1 });
      expect(await product(c!.id)).toMatchObject({ category: 'Linen', active: true });
      // Each changed product's own history: only the fields that changed for it.
      const history = async (id: string) => (await t.api('GET', `/api/products/${id}/history`, { cookie })).json.items;
      expect((await history(a!.id))[0]).toMatchObject({
        action: 'changed',
        diff: { category: ['Linen', 'Cotton'], active: [true, false] },
        batch: res.json.batch,
      });
      expect((await history(b!.id))[0]).toMatchObject({
        action: 'changed',
        diff: { active: [true, false] },
        batch: res.json.batch,
      });
      // Already so: unchanged, no new version, no entry.
      const again = await bulk({ ids: [a!.id], set: { category: 'Cotton' }, versions: { [a!.id]: a!.version + 1 } });
      expect(again.json.items).toEqual([{ id: a!.id, sku: 'MIX-0003', outcome: 'unchanged', version: a!.version + 1 }]);
      expect((await history(a!.id))[0].batch).toBe(res.json.batch);
    },
  );

  it('answers reasons in the caller language', async () => {
    const res = await bulk(
      { ids: ['no-such-id'], set: { active: true }, versions: { 'no-such-id': 1 } },
      { 'accept-language': 'sv' },
    );
    expect(res.json.items[0].reason).toBe('Produkten finns inte längre.');
  });

  it('makes no product active while its Active from is still to come, nor does its Undo', async () => {
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const [waiting, plain, shown] = await addProducts('WIN', 3, { active: 'false' });
    const scheduled = await t.api('PATCH', `/api/products/${waiting!.id}`, {
      cookie,
      body: { activeFrom: soon },
      headers: { 'if-match': `"${waiting!.version}"` },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    const notYet =
      'A product with an Active from to come must be inactive until then: set it inactive, or clear Active from.';
    const on = await bulk({
      ids: [scheduled.json.id, plain!.id],
      set: { active: true },
      versions: { [waiting!.id]: scheduled.json.version, [plain!.id]: plain!.version },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.json.items).toEqual([
      { id: waiting!.id, sku: scheduled.json.sku, outcome: 'refused', version: scheduled.json.version, reason: notYet },
      { id: plain!.id, sku: expect.any(String), outcome: 'changed', version: plain!.version + 1 },
    ]);
    expect(await product(waiting!.id)).toMatchObject({
      active: false,
      activeFrom: soon,
      version: scheduled.json.version,
    });
    const sv = await bulk(
      { ids: [waiting!.id], set: { active: true }, versions: { [waiting!.id]: scheduled.json.version } },
      { 'accept-language': 'sv' },
    );
    expect(sv.json.items[0].reason).toBe(
      'En produkt med en kommande Aktiv från måste vara inaktiv tills dess: gör den inaktiv, eller töm Aktiv från.',
    );
    // Made active, set inactive in bulk, then scheduled: the Undo would make it public before its time, so leaves it.
    const live = await bulk({ ids: [shown!.id], set: { active: true }, versions: { [shown!.id]: shown!.version } });
    const off = await bulk({
      ids: [shown!.id, plain!.id],
      set: { active: false },
      versions: { [shown!.id]: shown!.version + 1, [plain!.id]: plain!.version + 1 },
    });
    expect([live.json.counts.changed, off.json.counts.changed]).toEqual([1, 2]);
    const later = await t.api('PATCH', `/api/products/${shown!.id}`, {
      cookie,
      body: { activeFrom: soon },
      headers: { 'if-match': `"${shown!.version + 2}"` },
    });
    expect(later.status, later.text).toBe(200);
    const undo = await t.api('POST', `/api/products/bulk/${off.json.batch}/undo`, { cookie });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json.undone).toBe(1);
    expect(undo.json.left).toEqual([{ id: shown!.id, sku: later.json.sku, reason: notYet }]);
    expect(await product(shown!.id)).toMatchObject({ active: false, activeFrom: soon, version: later.json.version });
    expect(await product(plain!.id)).toMatchObject({ active: true });
  });

  it('writes no Activity line for a change that changed nothing (ids none of which exist)', async () => {
    const lines = async () =>
      (await t.db.selectFrom('history').select('seq').where('action', '=', 'bulkChanged').execute()).length;
    const before = await lines();
    const ids = Array.from({ length: 1200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await bulk({ ids, set: { active: false }, versions: Object.fromEntries(ids.map((id) => [id, 1])) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.counts).toEqual({ changed: 0, unchanged: 0, conflict: 0, refused: 1200 });
    // No batch began: nothing to continue or undo.
    expect(res.json.batch).toBeUndefined();
    expect(await lines()).toBe(before);
    // A change whose first products are gone begins its batch with the first product it changes.
    const [p] = await addProducts('LATE', 1);
    const late = await bulk({
      ids: [...ids.slice(0, 600), p!.id],
      set: { active: false },
      versions: { ...Object.fromEntries(ids.slice(0, 600).map((id) => [id, 1])), [p!.id]: p!.version },
    });
    expect(late.json.counts.changed).toBe(1);
    expect(await lines()).toBe(before + 1);
    const [line] = (await t.api('GET', '/api/history?limit=1', { cookie: adminCookie })).json.items;
    expect(line).toMatchObject({ action: 'bulkChanged', batch: late.json.batch, count: 1 });
  });

  it('undoes a change once when asked several times at the same moment: one 200, the rest 409, one line', async () => {
    const made = await addProducts('TWICE', 1200);
    const res = await bulk({ ids: made.map((p) => p.id), set: { mc: 'Cotton care' }, versions: versionsOf(made) });
    expect(res.json.counts.changed).toBe(1200);
    const undos = await Promise.all(
      Array.from({ length: 4 }, () => t.api('POST', `/api/products/bulk/${res.json.batch}/undo`, { cookie })),
    );
    expect(undos.map((u) => u.status).sort()).toEqual([200, 409, 409, 409]);
    expect(undos.find((u) => u.status === 200)!.json.undone).toBe(1200);
    const undone = await t.db
      .selectFrom('history')
      .select('seq')
      .where('action', '=', 'bulkUndone')
      .where('record_id', '=', res.json.batch)
      .execute();
    expect(undone).toHaveLength(1);
    // Each product went back once: one version for the change, one for the undo.
    expect(await product(made[0]!.id)).toMatchObject({ mc: 'Linen care', version: made[0]!.version + 2 });
  }, 120_000);

  it('sets any field the engine sets in bulk (a price), as a described resource, with one Undo', async () => {
    const made = await addProducts('PRICE', 3);
    const res = await bulk({ ids: made.map((p) => p.id), set: { price: '12.50' }, versions: versionsOf(made) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.counts.changed).toBe(3);
    expect(await product(made[0]!.id)).toMatchObject({ price: '12.50', version: made[0]!.version + 1 });
    const undo = await t.api('POST', `/api/products/bulk/${res.json.batch}/undo`, { cookie });
    expect(undo.status, undo.text).toBe(200);
    expect(await product(made[2]!.id)).toMatchObject({ price: '10', version: made[2]!.version + 2 });
  });

  it('narrows the ids by any field the description filters (material care, several categories)', async () => {
    const cotton = await addProducts('FLT', 2, { category: 'Cotton', mc: 'Cotton care' });
    const ids = async (query: string) =>
      ((await t.api('GET', `/api/products/ids?q=flt&${query}`, { cookie })).json.items as Item[]).map((i) => i.id);
    expect(await ids('mc=Cotton%20care')).toEqual(cotton.map((p) => p.id));
    expect(await ids('mc=Linen%20care')).toEqual([]);
    expect(await ids('category=Linen,Cotton')).toEqual(cotton.map((p) => p.id));
    // The list reads the same conditions (on PostgreSQL down its covering index, reading the columns filtered on).
    const list = await t.api('GET', '/api/products?q=flt&mc=Cotton%20care&active=true', { cookie });
    expect(list.status, list.text).toBe(200);
    expect(list.json.items.map((p: { id: string }) => p.id)).toEqual(cotton.map((p) => p.id));
    const bad = await t.api('GET', '/api/products/ids?mc=Wool%20care', { cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe('/mc');
  });

  it('refuses bad requests with a clear message and changes nothing', async () => {
    const [p] = await addProducts('BAD', 1);
    const cases: [unknown, RegExp][] = [
      [{ ids: [p!.id], set: {}, versions: versionsOf([p!]) }, /at least one change/],
      // Not fields the engine sets in bulk: a unique, locked or searched one, a translated text, images.
      [{ ids: [p!.id], set: { sku: 'X-1' }, versions: versionsOf([p!]) }, /./],
      [{ ids: [p!.id], set: { name: 'Same' }, versions: versionsOf([p!]) }, /./],
      [{ ids: [p!.id], set: { images: [] }, versions: versionsOf([p!]) }, /./],
      [{ ids: [p!.id], set: { price: 'x'.repeat(51) }, versions: versionsOf([p!]) }, /./],
      [{ ids: [p!.id, p!.id], set: { active: false }, versions: versionsOf([p!]) }, /listed once/],
      [{ ids: [p!.id], set: { active: false }, versions: {} }, /version it was selected at/],
      [{ ids: [p!.id], set: { category: 'Silk' }, versions: versionsOf([p!]) }, /./],
      [
        { ids: Array.from({ length: 10_001 }, (_, i) => `x${i}`), set: { active: false }, versions: {} },
        /At most 10000/,
      ],
      [
        {
          ids: [p!.id],
          set: { active: false },
          versions: versionsOf([p!]),
          batch: '00000000-0000-4000-8000-000000000000',
        },
        /No such bulk change/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json.message ?? res.text).toMatch(message);
    }
    expect(await product(p!.id)).toMatchObject({ active: true, version: p!.version });
  });

  it(
    'writes 500 products a transaction, announced once each, ' +
      'and one Activity line with the count; Undo sets them back',
    async () => {
      const made = await addProducts('BIG', 1200);
      expect(made).toHaveLength(1200);
      const from = heard.length;
      const res = await bulk({ ids: made.map((p) => p.id), set: { category: 'Cotton' }, versions: versionsOf(made) });
      expect(res.status, res.text).toBe(200);
      expect(res.json.counts.changed).toBe(1200);
      expect(heard.slice(from).map((cs) => cs.length)).toEqual([500, 500, 200]);

      const activity = await t.api('GET', '/api/history?limit=5', { cookie: adminCookie });
      const line = activity.json.items[0];
      expect(line).toMatchObject({
        action: 'bulkChanged',
        batch: res.json.batch,
        count: 1200,
        diff: { category: [null, 'Cotton'] },
      });
      expect(activity.json.items.filter((e: { batch?: string }) => e.batch === res.json.batch)).toHaveLength(1);

      // One product changes its category after the bulk change: the Undo leaves it alone and lists it.
      const moved = made[7]!;
      const now = await product(moved.id);
      await t.api('PATCH', `/api/products/${moved.id}`, {
        cookie,
        body: { category: 'Linen' },
        headers: { 'if-match': `"${now.version}"` },
      });
      const undo = await t.api('POST', `/api/products/bulk/${res.json.batch}/undo`, { cookie });
      expect(undo.status, undo.text).toBe(200);
      expect(undo.json.undone).toBe(1199);
      expect(undo.json.left).toEqual([{ id: moved.id, sku: now.sku, reason: 'Changed again since the bulk change.' }]);
      expect(await product(made[0]!.id)).toMatchObject({ category: 'Linen', version: made[0]!.version + 2 });
      const after = await t.api('GET', '/api/history?limit=5', { cookie: adminCookie });
      expect(after.json.items[0]).toMatchObject({ action: 'bulkUndone', recordId: res.json.batch, count: 1199 });
      // Once only; and a batch that was undone cannot be continued.
      expect((await t.api('POST', `/api/products/bulk/${res.json.batch}/undo`, { cookie })).status).toBe(409);
      const more = await bulk({
        ids: [made[0]!.id],
        set: { category: 'Cotton' },
        versions: { [made[0]!.id]: made[0]!.version + 2 },
        batch: res.json.batch,
      });
      expect(more.status).toBe(409);
    },
    120_000,
  );

  it(
    'continues a batch over several requests as one ' + 'Activity line, only by its author with the same change',
    async () => {
      const made = await addProducts('CHUNK', 6);
      const first = await bulk({
        ids: made.slice(0, 3).map((p) => p.id),
        set: { mc: 'Cotton care' },
        versions: versionsOf(made),
      });
      const batch = first.json.batch as string;
      const second = await bulk({
        ids: made.slice(3).map((p) => p.id),
        set: { mc: 'Cotton care' },
        versions: versionsOf(made),
        batch,
      });
      expect(second.status, second.text).toBe(200);
      expect(second.json.batch).toBe(batch);
      const other = await bulk({
        ids: [made[0]!.id],
        set: { mc: 'Linen care' },
        versions: { [made[0]!.id]: made[0]!.version + 1 },
        batch,
      });
      expect(other.status).toBe(400);
      const stranger = await t.api('POST', '/api/products/bulk', {
        cookie: adminCookie,
        body: {
          ids: [made[0]!.id],
          set: { mc: 'Cotton care' },
          versions: { [made[0]!.id]: made[0]!.version + 1 },
          batch,
        },
      });
      expect(stranger.status).toBe(400);
      const activity = await t.api('GET', '/api/history?limit=3', { cookie: adminCookie });
      expect(activity.json.items[0]).toMatchObject({ action: 'bulkChanged', batch, count: 6 });
    },
  );
});
