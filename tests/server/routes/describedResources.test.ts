import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import {
  accessOf,
  fieldsOfResource,
  hasSearch,
  integerBounds,
  labelOf,
  numberBounds,
  type ResourceDescription,
} from '../../../domain/resourceDescription.js';
import { bodyOf, everyKind, valueOf, type Context, type Values } from '../helpers/recordValues.js';
import { labelColumn, recordCells, recordCsvColumns } from '../../../domain/recordCsv.js';
import { openDb } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { servedResources } from '../../../server/resources.js';
import { description as careguides } from '../../../resources/careguides/description.js';
import { texts as careTexts } from '../../../resources/careguides/texts.js';
import {
  KINDS,
  callerOf,
  createData,
  dialects,
  startApp,
  type DataStore,
  type Kind,
  type TestApp,
} from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { recordRows } from '../helpers/matrix.js';
import { onChange, type Change } from '../../../server/core/events.js';

// Every described resource (server/resources.generated.ts, the folders of resources/), and one made here with a field
// of every kind, through the same routes and the same checks: list and paging, add, edit (409 when stale), delete,
// history and undo, the CSV round trip, the partial-name search and the role matrix, on both databases. A new resource
// needs no new test: its values come from a generator per field kind.

const RESOURCES: ResourceDescription[] = [...servedResources, everyKind];

/** The field an edit changes: the first that may change, is not unique and has another value for another n. */
const editable = (d: ResourceDescription): string =>
  fieldsOfResource(d).find(
    ([, f]) => !f.locked && !f.unique && ['line', 'text', 'translated', 'integer', 'number', 'choice'].includes(f.kind),
  )![0];

