import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { labelColumn, recordCells, recordCsvColumns } from '../../../domain/recordCsv.js';
import { messages } from '../../../domain/messages.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { openDb } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { servedResources } from '../../../server/resources.js';
import { callerOf, createData, dialects, startApp, type DataStore, type TestApp } from '../helpers/index.js';

// Several references (the `references` kind) and 'Used by', on both databases, through the real server: fabrics made
// of several mills (a JSON list of ids, each checked to exist, at most `max`), answered with the mills' labels,
// filtered by "has any of", exported with a label column and imported with an id to nothing refused; a mill's 'Used
// by' counts the fabrics and audits pointing to it, only those the reader may read; a mill pointed to cannot be
// deleted. The field is added to a table that already has a fabric (the migration `npm run resources` writes),
// which reads as none.
const mills = describeResource({
  name: 'mills',
  area: 'products',
  access: { read: 'signedIn' },
  fields: { name: { kind: 'line', max: 80, unique: true } },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
}) as ResourceDescription;
const fabricsBefore = describeResource({
  name: 'fabrics',
  area: 'products',
  fields: { name: { kind: 'line', max: 80, unique: true } },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
}) as ResourceDescription;
const fabrics = describeResource({
  name: 'fabrics',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80, unique: true },
    mills: { kind: 'references', to: 'mills', max: 3, optional: true },
  },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
}) as ResourceDescription;
/** Who only admins read, pointing to a mill by one reference. */
const audits = describeResource({
  name: 'audits',
  area: 'users',
  fields: { title: { kind: 'line', max: 80 }, mill: { kind: 'reference', to: 'mills' } },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
}) as ResourceDescription;

type Rec = { id: string; version: number; name: string; mills: string[]; labels?: Record<string, string> };

