import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedResources } from '../../../server/resources.js';
import { fieldsOfResource, scheduledFieldsOf, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { SCHEDULER_ACTOR } from '../../../domain/schedule.js';
import { applyAllDue } from '../../../server/core/schedule.js';
import { applyDueChanges } from '../../../server/core/scheduledChanges.js';
import { onChange, type Change } from '../../../server/core/events.js';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { bodyOf, valueOf, type Context } from '../helpers/recordValues.js';

/** The described resources whose description names fields to schedule, and those that do not. */
const WITH = servedResources.filter((d) => (d.schedule ?? []).length > 0);
const WITHOUT = servedResources.filter((d) => !d.schedule);

const HOUR = 3600_000;
const iso = (ms: number): string => new Date(ms).toISOString();
type Rec = Record<string, unknown> & { id: string; version: number };

// Scheduled changes are the engine's (`schedule: [fields]`): /api/<name>/:id/schedule lists, adds and cancels a
// record's pending changes for those who may edit it, and the scheduler's run (its clock the test's: no waiting)
// sets each due value once, as an edit of the scheduler's, or drops one its record no longer takes with a note.
describe.each(dialects())('scheduled changes of described records (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let admin: string;
  let noRole: string;
  const ctx: Context = { image: '', ids: new Map() };
  const heard: Change[] = [];
  beforeAll(async () => {
    // The app's own timer an hour apart: only the test's runs apply anything.
    t = await startApp({ dialect, env: { SCHEDULE_CHECK_SECONDS: '3600' } });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    const a = await createUser(t, 'admin');
    admin = await signIn(t, a.email, a.password);
    const other = await createUser(t, 'noRole');
    noRole = await signIn(t, other.email, other.password);
    ctx.image = await storedImage(t, editor.uid, 'guide.jpg');
    onChange(t.db, (changes) => void heard.push(...changes));
  });
  afterAll(async () => t?.close());

  let n = 0;
  const make = async (d: ResourceDescription): Promise<Rec> => {
    for (const [, f] of fieldsOfResource(d))
      if (f.kind === 'reference' && !ctx.ids.has(f.to!)) {
        const target = servedResources.find((x) => x.name === f.to)!;
        const res = await t.api('POST', `/api/${target.name}`, { cookie, body: bodyOf(target, 9000, ctx) });
        ctx.ids.set(target.name, res.json.id);
      }
    n += 3;
    const made = await t.api('POST', `/api/${d.name}`, { cookie, body: bodyOf(d, n, ctx) });
    expect(made.status, made.text).toBe(201);
    return made.json as Rec;
  };
  const pending = async (d: ResourceDescription, id: string) => {
    const res = await t.api('GET', `/api/${d.name}/${id}/schedule`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.json.items as { id: string; field: string; value: unknown; at: string }[];
  };
  const rows = async () => (await t.db.selectFrom('scheduled_changes').selectAll().execute()).length;
  const entries = (id: string) =>
    t.db.selectFrom('history').selectAll().where('record_id', '=', id).orderBy('seq').execute();

  it('is turned on by care guides', () => {
    expect(WITH.map((d) => d.name)).toContain('careguides');
  });

  describe.each(WITH.map((d) => [d.name, d] as const))('%s', (name, d) => {
    it.each(scheduledFieldsOf(d).map(([k, f]) => [k, f] as const))(
      'schedules %s: listed, marked on the list, applied once at its time as the scheduler, over an edit made since',
      async (field, spec) => {
        const rec = await make(d);
        const value = valueOf(spec, n + 1, ctx);
        expect(value).not.toEqual(rec[field]);
        const at = Date.now() + 2 * HOUR;
        const added = await t.api('POST', `/api/${name}/${rec.id}/schedule`, {
          cookie,
          body: { field, value, at: iso(at) },
        });
        expect(added.status, added.text).toBe(201);
        expect(added.json).toMatchObject({ field, value, at: iso(at) });
        expect(await pending(d, rec.id)).toEqual([expect.objectContaining({ id: added.json.id, field, value })]);
        // The record and its list answer it with its pending changes (the list's mark).
        expect((await t.api('GET', `/api/${name}/${rec.id}`, { cookie })).json.scheduled).toHaveLength(1);
        const list = await t.api('GET', `/api/${name}?limit=100`, { cookie });
        const row = (list.json.items as Rec[]).find((x) => x.id === rec.id)!;
        expect(row.scheduled).toEqual([expect.objectContaining({ field, value, at: iso(at) })]);

        // An editor's save meanwhile (another field, or none): the scheduled value goes over the record as it is then.
        const other = fieldsOfResource(d).find(([k, f]) => k !== field && f.kind === 'line' && !f.unique);
        const edited = other
          ? await t.api('PATCH', `/api/${name}/${rec.id}`, {
              cookie,
              headers: { 'If-Match': `"${rec.version}"` },
              body: { [other[0]]: 'Edited since' },
            })
          : null;
        const version = edited ? (edited.json as Rec).version : rec.version;

        expect(await applyAllDue(t.db, servedResources, new Date(at - 1000))).toBe(0);
        heard.length = 0;
        expect(await applyAllDue(t.db, servedResources, new Date(at))).toBe(1);
        const after = (await t.api('GET', `/api/${name}/${rec.id}`, { cookie })).json as Rec;
        expect(after[field]).toEqual(value);
        expect(after.version).toBe(version + 1);
        if (other) expect(after[other[0]]).toBe('Edited since');
        expect(after.scheduled).toBeUndefined();
        expect(await pending(d, rec.id)).toEqual([]);
        const last = (await entries(rec.id)).at(-1)!;
        expect(last).toMatchObject({ actor: SCHEDULER_ACTOR, action: 'changed', kind: 'record', resource: name });
        expect(Object.keys(JSON.parse(last.diff))).toEqual([field]);
        expect(heard).toEqual([
          { kind: 'record', resource: name, id: rec.id, version: version + 1, actor: SCHEDULER_ACTOR },
        ]);
        // Once: a later run finds nothing.
        expect(await applyAllDue(t.db, servedResources, new Date(at + HOUR))).toBe(0);
      },
    );

    it('refuses a past time, a bad value and a field not scheduled, storing nothing', async () => {
      const rec = await make(d);
      const [field, spec] = scheduledFieldsOf(d)[0]!;
      const before = await rows();
      const tryAdd = (body: unknown) => t.api('POST', `/api/${name}/${rec.id}/schedule`, { cookie, body });
      const past = await tryAdd({ field, value: valueOf(spec, 1, ctx), at: iso(Date.now() - 60_000) });
      expect(past.status).toBe(400);
      expect(past.json.error.message).toBe('Choose a time in the future.');
      const future = iso(Date.now() + HOUR);
      const bad = await tryAdd({ field, value: { not: 'a value' }, at: future });
      expect(bad.status, bad.text).toBe(400);
      expect(bad.json.error.details).toEqual([expect.objectContaining({ path: '/value' })]);
      const unscheduled = fieldsOfResource(d).find(([k]) => !(d.schedule ?? []).includes(k))![0];
      const notScheduled = await tryAdd({ field: unscheduled, value: 'x', at: future });
      expect(notScheduled.status).toBe(400);
      expect(notScheduled.json.error.message).toBe('This field cannot be scheduled.');
      expect((await tryAdd({ field, value: valueOf(spec, 1, ctx), at: 'tomorrow' })).status).toBe(400);
      const unknown = await t.api('POST', `/api/${name}/no-such-id/schedule`, {
        cookie,
        body: { field, value: valueOf(spec, 1, ctx), at: future },
      });
      expect(unknown.status).toBe(404);
      expect(await rows()).toBe(before);
      expect(await pending(d, rec.id)).toEqual([]);
    });

    it('cancels a pending change, which then never applies', async () => {
      const rec = await make(d);
      const [field, spec] = scheduledFieldsOf(d)[0]!;
      const at = Date.now() + 3 * HOUR;
      const added = await t.api('POST', `/api/${name}/${rec.id}/schedule`, {
        cookie,
        body: { field, value: valueOf(spec, n + 1, ctx), at: iso(at) },
      });
      expect(added.status).toBe(201);
      const url = `/api/${name}/${rec.id}/schedule/${added.json.id}`;
      expect((await t.api('DELETE', url, { cookie })).status).toBe(204);
      expect(await pending(d, rec.id)).toEqual([]);
      expect((await t.api('DELETE', url, { cookie })).status).toBe(404);
      expect(await applyAllDue(t.db, servedResources, new Date(at))).toBe(0);
      expect(((await t.api('GET', `/api/${name}/${rec.id}`, { cookie })).json as Rec).version).toBe(rec.version);
    });

    it('drops a change its record no longer takes, with a note as the scheduler, and applies the rest', async () => {
      const rec = await make(d);
      const [field, spec] = scheduledFieldsOf(d)[0]!;
      const at = Date.now() + 4 * HOUR;
      const good = await t.api('POST', `/api/${name}/${rec.id}/schedule`, {
        cookie,
        body: { field, value: valueOf(spec, n + 1, ctx), at: iso(at) },
      });
      expect(good.status).toBe(201);
      // A value its field's rule refuses now (a description changed since it was scheduled: an option gone).
      await t.db
        .insertInto('scheduled_changes')
        .values({
          id: 'stale-value',
          resource: name,
          record_id: rec.id,
          field,
          value: JSON.stringify({ gone: true }),
          due: iso(at - 1000),
          created: iso(Date.now()),
          created_by: null,
        })
        .execute();
      expect(await applyDueChanges(t.db, servedResources, new Date(at))).toBe(1);
      expect(await rows()).toBe(0);
      const history = await entries(rec.id);
      const note = history.find((e) => e.action === 'scheduleDropped')!;
      expect(note).toMatchObject({ actor: SCHEDULER_ACTOR, kind: 'record', resource: name });
      expect(JSON.parse(note.diff)).toEqual({ [field]: [null, { gone: true }] });
      expect(history.at(-1)!.action).toBe('changed');
    });

    const unique = scheduledFieldsOf(d).find(([, f]) => f.unique);
    it.runIf(unique)('drops a unique value another record took meanwhile, changing nothing', async () => {
      const [field, spec] = unique!;
      const rec = await make(d);
      const at = Date.now() + 5 * HOUR;
      const value = valueOf(spec, 100_000 + n, ctx);
      expect(
        (await t.api('POST', `/api/${name}/${rec.id}/schedule`, { cookie, body: { field, value, at: iso(at) } }))
          .status,
      ).toBe(201);
      const taker = await t.api('POST', `/api/${name}`, {
        cookie,
        body: { ...bodyOf(d, n + 2, ctx), [field]: value },
      });
      expect(taker.status, taker.text).toBe(201);
      expect(await applyDueChanges(t.db, servedResources, new Date(at))).toBe(0);
      const after = (await t.api('GET', `/api/${name}/${rec.id}`, { cookie })).json as Rec;
      expect(after.version).toBe(rec.version);
      expect(after[field]).toEqual(rec[field]);
      expect((await entries(rec.id)).at(-1)!.action).toBe('scheduleDropped');
      expect(await rows()).toBe(0);
    });

    it('applies a change once when two runs meet', async () => {
      const rec = await make(d);
      const [field, spec] = scheduledFieldsOf(d)[0]!;
      const at = Date.now() + 6 * HOUR;
      await t.api('POST', `/api/${name}/${rec.id}/schedule`, {
        cookie,
        body: { field, value: valueOf(spec, n + 1, ctx), at: iso(at) },
      });
      const done = await Promise.all([
        applyDueChanges(t.db, servedResources, new Date(at)),
        applyDueChanges(t.db, servedResources, new Date(at)),
      ]);
      // One run applies it; the other finds it claimed (or, on PostgreSQL, the lock taken and leaves it).
      expect(done[0]! + done[1]!).toBe(1);
      expect((await entries(rec.id)).filter((e) => e.actor === SCHEDULER_ACTOR)).toHaveLength(1);
      expect(await rows()).toBe(0);
    });

    it("drops a record's pending changes with it", async () => {
      const rec = await make(d);
      const [field, spec] = scheduledFieldsOf(d)[0]!;
      await t.api('POST', `/api/${name}/${rec.id}/schedule`, {
        cookie,
        body: { field, value: valueOf(spec, n + 1, ctx), at: iso(Date.now() + HOUR) },
      });
      expect(await rows()).toBe(1);
      const del = await t.api('DELETE', `/api/${name}/${rec.id}`, {
        cookie: admin,
        headers: { 'If-Match': `"${rec.version}"` },
      });
      expect(del.status, del.text).toBe(204);
      expect(await rows()).toBe(0);
    });

    it('is for those who may edit the record only', async () => {
      const rec = await make(d);
      const [field, spec] = scheduledFieldsOf(d)[0]!;
      const body = { field, value: valueOf(spec, n + 1, ctx), at: iso(Date.now() + HOUR) };
      const base = `/api/${name}/${rec.id}/schedule`;
      expect((await t.api('GET', base, { cookie: noRole })).status).toBe(403);
      expect((await t.api('POST', base, { cookie: noRole, body })).status).toBe(403);
      const added = await t.api('POST', base, { cookie, body });
      expect((await t.api('DELETE', `${base}/${added.json.id}`, { cookie: noRole })).status).toBe(403);
      expect((await t.api('GET', base, {})).status).toBe(401);
      expect(await pending(d, rec.id)).toHaveLength(1);
      expect((await t.api('DELETE', `${base}/${added.json.id}`, { cookie })).status).toBe(204);
    });
  });

  it.each(WITHOUT.map((d) => [d.name] as const))(
    'offers no schedule for %s, which does not turn it on',
    async (name) => {
      expect((await t.api('GET', `/api/${name}/any-id/schedule`, { cookie })).status).toBe(404);
      expect((await t.api('POST', `/api/${name}/any-id/schedule`, { cookie, body: {} })).status).toBe(404);
    },
  );
});