describe.each(dialects())('every described resource (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  const cookies = new Map<Kind, string | undefined>();
  let admin: string;
  const ctx: Context = { image: '', ids: new Map() };

  beforeAll(async () => {
    data = await createData(dialect);
    // The made-up resource's table, as its generated migration would make it.
    const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await migrate(db);
      await applyTableSteps(db.kysely as unknown as Kysely<unknown>, planSteps([everyKind], []).steps);
    } finally {
      await db.kysely.destroy();
    }
    t = await startApp({ dialect, data, build: { described: RESOURCES } });
    for (const kind of KINDS) cookies.set(kind, (await callerOf(t, kind)).cookie);
    admin = cookies.get('admin')!;
    const adminUid = (await t.api('GET', '/api/me', { cookie: admin })).json.uid as string;
    ctx.image = await storedImage(t, adminUid);
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const call = (method: string, path: string, body?: unknown, ifMatch?: number, cookie = admin) =>
    t.api(method, path, {
      cookie,
      body,
      origin: t.publicUrl,
      headers: ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` },
    });

  describe.each(RESOURCES.map((d) => [d.name, d] as const))('%s', (name, d) => {
    const path = `/api/${name}`;
    const made: Values[] = [];

    beforeAll(async () => {
      // A record of each resource this one points to, made first (references are checked).
      for (const [, f] of fieldsOfResource(d)) {
        if (f.kind !== 'reference' || ctx.ids.has(f.to!)) continue;
        const target = RESOURCES.find((x) => x.name === f.to)!;
        const res = await call('POST', `/api/${target.name}`, bodyOf(target, 9000, ctx));
        expect(res.status, res.text).toBe(201);
        ctx.ids.set(target.name, res.json.id);
      }
    });

    it('adds records and lists them in its order, ten a page, with a cursor to the rest', async () => {
      const before = (await call('GET', `${path}?limit=100`)).json.items.length as number;
      for (const n of [12, 3, 7, 1, 10, 5, 8, 2, 11, 4, 9, 6]) {
        const body = bodyOf(d, n, ctx);
        const res = await call('POST', path, body);
        expect(res.status, res.text).toBe(201);
        expect(res.json).toMatchObject({ ...body, version: 1, updated: null });
        expect(res.headers.get('etag')).toBe('"1"');
        made.push(res.json);
      }
      const seen: string[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const res = await call('GET', next ? `${path}?after=${encodeURIComponent(next)}` : path);
        expect(res.status, res.text).toBe(200);
        expect(res.json.items.length).toBeLessThanOrEqual(10);
        seen.push(...res.json.items.map((r: Values) => r.id as string));
        next = res.json.next;
        pages += 1;
      } while (next);
      expect(seen).toHaveLength(before + 12);
      expect(pages).toBe(Math.ceil((before + 12) / 10));
      expect(new Set(seen).size).toBe(seen.length);
      // Ours in the order of their sort field's n (each kind's value grows with n).
      const ours = seen.filter((id) => made.some((m) => m.id === id));
      const byN = [...made].sort((a, b) => {
        const na = Number(/\d{4}/.exec(String(a[d.sort.field]))?.[0] ?? 0);
        const nb = Number(/\d{4}/.exec(String(b[d.sort.field]))?.[0] ?? 0);
        return d.sort.order === 'asc' ? na - nb : nb - na;
      });
      if (['line', 'translated'].includes(d.fields[d.sort.field]!.kind)) expect(ours).toEqual(byN.map((m) => m.id));
    });

    it('refuses a bad value of each field with a clear message, and a huge number, storing nothing', async () => {
      const count = async () => (await call('GET', `${path}?limit=100`)).json.items.length as number;
      const before = await count();
      for (const [k, f] of fieldsOfResource(d)) {
        const bad: unknown =
          f.kind === 'boolean'
            ? 'yes'
            : f.kind === 'integer' || f.kind === 'number'
              ? 1e308
              : f.kind === 'images'
                ? ['/files/elsewhere/x.jpg']
                : f.kind === 'choice' || f.kind === 'country'
                  ? 'not-one'
                  : `bad\u0000${k}`;
        const res = await call('POST', path, { ...bodyOf(d, 500, ctx), [k]: bad });
        expect(res.status, `${k}: ${res.text}`).toBe(400);
        const detail = (res.json.error.details as { path: string; message: string }[]).find(
          (x) => x.path.endsWith(`/${k}`) || x.path.includes(`/${k}/`),
        );
        expect(detail?.message, `${k}: ${res.text}`).toBeTruthy();
        if (f.kind === 'integer' || f.kind === 'number') {
          const { min, max } = f.kind === 'integer' ? integerBounds(f) : numberBounds(f);
          expect(detail!.message).toBe(
            messages.records.badNumber.replace('%{min}', String(min)).replace('%{max}', String(max)),
          );
        }
      }
      expect(await count()).toBe(before);
    });

    it('edits only from the version loaded (409 when stale), and deletes likewise', async () => {
      const rec = made[0]!;
      const field = editable(d);
      const changed = valueOf(d.fields[field]!, 700, ctx);
      const saved = await call('PATCH', `${path}/${rec.id}`, { [field]: changed }, 1);
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json).toMatchObject({ [field]: changed, version: 2 });
      const stale = await call('PATCH', `${path}/${rec.id}`, { [field]: valueOf(d.fields[field]!, 701, ctx) }, 1);
      expect(stale.status).toBe(409);
      expect(stale.json.error.message).toBe(messages.records.stale);
      expect((await call('GET', `${path}/${rec.id}`)).json).toMatchObject({ [field]: changed, version: 2 });

      const gone = made[1]!;
      expect((await call('DELETE', `${path}/${gone.id}`, undefined, 2)).status).toBe(409);
      expect((await call('DELETE', `${path}/${gone.id}`)).status).toBe(400);
      expect((await call('DELETE', `${path}/${gone.id}`, undefined, 1)).status).toBe(204);
      expect((await call('GET', `${path}/${gone.id}`)).status).toBe(404);
      const history = (await call('GET', `${path}/${gone.id}/history`)).json.items as { action: string }[];
      expect(history.map((e) => e.action)).toEqual(['deleted', 'created']);
      // The Activity page still names it as staff knew it (from its 'deleted' entry), on every entry of it.
      const activity = (await call('GET', '/api/history?kind=record&limit=100')).json.items as {
        recordId: string;
        recordLabel: string | null;
      }[];
      const its = activity.filter((e) => e.recordId === gone.id);
      expect(its).toHaveLength(2);
      for (const e of its) expect(e.recordLabel).toBe(String(gone[labelOf(d)]));
    });

    it('keeps each record’s history, and undoes a change (refused once changed again)', async () => {
      const rec = made[2]!;
      const field = editable(d);
      const old = rec[field];
      const edited = await call('PATCH', `${path}/${rec.id}`, { [field]: valueOf(d.fields[field]!, 800, ctx) }, 1);
      expect(edited.status, edited.text).toBe(200);
      const entries = (await call('GET', `${path}/${rec.id}/history`)).json.items as {
        id: string;
        action: string;
        kind: string;
        resource: string;
        diff: Record<string, unknown>;
      }[];
      expect(entries.map((e) => [e.action, e.kind, e.resource])).toEqual([
        ['changed', 'record', name],
        ['created', 'record', name],
      ]);
      expect(Object.keys(entries[0]!.diff)).toEqual([field]);
      // The Activity page lists it too (the one commit path records both).
      const activity = (await call('GET', '/api/history?kind=record')).json.items as {
        recordId: string;
        recordLabel: string | null;
      }[];
      // Named as staff know it: by its label field.
      expect(activity.find((e) => e.recordId === rec.id)?.recordLabel).toBe(String(rec[labelOf(d)]));

      expect((await call('POST', `${path}/history/${entries[0]!.id}/undo`, {}, 1)).status).toBe(409);
      const undone = await call('POST', `${path}/history/${entries[0]!.id}/undo`, undefined, 2);
      expect(undone.status, undone.text).toBe(200);
      expect(undone.json).toMatchObject({ [field]: old, version: 3 });
      // The same change again: the field no longer holds what it gave, so nothing is overwritten.
      const again = await call('POST', `${path}/history/${entries[0]!.id}/undo`, undefined, 3);
      expect(again.status).toBe(409);
      // Adding a record is no change to undo.
      const created = entries[1]!;
      expect((await call('POST', `${path}/history/${created.id}/undo`, undefined, 3)).status).toBe(400);
    });

    it('round-trips its CSV: read back it changes nothing; a changed cell and a new row are applied', async () => {
      const all = (await call('GET', `${path}?limit=100`)).json.items as Values[];
      const rows = all.map((rec, i) => ({ line: i + 2, cells: recordCells(d, rec) }));
      const check = await call('POST', `${path}/import`, { rows, apply: false });
      expect(check.status, check.text).toBe(200);
      expect(check.json.counts).toEqual({ create: 0, update: 0, same: all.length, error: 0 });
      expect(recordCsvColumns(d)[0]).toBe('id');
      for (const [k, f] of fieldsOfResource(d)) expect(recordCsvColumns(d).includes(k)).toBe(f.exported ?? true);

      const field = editable(d);
      const target = all[0]!;
      const newValue = valueOf(d.fields[field]!, 900, ctx);
      const fresh = recordCells(d, { ...bodyOf(d, 901, ctx), id: '' });
      const changedRows = [
        { line: 2, cells: { ...recordCells(d, target), [field]: String(newValue) } },
        { line: 3, cells: fresh },
      ];
      const badRows = [...changedRows, { line: 4, cells: { ...fresh, id: 'no-such-id' } }];
      const refused = await call('POST', `${path}/import`, { rows: badRows, apply: true });
      expect(refused.status).toBe(400);
      expect((await call('GET', `${path}/${target.id}`)).json.version).toBe(target.version);

      const applied = await call('POST', `${path}/import`, { rows: changedRows, apply: true });
      expect(applied.status, applied.text).toBe(200);
      expect(applied.json).toMatchObject({ counts: { create: 1, update: 1, same: 0, error: 0 }, applied: true });
      expect(applied.json.rows[0].changes).toEqual([field]);
      expect((await call('GET', `${path}/${target.id}`)).json).toMatchObject({
        [field]: newValue,
        version: (target.version as number) + 1,
      });
      const after = (await call('GET', `${path}?limit=100`)).json.items as Values[];
      expect(after).toHaveLength(all.length + 1);
    });

    it('checks every refusal Apply makes, by row and column, in the UI’s language; a clean file applies', async () => {
      // Each of these rows once checked as fine and then failed the apply.
      const target = made[0]!;
      const fresh = (n: number) => recordCells(d, { ...bodyOf(d, n, ctx), id: '' });
      const rows: { line: number; cells: Record<string, string> }[] = [];
      const wanted: { line: number; field: string; en: string; sv: string }[] = [];
      const add = (cells: Record<string, string>, field: string, en: string, sv: string) => {
        const line = rows.length + 2;
        rows.push({ line, cells });
        wanted.push({ line, field, en, sv });
      };
      for (const [k, f] of fieldsOfResource(d)) {
        if (f.unique) {
          add({ ...fresh(950), [k]: recordCells(d, target)[k]! }, k, messages.records.duplicate, sv.records.duplicate);
          const first = rows.length + 2;
          rows.push({ line: first, cells: fresh(951) });
          add(fresh(951), k, `The same value is on row ${first}`, `Samma värde finns på rad ${first}`);
        }
        if (f.kind === 'reference')
          add(
            { ...fresh(952), [k]: 'no-such-record' },
            k,
            messages.records.noSuchReference,
            sv.records.noSuchReference,
          );
        if (f.kind === 'images') {
          const unfinished = { ...fresh(954), [k]: '/files/Uploads/never-uploaded.jpg' };
          add(unfinished, k, messages.uploads.unfinished, sv.uploads.unfinished);
        }
        if (f.locked) add({ ...recordCells(d, target), [k]: 'Another' }, k, messages.records.locked, sv.records.locked);
      }
      for (const lang of ['en', 'sv'] as const) {
        const headers = { 'accept-language': lang };
        const check = await t.api('POST', `${path}/import`, { cookie: admin, body: { rows, apply: false }, headers });
        expect(check.status, check.text).toBe(200);
        for (const w of wanted) {
          const row = (check.json.rows as { line: number; action: string; errors: unknown[] }[])[w.line - 2]!;
          expect(row, `line ${w.line}`).toMatchObject({ line: w.line, action: 'error' });
          expect(row.errors).toContainEqual({ field: w.field, message: w[lang] });
        }
      }
      const refused = await call('POST', `${path}/import`, { rows, apply: true });
      expect(refused.status).toBe(400);
      const clean = [fresh(951), fresh(953)].map((cells, i) => ({ line: i + 2, cells }));
      const applied = await call('POST', `${path}/import`, { rows: clean, apply: true });
      expect(applied.status, applied.text).toBe(200);
      expect(applied.json.counts).toEqual({ create: 2, update: 0, same: 0, error: 0 });
    });

    it('finds by words of its searched fields, in any case and any language; exactly by its search field', async () => {
      const rec = made[5]!;
      const exact = await call('GET', `${path}?${d.search}=${encodeURIComponent(String(rec[d.search]))}`);
      expect(exact.json.items.map((r: Values) => r.id)).toEqual([rec.id]);
      if (!hasSearch(d)) return;
      const [k, f] = fieldsOfResource(d).find(([, x]) => x.search)!;
      const word = /\S*\d{4}\S*/.exec(String(rec[k]))?.[0] ?? String(rec[k]).split(/\s+/)[0]!;
      const found = await call('GET', `${path}?q=${encodeURIComponent(word.toUpperCase())}`);
      expect(found.json.items.map((r: Values) => r.id)).toContain(rec.id);
      expect(found.json.items.every((r: Values) => JSON.stringify(r).toLowerCase().includes(word.toLowerCase()))).toBe(
        true,
      );
      if (f.kind === 'translated' || fieldsOfResource(d).some(([, x]) => x.search && x.kind === 'translated')) {
        const n = /\d{4}/.exec(String(rec[d.search]))![0];
        const sv = await call('GET', `${path}?q=${encodeURIComponent(`SVENSK${n}`)}`);
        expect(sv.json.items.map((r: Values) => r.id)).toEqual([rec.id]);
      }
      expect((await call('GET', `${path}?q=${encodeURIComponent('%_')}`)).json.items).toEqual([]);
    });

    it('announces each change once committed (webhooks, live lists): add, edit and delete', async () => {
      const heard: Change[] = [];
      const stop = onChange(t.db, (changes) => void heard.push(...changes));
      try {
        const body = bodyOf(d, 950, ctx);
        const added = await call('POST', path, body);
        expect(added.status, added.text).toBe(201);
        const field = editable(d);
        await call('PATCH', `${path}/${added.json.id}`, { [field]: valueOf(d.fields[field]!, 951, ctx) }, 1);
        await call('PATCH', `${path}/${added.json.id}`, { [field]: valueOf(d.fields[field]!, 952, ctx) }, 1);
        expect((await call('DELETE', `${path}/${added.json.id}`, undefined, 2)).status).toBe(204);
        expect(heard.map((c) => (c.kind === 'record' ? [c.resource, c.id, c.version] : c.kind))).toEqual([
          [name, added.json.id, 1],
          [name, added.json.id, 2],
          [name, added.json.id, 3],
        ]);
      } finally {
        stop();
      }
    });

    it('answers each caller as its access says (read, edit, delete)', async () => {
      for (const row of recordRows(d)) {
        for (const [i, kind] of KINDS.entries()) {
          const res = await t.api(row.route.split(' ')[0]!, row.url, {
            cookie: cookies.get(kind),
            body: row.body,
            origin: t.publicUrl,
          });
          expect(res.status, `${row.route} as ${kind}`).toBe(row.expected[i]);
        }
      }
      const access = accessOf(d);
      expect(Object.values(access).every((a) => ['signedIn', 'editor', 'admin'].includes(a))).toBe(true);
    });
  });

  it('refuses a reference to a record that does not exist, and a delete of a record pointed to', async () => {
    const missing = await call('POST', '/api/every_kind', { ...bodyOf(everyKind, 600, ctx), supplier: 'no-such' });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toBe(messages.records.noSuchReference);
    const supplierId = ctx.ids.get('suppliers')!;
    const version = (await call('GET', `/api/suppliers/${supplierId}`)).json.version as number;
    const inUse = await call('DELETE', `/api/suppliers/${supplierId}`, undefined, version);
    expect(inUse.status).toBe(409);
    expect(inUse.json.error.message).toBe(messages.records.inUse);
    expect(inUse.json.error.details).toEqual({ pointer: { resource: 'every_kind', field: 'supplier' } });
  });

  it('answers each reference’s label with the record, to a reader who may not read the other resource', async () => {
    const supplierId = ctx.ids.get('suppliers')!;
    const supplier = (await call('GET', `/api/suppliers/${supplierId}`)).json as Values;
    const name = String(supplier[labelOf(servedResources.find((x) => x.name === 'suppliers')!)]);
    const added = await call('POST', '/api/every_kind', { ...bodyOf(everyKind, 610, ctx), supplier: '', makers: [] });
    expect(added.status, added.text).toBe(201);
    expect(added.json.labels).toEqual({});
    const id = added.json.id as string;
    const edited = await call('PATCH', `/api/every_kind/${id}`, { supplier: supplierId }, 1);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.labels).toEqual({ supplier: name });

    // A signed-in person with no role reads every_kind (read: 'signedIn') but not suppliers (the editors' area).
    const reader = cookies.get('noRole');
    expect((await call('GET', `/api/suppliers/${supplierId}`, undefined, undefined, reader)).status).toBe(403);
    const one = await call('GET', `/api/every_kind/${id}`, undefined, undefined, reader);
    expect(one.status, one.text).toBe(200);
    expect(one.json).toMatchObject({ supplier: supplierId, labels: { supplier: name } });
    const list = (await call('GET', '/api/every_kind?limit=100', undefined, undefined, reader)).json.items as Values[];
    expect(list.find((r) => r.id === id)).toMatchObject({ supplier: supplierId, labels: { supplier: name } });
    const title = encodeURIComponent(String(added.json.title));
    const exact = await call('GET', `/api/every_kind?title=${title}`, undefined, undefined, reader);
    expect(exact.json.items[0]).toMatchObject({ id, labels: { supplier: name } });

    // Its history, to the same reader, and the Activity page name the supplier set.
    const history = await call('GET', `/api/every_kind/${id}/history`, undefined, undefined, reader);
    expect(history.status, history.text).toBe(200);
    expect(history.json.items[0]).toMatchObject({
      diff: { supplier: ['', supplierId] },
      labels: { [supplierId]: name },
    });
    const activity = (await call('GET', '/api/history?kind=record&limit=100')).json.items as Values[];
    expect(activity.find((e) => e.recordId === id && e.action === 'changed')).toMatchObject({
      labels: { [supplierId]: name },
    });

    // The CSV: the id in its own column (what the import reads), the label beside it (what people read).
    const cells = recordCells(everyKind, one.json as Values);
    expect(recordCsvColumns(everyKind)).toContain(labelColumn('supplier'));
    expect(cells).toMatchObject({ supplier: supplierId, [labelColumn('supplier')]: name });
    const check = await call('POST', '/api/every_kind/import', { rows: [{ line: 2, cells }], apply: false });
    expect(check.status, check.text).toBe(200);
    expect(check.json.counts).toEqual({ create: 0, update: 0, same: 1, error: 0 });
  });

  it('writes a choice’s label in the reader’s language beside its value; the import reads the value', async () => {
    const path = '/api/careguides';
    const added = await call('POST', path, { ...bodyOf(careguides, 950, ctx), fabric: 'linen' });
    expect(added.status, added.text).toBe(201);
    const cells = recordCells(careguides, added.json as Values, careTexts.sv.options);
    expect(recordCsvColumns(careguides)).toContain(labelColumn('fabric'));
    expect(cells).toMatchObject({ fabric: 'linen', [labelColumn('fabric')]: 'Linne' });
    expect(recordCells(careguides, added.json as Values, careTexts.en.options)).toMatchObject({
      [labelColumn('fabric')]: 'Linen',
    });
    // Read back: nothing to change; a label changed alone changes nothing (it is for people to read).
    const same = await call('POST', `${path}/import`, {
      rows: [{ line: 2, cells: { ...cells, [labelColumn('fabric')]: 'Bomull' } }],
      apply: true,
    });
    expect(same.status, same.text).toBe(200);
    expect(same.json.counts).toEqual({ create: 0, update: 0, same: 1, error: 0 });
    // The stored value changed: applied, stored as the value.
    const changed = await call('POST', `${path}/import`, {
      rows: [{ line: 2, cells: { ...cells, fabric: 'cotton' } }],
      apply: true,
    });
    expect(changed.json.counts, changed.text).toEqual({ create: 0, update: 1, same: 0, error: 0 });
    expect((await call('GET', `${path}/${added.json.id}`)).json.fabric).toBe('cotton');
  });
});