describe.each(dialects())('several references and Used by (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let editor: string;
  let admin: string;
  let staff: string;
  let older = '';
  const mill: Record<string, string> = {};
  beforeAll(async () => {
    data = await createData(dialect);
    const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await migrate(db);
      const k = db.kysely as unknown as Kysely<unknown>;
      // The fabrics table before the field, with a fabric in it; then the migration that adds it.
      const first = planSteps([mills, fabricsBefore, audits], []).steps;
      await applyTableSteps(k, first);
      older = 'f-older';
      await k
        .insertInto('fabrics' as never)
        .values({ id: older, version: 1, name: 'Older', created: new Date().toISOString() } as never)
        .execute();
      const added = planSteps([mills, fabrics, audits], first);
      expect(added.problems).toEqual([]);
      await applyTableSteps(k, added.steps);
    } finally {
      await db.kysely.destroy();
    }
    t = await startApp({ dialect, data, build: { described: [...servedResources, mills, fabrics, audits] } });
    editor = (await callerOf(t, 'editor')).cookie!;
    admin = (await callerOf(t, 'admin')).cookie!;
    staff = (await callerOf(t, 'noRole')).cookie!;
    for (const name of ['Linen Mill AB', 'Wool Works', 'Idle Mill']) {
      const res = await t.api('POST', '/api/mills', { cookie: editor, origin: t.publicUrl, body: { name } });
      expect(res.status, res.text).toBe(201);
      mill[name] = res.json.id as string;
    }
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const add = (cookie: string, resource: string, body: Record<string, unknown>) =>
    t.api('POST', `/api/${resource}`, { cookie, origin: t.publicUrl, body });
  const names = async (query: string) => {
    const res = await t.api('GET', `/api/fabrics?${query}`, { cookie: editor });
    expect(res.status, res.text).toBe(200);
    return (res.json.items as Rec[]).map((r) => r.name);
  };

  it('reads a fabric written before the field as pointing to none', async () => {
    const res = await t.api('GET', `/api/fabrics/${older}`, { cookie: editor });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ name: 'Older', mills: [], labels: {} });
  });

  it('stores the ids in the order chosen, each once, and answers them with their labels', async () => {
    const res = await add(editor, 'fabrics', {
      name: 'Half linen',
      mills: [mill['Wool Works'], mill['Linen Mill AB'], mill['Wool Works']],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      mills: [mill['Wool Works'], mill['Linen Mill AB']],
      labels: { mills: 'Wool Works; Linen Mill AB' },
    });
    const list = await t.api('GET', '/api/fabrics?limit=10', { cookie: editor });
    const half = (list.json.items as Rec[]).find((r) => r.name === 'Half linen')!;
    expect(half.labels).toEqual({ mills: 'Wool Works; Linen Mill AB' });
    // Its history names the mills by their labels.
    const history = await t.api('GET', `/api/fabrics/${half.id}/history`, { cookie: editor });
    expect(history.json.items[0]).toMatchObject({
      diff: { mills: [null, [mill['Wool Works'], mill['Linen Mill AB']]] },
      labels: { [mill['Wool Works']!]: 'Wool Works', [mill['Linen Mill AB']!]: 'Linen Mill AB' },
    });
  });

  it('refuses an id that names no record, and more than max, naming the field; nothing is stored', async () => {
    const before = (await names('limit=100')).length;
    const gone = await add(editor, 'fabrics', { name: 'Ghost', mills: [mill['Wool Works'], 'no-such-mill'] });
    expect(gone.status).toBe(400);
    expect(gone.json.error.message).toBe(messages.records.noSuchReference);
    expect(gone.json.error.details).toEqual([{ path: '/mills', message: messages.records.noSuchReference }]);
    const many = await add(editor, 'fabrics', { name: 'Ghost', mills: ['a', 'b', 'c', 'd'] });
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.json.error)).toContain('Choose at most 3.');
    expect((await names('limit=100')).length).toBe(before);
    // An edit is checked the same way.
    const rec = (await add(editor, 'fabrics', { name: 'Plain', mills: [] })).json as Rec;
    const edit = await t.api('PATCH', `/api/fabrics/${rec.id}`, {
      cookie: editor,
      origin: t.publicUrl,
      headers: { 'If-Match': `"${rec.version}"` },
      body: { mills: ['no-such-mill'] },
    });
    expect(edit.status).toBe(400);
    expect((await t.api('GET', `/api/fabrics/${rec.id}`, { cookie: editor })).json.mills).toEqual([]);
  });

  it('filters by "has any of" the ids named', async () => {
    await add(editor, 'fabrics', { name: 'Tweed', mills: [mill['Wool Works']] });
    expect(await names(`mills=${mill['Linen Mill AB']}`)).toEqual(['Half linen']);
    expect(await names(`mills=${mill['Wool Works']}`)).toEqual(['Half linen', 'Tweed']);
    expect(await names(`mills=${mill['Idle Mill']},${mill['Linen Mill AB']}`)).toEqual(['Half linen']);
    expect(await names('mills=nothing-here')).toEqual([]);
    const bad = await t.api('GET', `/api/fabrics?mills=${'x'.repeat(65)}`, { cookie: editor });
    expect(bad.status).toBe(400);
  });

  it('exports ids with a label column, and an import refuses an id to nothing in its check and its apply', async () => {
    expect(recordCsvColumns(fabrics)).toEqual(['id', 'name', 'mills', labelColumn('mills')]);
    const list = await t.api('GET', `/api/fabrics?mills=${mill['Linen Mill AB']}`, { cookie: editor });
    const half = (list.json.items as Rec[])[0]!;
    expect(recordCells(fabrics, half)).toMatchObject({
      mills: `${mill['Wool Works']}; ${mill['Linen Mill AB']}`,
      mills_label: 'Wool Works; Linen Mill AB',
    });
    const rows = [
      { line: 2, cells: { id: '', name: 'Imported', mills: `${mill['Wool Works']}; nope`, mills_label: 'x' } },
    ];
    const check = await t.api('POST', '/api/fabrics/import', {
      cookie: editor,
      origin: t.publicUrl,
      body: { rows, apply: false },
    });
    expect(check.status, check.text).toBe(200);
    expect(check.json.rows[0]).toMatchObject({
      action: 'error',
      errors: [{ field: 'mills', message: messages.records.noSuchReference }],
    });
    const apply = await t.api('POST', '/api/fabrics/import', {
      cookie: editor,
      origin: t.publicUrl,
      body: { rows, apply: true },
    });
    expect(apply.status).toBe(400);
    expect(await names('limit=100')).not.toContain('Imported');
    const good = await t.api('POST', '/api/fabrics/import', {
      cookie: editor,
      origin: t.publicUrl,
      body: { rows: [{ line: 2, cells: { ...rows[0]!.cells, mills: mill['Idle Mill'] } }], apply: true },
    });
    expect(good.status, good.text).toBe(200);
    expect(await names(`mills=${mill['Idle Mill']}`)).toEqual(['Imported']);
  });

  it('counts who points to a mill, of the resources the reader may read, and refuses its delete', async () => {
    const wool = mill['Wool Works']!;
    const audit = await add(admin, 'audits', { title: 'Spring audit', mill: wool });
    expect(audit.status, audit.text).toBe(201);
    const usedBy = async (cookie: string, id = wool) => {
      const res = await t.api('GET', `/api/mills/${id}/usedby`, { cookie });
      expect(res.status, res.text).toBe(200);
      return res.json as unknown;
    };
    expect(await usedBy(editor)).toEqual([{ resource: 'fabrics', field: 'mills', count: 2 }]);
    expect(await usedBy(admin)).toEqual([
      { resource: 'fabrics', field: 'mills', count: 2 },
      { resource: 'audits', field: 'mill', count: 1 },
    ]);
    // Someone who may read mills but neither fabrics nor audits is told of none.
    expect(await usedBy(staff)).toEqual([]);
    expect((await t.api('GET', `/api/mills/no-such-mill/usedby`, { cookie: editor })).status).toBe(404);
    expect((await t.api('GET', `/api/mills/${wool}/usedby`, {})).status).toBe(401);

    const { version } = (await t.api('GET', `/api/mills/${wool}`, { cookie: admin })).json as Rec;
    const del = (id: string, v: number) =>
      t.api('DELETE', `/api/mills/${id}`, { cookie: admin, origin: t.publicUrl, headers: { 'If-Match': `"${v}"` } });
    const refused = await del(wool, version);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(messages.records.inUse);
    expect(refused.json.error.details).toEqual({ pointer: { resource: 'fabrics', field: 'mills' } });
    expect((await t.api('GET', `/api/mills/${wool}`, { cookie: admin })).status).toBe(200);

    // Linen is pointed to by one fabric's list only: once that fabric lets go of it, it may go.
    const linen = mill['Linen Mill AB']!;
    expect(await usedBy(editor, linen)).toEqual([{ resource: 'fabrics', field: 'mills', count: 1 }]);
    const half = ((await t.api('GET', `/api/fabrics?mills=${linen}`, { cookie: editor })).json.items as Rec[])[0]!;
    const edit = await t.api('PATCH', `/api/fabrics/${half.id}`, {
      cookie: editor,
      origin: t.publicUrl,
      headers: { 'If-Match': `"${half.version}"` },
      body: { mills: [wool] },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(await usedBy(editor, linen)).toEqual([]);
    const linenVersion = ((await t.api('GET', `/api/mills/${linen}`, { cookie: admin })).json as Rec).version;
    expect((await del(linen, linenVersion)).status).toBe(204);
  });
});
