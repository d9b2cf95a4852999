import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import { describeResource } from '../../../domain/resourceDescription.js';
import { description as suppliers } from '../../../resources/suppliers/description.js';
import { callerOf, dialects, startApp, type TestApp } from '../helpers/index.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { loadSteps } from '../../../scripts/resources.js';

// Suppliers (resources/suppliers/): what is its own (its values tidied and refused, its unique name, its table kept
// across a restart and grown through a migration). What every described resource does (list and paging, add, edit,
// delete, history and undo, CSV, search, the role matrix) is checked once for all in describedResources.test.ts.
const supplier = (n: number) => ({
  name: `Weaver ${String(n).padStart(3, '0')}`,
  contactPerson: `Person ${n}`,
  email: `s${n}@example.com`,
  country: n % 2 === 0 ? 'SE' : 'LT',
  notes: n % 3 === 0 ? 'Line one\nline two' : '',
});

describe.each(dialects())('suppliers (%s)', (dialect) => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    editor = (await callerOf(t, 'editor')).cookie!;
  });
  afterAll(async () => t?.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    t.api('POST', '/api/suppliers', { cookie: editor, body, origin: t.publicUrl, headers });

  it(
    'takes a supplier with only a name and a country; tidies what ' +
      'is typed (trimmed, email lower-case, country upper-case)',
    async () => {
      const res = await post({ name: '  Mill of Ghent ', contactPerson: '', email: '', country: 'be', notes: '' });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ name: 'Mill of Ghent', contactPerson: '', email: '', country: 'BE' });
      const mixed = await post({ ...supplier(70), email: 'Orders@Mill.EXAMPLE' });
      expect(mixed.json.email).toBe('orders@mill.example');
    },
  );

  it('refuses bad input with a clear message, naming the field, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...supplier(80), name: '' }, '/name', messages.common.required],
      [{ ...supplier(80), email: 'not an address' }, '/email', messages.records.badEmail],
      [{ ...supplier(80), country: 'XX' }, '/country', messages.records.badCountry],
      [{ ...supplier(80), country: '' }, '/country', messages.records.badCountry],
      [{ ...supplier(80), notes: 'n'.repeat(2001) }, '/notes', ''],
      [{ ...supplier(80), name: 'Bad\u0000name' }, '/name', messages.errors.badText],
    ];
    for (const [body, path, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const detail = (res.json.error.details as { path: string; message: string }[]).find(
        (d) => d.path === path || d.path === `body${path}`,
      );
      expect(detail, res.text).toBeDefined();
      if (message) expect(detail!.message).toBe(message);
    }
    const swedish = await post({ ...supplier(80), country: 'XX' }, { 'accept-language': 'sv' });
    expect(swedish.json.error.details).toContainEqual({
      path: expect.stringMatching(/country$/),
      message: sv.records.badCountry,
    });
    expect((await post({ ...supplier(80), extra: 1 })).status).toBe(400);
    const { name: _n, ...noName } = supplier(80);
    expect((await post(noName)).status).toBe(400);
    expect((await t.api('GET', '/api/suppliers?name=Weaver%20080', { cookie: editor })).json.items).toEqual([]);
  });

  it('refuses a second supplier of the same name, naming the field, in the caller’s language', async () => {
    await post(supplier(50));
    const again = await post({ ...supplier(50), contactPerson: 'Other' });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      code: 'conflict',
      message: messages.records.duplicate,
      details: [{ path: '/name', message: messages.records.duplicate }],
    });
    const swedish = await post(supplier(50), { 'accept-language': 'sv' });
    expect(swedish.json.error.message).toBe(sv.records.duplicate);
    expect((await t.api('GET', '/api/suppliers?name=Weaver%20050', { cookie: editor })).json.items).toMatchObject([
      { contactPerson: 'Person 50' },
    ]);
  });

  it('edits only from the version loaded, and changes nothing on a refusal', async () => {
    const made = (await post(supplier(60))).json;
    const path = `/api/suppliers/${made.id}`;
    const edit = (body: unknown, version: number | null) =>
      t.api('PATCH', path, {
        cookie: editor,
        body,
        origin: t.publicUrl,
        headers: version === null ? {} : { 'if-match': `"${version}"` },
      });

    const saved = await edit({ ...supplier(60), contactPerson: 'Renamed', country: 'fi' }, 1);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ name: 'Weaver 060', contactPerson: 'Renamed', country: 'FI', version: 2 });
    expect(saved.json.updated).not.toBeNull();

    const stale = await edit({ notes: 'Lost' }, 1);
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toBe(messages.records.stale);
    expect((await edit({ notes: 'x' }, null)).status).toBe(400);
    expect((await edit({ name: 'Weaver 050' }, 2)).status).toBe(409);
    expect((await edit({ name: 'Bad\u0000name' }, 2)).status).toBe(400);
    expect((await edit({ country: 'ZZ' }, 2)).status).toBe(400);
    expect((await edit({ unknown: 1 }, 2)).status).toBe(400);
    expect((await edit({ notes: 'x' }, 2 ** 40)).status).toBe(400);
    expect((await t.api('GET', path, { cookie: editor })).json).toMatchObject({
      contactPerson: 'Renamed',
      notes: supplier(60).notes,
      version: 2,
    });
  });

  it('keeps its table across a restart', async () => {
    const again = await startApp({ dialect, data: t.data });
    try {
      const cookie = (await callerOf(again, 'editor')).cookie;
      expect((await again.api('GET', '/api/suppliers?name=Weaver%20050', { cookie })).json.items).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('refuses to start when a field was added to the description without its migration, naming the field', async () => {
    const grown = describeResource({
      ...suppliers,
      sort: { field: 'name', order: 'asc' },
      search: 'name',
      fields: { ...suppliers.fields, code: { kind: 'line', max: 20 } },
    });
    await expect(startApp({ dialect, data: t.data, build: { described: [grown] } })).rejects.toThrow(
      /suppliers\.code has no column\. Run `npm run resources`/,
    );
  });

  it(
    'gives a field added to the description its column through the migration `npm run resources` writes; ' +
      'a locked one is kept, an integer bounded',
    async () => {
      // The same resource with three more fields, as if its description.ts had grown since the table was made.
      const grown = describeResource({
        ...suppliers,
        sort: { field: 'name', order: 'asc' },
        search: 'name',
        fields: {
          ...suppliers.fields,
          code: { kind: 'line', max: 20, locked: true, fill: 'OLD' },
          leadDays: { kind: 'integer', max: 365, fill: 30 },
          preferred: { kind: 'boolean', fill: false },
        },
      });
      // What the generated migration does: the steps from the migrations there are to the grown description.
      const plan = planSteps([grown], await loadSteps());
      expect(plan.steps.map((step) => Object.keys(step.columns))).toEqual([['code', 'leadDays', 'preferred']]);
      await applyTableSteps(t.db as unknown as Kysely<unknown>, plan.steps);
      const again = await startApp({ dialect, data: t.data, build: { described: [grown] } });
      try {
        const cookie = (await callerOf(again, 'editor')).cookie;
        const old = (await again.api('GET', '/api/suppliers?name=Weaver%20050', { cookie })).json.items[0];
        // The records there were got each new field's fill (a field that cannot be empty needs one).
        expect(old).toMatchObject({ contactPerson: 'Person 50', code: 'OLD', leadDays: 30, preferred: false });
        const made = await again.api('POST', '/api/suppliers', {
          cookie,
          origin: again.publicUrl,
          body: { ...supplier(90), code: 'W-90', leadDays: 14, preferred: true },
        });
        expect(made.status, made.text).toBe(201);
        expect(made.json).toMatchObject({ code: 'W-90', leadDays: 14, preferred: true });
        const edit = (body: unknown) =>
          again.api('PATCH', `/api/suppliers/${made.json.id}`, {
            cookie,
            origin: again.publicUrl,
            body,
            headers: { 'if-match': '"1"' },
          });
        expect((await edit({ code: 'W-91' })).json.error.message).toBe(messages.records.locked);
        expect((await edit({ leadDays: 366 })).status).toBe(400);
        expect((await edit({ code: 'W-90', leadDays: 21, preferred: false })).json).toMatchObject({
          code: 'W-90',
          leadDays: 21,
          preferred: false,
          version: 2,
        });
      } finally {
        await again.close();
      }
    },
  );

  it('refuses to start when a column’s type is not its field’s kind, naming the column', async () => {
    const changed = describeResource({
      ...suppliers,
      sort: { field: 'name', order: 'asc' },
      search: 'name',
      fields: { ...suppliers.fields, notes: { kind: 'integer' } },
    });
    await expect(startApp({ dialect, data: t.data, build: { described: [changed] } })).rejects.toThrow(
      /suppliers\.notes is text, its description says integer/,
    );
  });

  it('refuses the migration, adding nothing, when a unique field is added to a table with records', async () => {
    const unique = describeResource({
      ...suppliers,
      sort: { field: 'name', order: 'asc' },
      search: 'name',
      // One fill for every record there is: they would share it.
      fields: { ...suppliers.fields, vatNumber: { kind: 'line', max: 20, unique: true, fill: 'SE-0' } },
    });
    await expect(
      applyTableSteps(t.db as unknown as Kysely<unknown>, planSteps([unique], await loadSteps()).steps),
    ).rejects.toThrow(/suppliers\.vatNumber: a unique field added/);
    const columns =
      dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = 'suppliers'`.execute(t.db)
          ).rows
        : (await sql<{ name: string }>`select name from pragma_table_info('suppliers')`.execute(t.db)).rows;
    expect(columns.map((c) => c.name)).not.toContain('vatNumber');
  });
});
