import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { applyDue } from '../../../server/core/schedule.js';
import { onChange, type Change } from '../../../server/core/events.js';
import { SCHEDULER_ACTOR } from '../../../domain/schedule.js';

const base = {
  category: 'Linen',
  mc: 'Linen care',
  name: 'Scheduled runner',
  details: 'Washed linen',
  price: '349 SEK',
};
const HOUR = 3600_000;
const at = (ms: number): string => new Date(ms).toISOString();

// The scheduler (server/core/schedule.ts) with its clock in the test's hands: applyDue is called at chosen times, and
// the app's own timer is set an hour apart so it does not run meanwhile.
describe.each(dialects())('scheduled status (%s)', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let cookie: string;
  let image: string;
  const heard: Change[] = [];
  beforeAll(async () => {
    t = await startApp({ dialect, env: { SCHEDULE_CHECK_SECONDS: '3600', WEBHOOK_ALLOW_PRIVATE: 'true' } });
    editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    image = await storedImage(t, editor.uid);
    onChange(t.db, (changes) => void heard.push(...changes));
  });
  afterAll(async () => t?.close());

  const create = async (sku: string, body: Record<string, unknown>) => {
    const res = await t.api('POST', '/api/products', {
      cookie,
      body: { ...base, active: false, images: [image], sku, ...body },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as { id: string; version: number; activeFrom: string | null; activeUntil: string | null };
  };
  const read = async (id: string) =>
    (await t.api('GET', `/api/products/${id}`, { cookie })).json as Record<string, unknown>;
  const entries = (id: string) =>
    t.db
      .selectFrom('history')
      .selectAll()
      .where('record_id', '=', id)
      .where('action', '=', 'changed')
      .orderBy('seq')
      .execute();

  it('makes a product active once at its time, as the scheduler, cleared after, announced', async () => {
    const from = Date.now() + 2 * HOUR;
    const p = await create('SCH-FROM', { activeFrom: at(from) });
    expect(p.activeFrom).toBe(at(from));
    expect(await applyDue(t.db, new Date(from - 1000))).toBe(0);
    expect((await read(p.id)).active).toBe(false);
    heard.length = 0;
    expect(await applyDue(t.db, new Date(from))).toBe(1);
    const after = await read(p.id);
    expect(after).toMatchObject({ active: true, activeFrom: null, version: p.version + 1 });
    // Once: a later run finds nothing to do.
    expect(await applyDue(t.db, new Date(from + HOUR))).toBe(0);
    const history = await entries(p.id);
    expect(history).toHaveLength(1);
    expect(history[0]!.actor).toBe(SCHEDULER_ACTOR);
    expect(JSON.parse(history[0]!.diff)).toEqual({ active: [false, true], activeFrom: [at(from), null] });
    expect(heard).toEqual([{ kind: 'product', id: p.id, version: p.version + 1, actor: SCHEDULER_ACTOR }]);
  });

  it('queues a webhook delivery for the scheduler change', async () => {
    const hook = await t.api('POST', '/api/webhooks', {
      cookie: await signIn(t, 'admin@test.local', 'admin password 1'),
      body: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(hook.status).toBe(201);
    const until = Date.now() + 3 * HOUR;
    const p = await create('SCH-HOOK', { active: true, activeUntil: at(until) });
    expect(await applyDue(t.db, new Date(until))).toBe(1);
    const rows = await t.db.selectFrom('webhook_deliveries').select('body').where('kind', '=', 'product').execute();
    const versions = rows
      .map((r) => JSON.parse(r.body) as { recordId: string; version: number })
      .filter((b) => b.recordId === p.id)
      .map((b) => b.version);
    expect(versions.sort()).toEqual([1, 2]);
    expect((await read(p.id)).active).toBe(false);
  });

  it('when both times fell due (the server was stopped), the later one decides and both clear', async () => {
    const now = Date.now();
    // Off, then on again: saved before the API took only a window (Active from before Active until).
    const offThenOn = await create('SCH-BOTH-1', { active: true });
    await t.db
      .updateTable('products')
      .set({ active_until: at(now + HOUR), active_from: at(now + 2 * HOUR) })
      .where('id', '=', offThenOn.id)
      .execute();
    const onThenOff = await create('SCH-BOTH-2', { activeFrom: at(now + HOUR), activeUntil: at(now + 2 * HOUR) });
    expect(await applyDue(t.db, new Date(now + 5 * HOUR))).toBeGreaterThanOrEqual(2);
    expect(await read(offThenOn.id)).toMatchObject({ active: true, activeFrom: null, activeUntil: null });
    expect(await read(onThenOff.id)).toMatchObject({ active: false, activeFrom: null, activeUntil: null });
    expect(JSON.parse((await entries(offThenOn.id))[0]!.diff)).toEqual({
      activeFrom: [at(now + 2 * HOUR), null],
      activeUntil: [at(now + HOUR), null],
    });
  });

  it('refuses a new time in the past and two equal times, changing nothing', async () => {
    const past = await t.api('POST', '/api/products', {
      cookie,
      body: { ...base, active: false, images: [image], sku: 'SCH-PAST', activeFrom: at(Date.now() - 60_000) },
    });
    expect(past.status).toBe(400);
    expect(past.json.error.message).toBe('Choose a time in the future.');
    expect(await t.db.selectFrom('products').select('id').where('sku', '=', 'SCH-PAST').execute()).toHaveLength(0);
    const when = at(Date.now() + HOUR);
    const same = await t.api('POST', '/api/products', {
      cookie,
      body: { ...base, active: false, images: [image], sku: 'SCH-SAME', activeFrom: when, activeUntil: when },
    });
    expect(same.status).toBe(400);
    const sv = await t.api('POST', '/api/products', {
      cookie,
      headers: { 'accept-language': 'sv' },
      body: { ...base, active: false, images: [image], sku: 'SCH-PAST', activeFrom: at(Date.now() - 60_000) },
    });
    expect(sv.json.error.message).toBe('Välj en tidpunkt i framtiden.');
    const bad = await t.api('POST', '/api/products', {
      cookie,
      body: { ...base, active: false, images: [image], sku: 'SCH-BAD', activeFrom: '2026-13-40T99:00' },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a product active already with an Active from to come, and Active from after Active until', async () => {
    const soon = at(Date.now() + HOUR);
    const later = at(Date.now() + 2 * HOUR);
    const count = async () => (await t.db.selectFrom('products').select('id').execute()).length;
    const before = await count();
    const post = (body: Record<string, unknown>, locale = 'en') =>
      t.api('POST', '/api/products', {
        cookie,
        headers: { 'accept-language': locale },
        body: { ...base, images: [image], sku: 'SCH-REFUSED', ...body },
      });
    const early = await post({ active: true, activeFrom: soon });
    expect(early.status).toBe(400);
    expect(early.json.error.message).toBe(
      'A product with an Active from to come must be inactive until then: set it inactive, or clear Active from.',
    );
    expect(early.json.error.details).toEqual([{ path: '/activeFrom', message: early.json.error.message }]);
    const swapped = await post({ active: false, activeFrom: later, activeUntil: soon });
    expect(swapped.status).toBe(400);
    expect(swapped.json.error.message).toBe('Active from must be before Active until.');
    expect((await post({ active: true, activeFrom: soon }, 'sv')).json.error.message).toBe(
      'En produkt med en kommande Aktiv från måste vara inaktiv tills dess: gör den inaktiv, eller töm Aktiv från.',
    );
    expect((await post({ active: false, activeFrom: later, activeUntil: soon }, 'sv')).json.error.message).toBe(
      'Aktiv från måste vara före Aktiv till.',
    );
    expect(await count()).toBe(before);

    // An edit is checked against what the product would become: its kept fields and the ones sent.
    const p = await create('SCH-EDIT', { activeFrom: soon });
    const patch = (body: Record<string, unknown>) =>
      t.api('PATCH', `/api/products/${p.id}`, { cookie, headers: { 'if-match': `"${p.version}"` }, body });
    expect((await patch({ active: true })).status).toBe(400);
    expect((await patch({ activeUntil: at(Date.now() + 30 * 60_000) })).status).toBe(400);
    expect(await read(p.id)).toMatchObject({ active: false, activeFrom: soon, activeUntil: null, version: p.version });
    // Made active early on purpose: Active from cleared with it.
    const now = await patch({ active: true, activeFrom: null });
    expect(now.status, now.text).toBe(200);
    expect(now.json).toMatchObject({ active: true, activeFrom: null });
  });

  it('keeps the schedule through a manual status change and an unchanged time, applies it at its time', async () => {
    const from = Date.now() + 4 * HOUR;
    const p = await create('SCH-MANUAL', { active: true, activeUntil: at(from) });
    const edited = await t.api('PATCH', `/api/products/${p.id}`, {
      cookie,
      headers: { 'if-match': `"${p.version}"` },
      body: { active: false, activeUntil: at(from) },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ active: false, activeUntil: at(from) });
    const on = await t.api('PATCH', `/api/products/${p.id}`, {
      cookie,
      headers: { 'if-match': `"${p.version + 1}"` },
      body: { active: true },
    });
    expect(on.json).toMatchObject({ active: true, activeUntil: at(from) });
    expect(await applyDue(t.db, new Date(from))).toBeGreaterThanOrEqual(1);
    expect(await read(p.id)).toMatchObject({ active: false, activeUntil: null });
    // Cleared by an edit: nothing left to apply.
    const q = await create('SCH-CLEAR', { activeUntil: at(from) });
    const cleared = await t.api('PATCH', `/api/products/${q.id}`, {
      cookie,
      headers: { 'if-match': `"${q.version}"` },
      body: { activeUntil: null },
    });
    expect(cleared.json.activeUntil).toBeNull();
    expect(await applyDue(t.db, new Date(from + HOUR))).toBe(0);
  });

  it('filters the list to scheduled products', async () => {
    const p = await create('SCH-LIST-1', { activeFrom: at(Date.now() + 9 * HOUR) });
    await create('SCH-LIST-2', {});
    const res = await t.api('GET', '/api/products?scheduled=true&q=SCH-LIST', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: { id: string }) => i.id)).toEqual([p.id]);
    const plain = await t.api('GET', '/api/products?scheduled=true', { cookie });
    expect(
      plain.json.items.every(
        (i: { activeFrom: string | null; activeUntil: string | null }) => i.activeFrom || i.activeUntil,
      ),
    ).toBe(true);
    expect((await t.api('GET', '/api/products?scheduled=yes', { cookie })).status).toBe(400);
  });

  it('answers the shop time zone from TZ', async () => {
    const res = await t.api('GET', '/api/schedule', { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ timeZone: t.config.timeZone, available: true });
  });
});
