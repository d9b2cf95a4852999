import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callerOf, createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';

type Entry = { id: string; kind: string; resource: string | null; action: string };

// Activity shows its reader only entries of what they may read: an admin without the editor flag reads people and
// the shop's status, not products, languages or the records only editors read; its paging walks what is shown.
describe.each(dialects())('Activity, as far as its reader may read (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let plainAdmin: string;
  let plainUid: string;

  /** Every entry a caller's Activity shows, walked a page of `limit` at a time. */
  const walk = async (cookie: string, limit: number, query = ''): Promise<Entry[]> => {
    const all: Entry[] = [];
    let after = '';
    for (let i = 0; i < 50; i += 1) {
      const res = await t.api('GET', `/api/history?limit=${limit}${query}${after}`, { cookie });
      expect(res.status, res.text).toBe(200);
      all.push(...(res.json.items as Entry[]));
      if (!res.json.next) return all;
      after = `&after=${encodeURIComponent(res.json.next as string)}`;
    }
    throw new Error('Activity never ended');
  };

  beforeAll(async () => {
    t = await startApp({ dialect });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    const plain = await createUser(t, 'admin');
    plainUid = plain.uid;
    const unflag = await t.api('PATCH', `/api/users/${plain.uid}`, { cookie: admin, body: { isEditor: false } });
    expect(unflag.status, unflag.text).toBe(200);
    plainAdmin = await signIn(t, plain.email, plain.password);
    const editor = (await callerOf(t, 'editor')).cookie!;
    for (const n of [1, 2, 3]) {
      const made = await t.api('POST', '/api/suppliers', {
        cookie: editor,
        origin: t.publicUrl,
        body: { name: `Weaver ${n}`, contactPerson: '', email: '', country: 'SE', notes: 'Pays late' },
      });
      expect(made.status, made.text).toBe(201);
      const gone = await t.api('DELETE', `/api/suppliers/${made.json.id}`, {
        cookie: editor,
        origin: t.publicUrl,
        headers: { 'if-match': `"${made.json.version}"` },
      });
      expect(gone.status, gone.text).toBe(204);
    }
  });
  afterAll(async () => t?.close());

  it('shows an admin without the editor flag no supplier entry on any page; an editor-admin sees them', async () => {
    expect((await t.api('GET', '/api/suppliers?limit=1', { cookie: plainAdmin })).status).toBe(403);
    const full = await walk(admin, 3);
    expect(full.filter((e) => e.resource === 'suppliers')).toHaveLength(6);
    const shown = await walk(plainAdmin, 3);
    expect(shown.filter((e) => e.kind === 'record' || e.kind === 'product' || e.kind === 'language')).toEqual([]);
    // What they may read is all there, in the same order, the pages neither losing nor repeating an entry.
    const readable = full.filter((e) => !['record', 'product', 'language'].includes(e.kind)).map((e) => e.id);
    expect(shown.map((e) => e.id)).toEqual(readable);
    expect(shown.some((e) => e.kind === 'user' && e.action === 'changed')).toBe(true);
  });

  it('answers an empty list when asked for a kind its reader may not read', async () => {
    expect(await walk(plainAdmin, 2, '&kind=record')).toEqual([]);
    expect((await walk(admin, 2, '&kind=record')).length).toBeGreaterThan(0);
  });

  it('shows the records again once the editor flag is given back', async () => {
    const back = await t.api('PATCH', `/api/users/${plainUid}`, { cookie: admin, body: { isEditor: true } });
    expect(back.status, back.text).toBe(200);
    expect((await walk(plainAdmin, 5, '&kind=record')).filter((e) => e.resource === 'suppliers')).toHaveLength(6);
  });
});
