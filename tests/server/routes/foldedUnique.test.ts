import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { messages } from '../../../domain/messages.js';
import { describeResource } from '../../../domain/resourceDescription.js';
import { recordCells } from '../../../domain/recordCsv.js';
import { openDb } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { servedResources } from '../../../server/resources.js';
import { description as careguides } from '../../../resources/careguides/description.js';
import { callerOf, createData, dialects, startApp, type DataStore, type TestApp } from '../helpers/index.js';

// `unique` compares as the find box folds (case and accents, domain/searchFold.ts) unless the description says
// 'exact': add, edit and import refuse 'örngottstyg' beside 'Örngottstyg', naming the field, and store nothing; on
// both databases, through the folded column's unique index (so two at once cannot both get in either).

/** A made-up resource with one folded and one exact unique field (not part of the product). */
const codes = describeResource({
  name: 'fold_codes',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80, unique: true },
    code: { kind: 'line', max: 20, unique: 'exact' },
  },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
});

type Values = Record<string, unknown>;

describe.each(dialects())('unique, folded unless exact (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let admin: string;

  beforeAll(async () => {
    data = await createData(dialect);
    const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await migrate(db);
      await applyTableSteps(db.kysely as unknown as Kysely<unknown>, planSteps([codes], []).steps);
    } finally {
      await db.kysely.destroy();
    }
    t = await startApp({ dialect, data, build: { described: [...servedResources, codes] } });
    admin = (await callerOf(t, 'admin')).cookie!;
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const call = (method: string, path: string, body?: unknown, ifMatch?: number) =>
    t.api(method, path, {
      cookie: admin,
      body,
      origin: t.publicUrl,
      headers: ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` },
    });
  const guide = (title: string): Values => ({ title, body: 'Tvätta i 40 grader.', fabric: 'linen', picture: [] });
  const titles = async (): Promise<string[]> =>
    ((await call('GET', '/api/careguides?limit=100')).json.items as Values[]).map((r) => String(r.title)).sort();
  const duplicate = { path: '/title', message: messages.records.duplicate };

  it('refuses an add or an edit to a value another record has but for case and accents, naming the field', async () => {
    expect((await call('POST', '/api/careguides', guide('Örngottstyg'))).status).toBe(201);
    const other = await call('POST', '/api/careguides', guide('Lakanstyg'));
    expect(other.status, other.text).toBe(201);
    const before = await titles();
    for (const title of ['örngottstyg', 'ORNGOTTSTYG', 'Orngottstyg']) {
      const added = await call('POST', '/api/careguides', guide(title));
      expect(added.status, `${title}: ${added.text}`).toBe(409);
      expect(added.json.error.message).toBe(messages.records.duplicate);
      expect(added.json.error.details).toEqual([duplicate]);
      const edited = await call('PATCH', `/api/careguides/${other.json.id}`, { title }, 1);
      expect(edited.status, `${title}: ${edited.text}`).toBe(409);
      expect(edited.json.error.details).toEqual([duplicate]);
    }
    expect(await titles()).toEqual(before);
    // Its own value in another case is no clash with itself.
    const own = await call('PATCH', `/api/careguides/${other.json.id}`, { title: 'LAKANSTYG' }, 1);
    expect(own.status, own.text).toBe(200);
  });

  it('refuses it in an import, against a record and against an earlier row, applying nothing', async () => {
    const before = await titles();
    const row = (line: number, title: string) => ({
      line,
      cells: recordCells(careguides, { ...guide(title), id: '', translations: {} }),
    });
    const rows = [row(2, 'örngottstyg'), row(3, 'Kuddvar'), row(4, 'KUDDVÅR')];
    const check = await call('POST', '/api/careguides/import', { rows, apply: false });
    expect(check.status, check.text).toBe(200);
    const errors = (check.json.rows as { errors: { field: string; message: string }[] }[]).map((r) => r.errors);
    expect(errors).toEqual([
      [{ field: 'title', message: messages.records.duplicate }],
      [],
      [{ field: 'title', message: 'The same value is on row 3' }],
    ]);
    const applied = await call('POST', '/api/careguides/import', { rows, apply: true });
    expect(applied.status, applied.text).toBe(400);
    expect(await titles()).toEqual(before);
  });

  it('stores one of three adds sent at once that differ by case and accents, refusing the others', async () => {
    const sent = await Promise.all(
      ['Kuddvar i linne', 'KUDDVÅR I LINNE', 'kuddvär i linné'].map((title) =>
        call('POST', '/api/careguides', guide(title)),
      ),
    );
    expect(sent.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const refused of sent.filter((r) => r.status === 409)) expect(refused.json.error.details).toEqual([duplicate]);
    expect((await titles()).filter((x) => /^kuddv/i.test(x))).toHaveLength(1);
  });

  it('compares a field described unique: exact as it is stored', async () => {
    expect((await call('POST', '/api/fold_codes', { name: 'Väveriet', code: 'AB-1' })).status).toBe(201);
    const other = await call('POST', '/api/fold_codes', { name: 'Spinneriet', code: 'ab-1' });
    expect(other.status, other.text).toBe(201);
    const same = await call('POST', '/api/fold_codes', { name: 'Färgeriet', code: 'AB-1' });
    expect(same.status).toBe(409);
    expect(same.json.error.details).toEqual([{ path: '/code', message: messages.records.duplicate }]);
    const folded = await call('POST', '/api/fold_codes', { name: 'VAVERIET', code: 'CD-2' });
    expect(folded.status).toBe(409);
    expect(folded.json.error.details).toEqual([{ path: '/name', message: messages.records.duplicate }]);
  });
});
