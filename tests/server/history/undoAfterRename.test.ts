import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '../../../domain/messages.js';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { openDb } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { servedResources } from '../../../server/resources.js';
import { canUndo } from '../../../resources/shared/history/describe.js';
import type { HistoryEntry } from '../../../domain/history.js';
import { callerOf, createData, dialects, startApp, type DataStore, type TestApp } from '../helpers/index.js';

// A history entry recorded before a field was renamed (renamedFrom) is undone under the field's new name; one of a
// field the description no longer has is refused naming the resource, never as a product's.
const v1 = describeResource({
  name: 'fabrics',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80, unique: true },
    weight: { kind: 'integer', max: 500 },
    note: { kind: 'line', max: 80, optional: true },
  },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
}) as ResourceDescription;
const v2 = describeResource({
  ...v1,
  fields: { name: v1.fields.name!, gsm: { kind: 'integer', max: 500, renamedFrom: 'weight' } },
} as never) as ResourceDescription;

describe.each(dialects())('undo of an entry from before a rename (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let cookie: string;
  const entries: { id: string; fields: string[] }[] = [];
  let id = '';
  beforeAll(async () => {
    data = await createData(dialect);
    const steps = planSteps([v1], []).steps;
    let db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await migrate(db);
      await applyTableSteps(db.kysely as unknown as Kysely<unknown>, steps);
    } finally {
      await db.kysely.destroy();
    }
    const before = await startApp({ dialect, data, build: { described: [...servedResources, v1] } });
    const editor = (await callerOf(before, 'editor')).cookie!;
    const call = (method: string, path: string, body?: unknown, version?: number) =>
      before.api(method, path, {
        cookie: editor,
        body,
        origin: before.publicUrl,
        headers: version === undefined ? {} : { 'if-match': `"${version}"` },
      });
    const made = await call('POST', '/api/fabrics', { name: 'Linen', weight: 200, note: '' });
    id = made.json.id;
    expect((await call('PATCH', `/api/fabrics/${id}`, { weight: 250 }, 1)).status).toBe(200);
    expect((await call('PATCH', `/api/fabrics/${id}`, { note: 'soft' }, 2)).status).toBe(200);
    await before.close();
    db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await applyTableSteps(db.kysely as unknown as Kysely<unknown>, planSteps([v2], steps).steps);
    } finally {
      await db.kysely.destroy();
    }
    t = await startApp({ dialect, data, build: { described: [...servedResources, v2] } });
    cookie = (await callerOf(t, 'editor')).cookie!;
    const history = await t.api('GET', `/api/fabrics/${id}/history`, { cookie });
    for (const e of history.json.items as { id: string; diff: Record<string, unknown> }[])
      entries.push({ id: e.id, fields: Object.keys(e.diff) });
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const undo = (fields: string) =>
    t.api('POST', `/api/fabrics/history/${entries.find((e) => e.fields.join() === fields)!.id}/undo`, {
      cookie,
      origin: t.publicUrl,
      headers: { 'if-match': '"3"' },
    });

  it('sets the renamed field back', async () => {
    const res = await undo('weight');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ name: 'Linen', gsm: 200 });
  });

  it('refuses an entry of a field no longer described, naming the resource', async () => {
    const res = await undo('note');
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(format(messages.history.notUndoableRecord, { resource: 'fabrics' }));
  });
});

describe('the Undo button of an entry from before a rename', () => {
  const entry = (diff: HistoryEntry['diff']) =>
    ({ kind: 'record', resource: 'fabrics', action: 'changed', diff }) as unknown as HistoryEntry;

  it('is offered for a renamed field, and not for one the description no longer has', () => {
    expect(canUndo(entry({ weight: [200, 250] }), v2.fields)).toBe(true);
    expect(canUndo(entry({ note: ['', 'soft'] }), v2.fields)).toBe(false);
  });
});
