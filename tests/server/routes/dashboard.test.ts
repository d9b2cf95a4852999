import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createUser, dialects, signIn, signInRaw, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import type { Dashboard } from '../../../domain/dashboard.js';
import { openEvents } from '../helpers/events.js';
import { bodyOf } from '../helpers/recordValues.js';
import type { ResourceDescription } from '../../../domain/resourceDescription.js';
import { description as careguides } from '../../../resources/careguides/description.js';
import { description as suppliers } from '../../../resources/suppliers/description.js';

/** Each part's figures with null taken out of their types. */
type Full<D extends Dashboard> = {
  [P in keyof D]: D[P] extends infer V | undefined ? { [K in keyof V]: NonNullable<V[K]> } | undefined : D[P];
};
const DAY = 24 * 3600_000;
const at = (ms: number): string => new Date(ms).toISOString();
const base = { mc: 'Linen care', details: 'Washed linen', price: '349 SEK' };
const swedish = { se: { name: 'Löpare', details: 'Tvättat linne' } };
// A catalogue with every figure's rows: both categories, both statuses, with and without Swedish texts, scheduled
// within the next seven days, beyond them, and already due.
const products: [sku: string, extra: Record<string, unknown>][] = [
  ['DB-01', { category: 'Linen', active: true, translations: swedish }],
  ['DB-02', { category: 'Linen', active: false, translations: swedish }],
  ['DB-03', { category: 'Cotton', active: true }],
  ['DB-04', { category: 'Cotton', active: false, translations: { se: { name: 'Bara namnet' } } }],
  ['DB-05', { category: 'Linen', active: false, translations: swedish, activeFrom: at(Date.now() + 2 * DAY) }],
  ['DB-06', { category: 'Cotton', active: true, translations: swedish, activeUntil: at(Date.now() + 10 * DAY) }],
  ['DB-07', { category: 'Linen', active: true, translations: swedish, activeUntil: at(Date.now() + 3 * 3600_000) }],
];

// GET /api/dashboard: each figure equals the rows the list its link opens shows, on both databases.
describe.each(dialects())('dashboard figures (%s)', (dialect) => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  let adminOnly: string;
  let noRole: string;
  let editorUid: string;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    t = await startApp({ dialect, env: { SCHEDULE_CHECK_SECONDS: '3600' } });
    const e = await createUser(t, 'editor', { firstName: 'Eva', lastName: 'Berg' });
    editor = await signIn(t, e.email, e.password);
    editorUid = e.uid;
    const a = await createUser(t, 'admin');
    admin = await signIn(t, a.email, a.password);
    const n = await createUser(t, 'noRole');
    noRole = await signIn(t, n.email, n.password);
    const o = await createUser(t, 'noRole');
    const flags = await t.api('PATCH', `/api/users/${o.uid}`, { cookie: admin, body: { isAdmin: true } });
    expect(flags.status, flags.text).toBe(200);
    adminOnly = await signIn(t, o.email, o.password);
    await createUser(t, 'noRole', { active: false });
    const image = await storedImage(t, e.uid);
    for (const [sku, extra] of products) {
      const res = await t.api('POST', '/api/products', {
        cookie: editor,
        body: { ...base, sku, name: `Runner ${sku}`, images: [image], ...extra },
      });
      expect(res.status, res.text).toBe(201);
      ids.set(sku, res.json.id);
    }
  });
  afterAll(async () => t?.close());

  /** The answer of our own server, which gives every figure (null is only a back end's that cannot count it). */
  const dashboard = async (cookie: string): Promise<Full<Dashboard>> => {
    const res = await t.api('GET', '/api/dashboard', { cookie });
    expect(res.status, res.text).toBe(200);
    const answer = res.json as Dashboard;
    for (const part of [answer.catalogue, answer.staff])
      for (const [key, value] of Object.entries(part ?? {})) expect(value, key).not.toBeNull();
    return answer as Full<Dashboard>;
  };
  /** Every row the products list shows under a filter, page after page. */
  const listed = async (filter: string): Promise<string[]> => {
    const skus: string[] = [];
    let after = '';
    for (;;) {
      const res = await t.api('GET', `/api/products?${filter}&limit=2${after}`, { cookie: editor });
      expect(res.status, res.text).toBe(200);
      skus.push(...res.json.items.map((p: { sku: string }) => p.sku));
      if (!res.json.next) return skus;
      after = `&after=${res.json.next}`;
    }
  };

  it('counts each catalogue figure as the products list shows its rows', async () => {
    const c = (await dashboard(editor)).catalogue!;
    expect(c.total).toBe(products.length);
    expect(c.active).toBe((await listed('active=true')).length);
    expect(c.disabled).toBe((await listed('active=false')).length);
    expect(c.scheduled).toBe((await listed('scheduled=true')).length);
    expect(c.byCategory.Cotton).toBe((await listed('category=Cotton')).length);
    expect(c.byCategory.Linen).toBe((await listed('category=Linen')).length);
    expect(c.missingSwedish).toBe((await listed('missing=se')).length);
    // Not counted empty: the catalogue holds rows of each.
    expect([c.active, c.disabled, c.scheduled, c.byCategory.Cotton, c.missingSwedish]).toEqual([4, 3, 3, 3, 2]);
  });

  it('lists what the schedule will change in the next seven days, soonest first, and not beyond', async () => {
    const c = (await dashboard(editor)).catalogue!;
    expect(c.upcoming.map((u) => [u.sku, u.active])).toEqual([
      ['DB-07', false],
      ['DB-05', true],
    ]);
    expect(c.upcoming[1]).toMatchObject({ id: ids.get('DB-05'), name: 'Runner DB-05' });
  });

  it('lists the last catalogue changes, newest first, with who made them and the SKU', async () => {
    const c = (await dashboard(editor)).catalogue!;
    expect(c.recent.length).toBeGreaterThan(0);
    expect(c.recent[0]).toMatchObject({
      kind: 'product',
      action: 'created',
      actorName: 'Eva Berg',
      recordLabel: 'DB-07',
    });
    expect(c.recent.map((r) => r.recordLabel).slice(0, 3)).toEqual(['DB-07', 'DB-06', 'DB-05']);
  });

  it('answers each role only its own figures', async () => {
    expect(await dashboard(noRole)).toEqual({ resources: [] });
    const forEditor = await dashboard(editor);
    expect(forEditor.catalogue).toBeDefined();
    expect(forEditor.staff).toBeUndefined();
    const forAdminOnly = await dashboard(adminOnly);
    expect(forAdminOnly.catalogue).toBeUndefined();
    expect(forAdminOnly.staff).toBeDefined();
    const both = await dashboard(admin);
    expect(both.catalogue).toBeDefined();
    expect(both.staff).toBeDefined();
    expect((await t.api('GET', '/api/dashboard')).status).toBe(401);
  });

  it('counts the staff as the users list shows them', async () => {
    const s = (await dashboard(admin)).staff!;
    const users: { active: boolean; isAdmin: boolean; isEditor: boolean }[] = [];
    let after = '';
    for (;;) {
      const res = await t.api('GET', `/api/users?limit=2${after}`, { cookie: admin });
      users.push(...res.json.items);
      if (!res.json.next) break;
      after = `&after=${res.json.next}`;
    }
    const active = users.filter((u) => u.active);
    expect(s.active).toBe(active.length);
    expect(s.inactive).toBe(users.length - active.length);
    expect(s.admins).toBe(active.filter((u) => u.isAdmin).length);
    expect(s.editors).toBe(active.filter((u) => u.isEditor).length);
    expect([s.inactive, s.admins]).toEqual([1, 3]);
    expect(s.newest.length).toBe(Math.min(5, users.length));
    expect(s.newest[0]!.created >= s.newest.at(-1)!.created).toBe(true);
  });

  it('counts the active accounts without a second factor; an authenticator app takes one off', async () => {
    const before = (await dashboard(admin)).staff!;
    expect(before.noSecondFactor).toBe(before.active);
    expect(before.require2fa).toBe('off');
    const someone = await createUser(t, 'editor');
    await sql`update auth_user set "twoFactorEnabled" = ${sql.lit(true)} where "id" = ${someone.uid}`.execute(t.db);
    const after = (await dashboard(admin)).staff!;
    expect(after.active).toBe(before.active + 1);
    expect(after.noSecondFactor).toBe(before.noSecondFactor);
  });

  type Row = { uid: string; active: boolean; isAdmin: boolean; isEditor: boolean };
  it('each staff figure is the number of rows its link lists (/api/users?show=…); a bad show is refused', async () => {
    const s = (await dashboard(admin)).staff!;
    const listed = async (show: string): Promise<Row[]> => {
      const rows: Row[] = [];
      let after = '';
      for (;;) {
        const res = await t.api('GET', `/api/users?show=${show}&limit=2${after}`, { cookie: admin });
        expect(res.status, res.text).toBe(200);
        rows.push(...res.json.items);
        if (!res.json.next) return rows;
        after = `&after=${encodeURIComponent(res.json.next)}`;
      }
    };
    const shown = Object.fromEntries(
      await Promise.all(
        (['active', 'inactive', 'admins', 'editors', 'noSecondFactor'] as const).map(async (show) => [
          show,
          await listed(show),
        ]),
      ),
    ) as Record<'active' | 'inactive' | 'admins' | 'editors' | 'noSecondFactor', Row[]>;
    for (const [show, rows] of Object.entries(shown)) expect(rows.length, show).toBe(s[show as keyof typeof shown]);
    // Not the whole list: the figures differ (one inactive, one with an authenticator app), and so do the rows.
    expect(shown.inactive.every((u) => !u.active)).toBe(true);
    expect(shown.noSecondFactor.length).toBeLessThan(shown.active.length);
    expect(shown.active.every((u) => u.active)).toBe(true);
    expect(shown.admins.every((u) => u.active && u.isAdmin)).toBe(true);
    expect(shown.editors.every((u) => u.active && u.isEditor)).toBe(true);
    expect(new Set(shown.admins.map((u) => u.uid)).size).toBe(shown.admins.length);
    const bad = await t.api('GET', '/api/users?show=everyone', { cookie: admin });
    expect(bad.status).toBe(400);
    expect((await t.api('GET', '/api/users?show=admins', { cookie: editor })).status).toBe(403);
  });

  it('counts the failed sign-ins of the last day as the Activity page lists them', async () => {
    const before = (await dashboard(admin)).staff!.failedSignIns;
    expect((await signInRaw(t, 'nobody@test.local', 'not the password')).status).toBe(401);
    const s = (await dashboard(admin)).staff!;
    expect(s.failedSignIns).toBe(before + 1);
    const activity = await t.api('GET', '/api/history?action=signInFailed&limit=100', { cookie: admin });
    expect(activity.status, activity.text).toBe(200);
    expect(s.failedSignIns).toBe(activity.json.items.length);
  });

  it('counts a described resource that asks for it as its list shows the rows, to those who may read it', async () => {
    const image = await storedImage(t, editorUid);
    const made: [ResourceDescription, number][] = [
      [careguides, 3],
      [suppliers, 2],
    ];
    for (const [d, count] of made)
      for (let i = 0; i < count; i++) {
        const res = await t.api('POST', `/api/${d.name}`, {
          cookie: editor,
          body: bodyOf(d, 500 + i, { image, ids: new Map() }),
        });
        expect(res.status, res.text).toBe(201);
      }
    const rows = async (name: string): Promise<number> => {
      const res = await t.api('GET', `/api/${name}?limit=100`, { cookie: editor });
      expect(res.status, res.text).toBe(200);
      return res.json.items.length as number;
    };
    const counts = (d: Dashboard) => Object.fromEntries((d.resources ?? []).map((r) => [r.name, r.count]));
    // Both descriptions say `dashboard: true`; the count is what the list shows, whatever else the test made before.
    expect(counts(await dashboard(editor))).toEqual({
      careguides: await rows('careguides'),
      suppliers: await rows('suppliers'),
    });
    expect(await rows('suppliers')).toBeGreaterThanOrEqual(2);
    // Read follows the description's access (area products: editors); others get no count of it.
    expect(counts(await dashboard(adminOnly))).toEqual({});
    expect(counts(await dashboard(noRole))).toEqual({});
  });

  it('names a described record among the last changes by its label, as Activity does', async () => {
    const made = await t.api('POST', '/api/suppliers', {
      cookie: editor,
      origin: t.publicUrl,
      body: { name: 'Mill of Ghent', contactPerson: '', email: '', country: 'BE', notes: '' },
    });
    expect(made.status, made.text).toBe(201);
    const [last] = (await dashboard(editor)).catalogue!.recent;
    expect(last).toMatchObject({
      kind: 'record',
      resource: 'suppliers',
      recordId: made.json.id,
      recordLabel: 'Mill of Ghent',
    });
  });

  it('counts the catalogue changes per day and person for the chart, as the history holds them', async () => {
    const c = (await dashboard(editor)).catalogue!;
    const today = new Date().toISOString().slice(0, 10);
    const eva = c.perDay.find((d) => d.actorName === 'Eva Berg' && d.day === today);
    const [count] = (
      await sql<{ n: unknown }>`select count(*) as n from history h join users u on u.id = h.actor
        where u.first_name = 'Eva' and h.kind in ('product', 'language', 'record') and h.at >= ${today}`.execute(t.db)
    ).rows;
    expect(eva?.changes).toBe(Number(count!.n));
    expect(eva!.changes).toBeGreaterThanOrEqual(products.length);
    // Nothing older than 30 days, today included.
    await sql`insert into history (at, actor, actor_name, kind, resource, record_id, action, diff)
      values (${at(Date.now() - 30 * DAY)}, null, 'Old', 'product', null, 'x', 'changed', '{}')`.execute(t.db);
    expect((await dashboard(editor)).catalogue!.perDay.some((d) => d.actorName === 'Old')).toBe(false);
  });

  it('tells an open dashboard at once when a change moves its figures, and only the signed-in', async () => {
    const refused = await openEvents(t.baseUrl, '/api/dashboard/events');
    expect(refused.status).toBe(401);
    refused.close();
    const events = await openEvents(t.baseUrl, '/api/dashboard/events', { cookie: editor });
    try {
      expect(events.status).toBe(200);
      expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
      const heard = events.next(5000);
      const res = await t.api('PATCH', `/api/products/${ids.get('DB-01')}`, {
        cookie: editor,
        body: { price: '359 SEK' },
        headers: { 'if-match': '"1"' },
      });
      expect(res.status, res.text).toBe(200);
      expect(await heard).toEqual({ changed: true });
    } finally {
      events.close();
    }
  });

  it('tells an open dashboard at once of a failed sign-in, which its staff figures count', async () => {
    const events = await openEvents(t.baseUrl, '/api/dashboard/events', { cookie: admin });
    try {
      const heard = events.next(5000);
      const res = await signInRaw(t, 'nobody-here@example.com', 'not the password');
      expect(res.status).toBe(401);
      expect(await heard).toEqual({ changed: true });
    } finally {
      events.close();
    }
  });
});
