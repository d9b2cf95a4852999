import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../server/db/index.js';
import { migrate, migrations } from '../../../server/db/migrate.js';
import { checkRecordsTables, planSteps } from '../../../server/db/records.js';
import { describeRecords } from '../../../domain/records.js';
import { description as suppliers } from '../../../resources/suppliers/description.js';
import { recordResources } from '../../../server/resources.js';
import { createData, dialects, type DataStore } from '../helpers/index.js';

// The described resources' tables through migrations (server/db/records.ts): what `npm run resources` plans, and the
// suppliers' migration on an install whose table was made before it (by the start, as the console did until then).
describe('planning the migrations of the descriptions', () => {
  const made = planSteps([suppliers], []).steps;

  it('makes a new resource’s table, then only what a changed description adds; nothing is ever dropped', () => {
    expect(made).toMatchObject([{ table: 'suppliers', create: true, sort: 'name' }]);
    expect(planSteps([suppliers], made)).toEqual({ steps: [], problems: [], removed: [] });
    const grown = describeRecords({
      ...suppliers,
      sort: { field: 'name', order: 'asc' },
      search: 'name',
      fields: {
        ...suppliers.fields,
        rating: { kind: 'number', max: 5, decimals: 1, fill: 4.5 },
        body: { kind: 'translated', as: 'text', max: 500, search: true, fill: 'Washed at 40' },
      },
    });
    const next = planSteps([grown], made).steps;
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ table: 'suppliers', create: false, search: [{ field: 'body', translated: true }] });
    expect(Object.keys(next[0]!.columns)).toEqual(['rating', 'body', 'translations', 'search_text']);
    expect(next[0]!.columns.rating).toMatchObject({ type: 'bigint', default: 0, fill: 45 });
    // A field taken out of the description keeps its column and data: no step drops it, the plan names it.
    const { notes: _notes, ...fewer } = suppliers.fields;
    const shrunk = describeRecords({
      ...suppliers,
      sort: { field: 'name', order: 'asc' },
      search: 'name',
      fields: fewer,
    });
    expect(planSteps([shrunk], made)).toEqual({ steps: [], problems: [], removed: ['suppliers.notes'] });
    // Dropped when asked, as it was (its `down` gives the column back).
    expect(planSteps([shrunk], made, ['suppliers.notes']).steps).toEqual([
      { table: 'suppliers', create: false, columns: {}, drop: { notes: made[0]!.columns.notes } },
    ]);
    expect(planSteps([shrunk], made, ['suppliers.name']).problems).toEqual([
      '--drop suppliers.name: no column a description has left (table.column: suppliers.notes)',
    ]);
  });

  it('renames a column for a field renamed in its description, refusing a rename of what is not there', () => {
    const { country, ...rest } = suppliers.fields;
    const renamed = (from: string) =>
      describeRecords({
        ...suppliers,
        sort: { field: 'name', order: 'asc' },
        search: 'name',
        fields: { ...rest, origin: { ...country, renamedFrom: from } },
      });
    const plan = planSteps([renamed('country')], made);
    expect(plan).toEqual({
      // Its order's index made again under its new name.
      steps: [
        {
          table: 'suppliers',
          create: false,
          renamed: { origin: 'country' },
          columns: {},
          sorts: [{ field: 'origin', text: true }],
        },
      ],
      problems: [],
      removed: [],
    });
    // Once its migration is written, the rename is done: nothing more.
    expect(planSteps([renamed('country')], [...made, ...plan.steps])).toEqual({ steps: [], problems: [], removed: [] });
    expect(planSteps([renamed('land')], made).problems).toEqual([
      'suppliers.origin is renamed from land, but suppliers has no column land',
    ]);
    expect(() => renamed('name')).toThrow('suppliers.origin: renamedFrom names the field');
  });

  it('fills a new field that cannot be empty with its fill, checked by the field’s rule, or stops', () => {
    const added = (fill?: string | number | boolean) =>
      describeRecords({
        ...suppliers,
        sort: { field: 'name', order: 'asc' },
        search: 'name',
        fields: {
          ...suppliers.fields,
          grade: { kind: 'choice', options: ['a', 'b'], ...(fill === undefined ? {} : { fill }) },
          memo: { kind: 'text', max: 50 },
        },
      });
    expect(planSteps([added('b')], made).steps[0]!.columns).toMatchObject({
      grade: { type: 'text', default: '', fill: 'b' },
      memo: { type: 'text', default: '' },
    });
    expect(planSteps([added()], made).problems).toEqual([
      'suppliers.grade is new, and the records suppliers may already have need a value for it: write ' +
        "fill: <their value> on the field in resources/suppliers/description.ts (one of 'a', 'b')",
    ]);
    expect(planSteps([added('c')], made).problems).toEqual([
      `suppliers.grade: its fill "c" is not a value it may hold (one of 'a', 'b')`,
    ]);
    expect(() => added(3)).toThrow("suppliers.grade: a choice's fill is a string");
  });

  it('writes no migration for a kind whose storage changed, naming the field (a migration by hand)', () => {
    const changed = describeRecords({
      ...suppliers,
      sort: { field: 'name', order: 'asc' },
      search: 'name',
      fields: { ...suppliers.fields, notes: { kind: 'images' } },
    });
    expect(planSteps([changed], made).problems).toEqual([
      'suppliers.notes is held as text, its description says images',
    ]);
  });
});

describe.each(dialects())('the suppliers’ migration on an install that made the table at its start (%s)', (dialect) => {
  let store: DataStore | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.kysely.destroy();
    await store?.drop();
    db = undefined;
    store = undefined;
  });

  it('keeps the table and its rows, and the start finds it as its description says', async () => {
    store = await createData(dialect);
    db = openDb({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
    const provider: MigrationProvider = { getMigrations: async () => migrations };
    const migrator = new Migrator({
      db: db.kysely,
      provider,
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
    });
    expect((await migrator.migrateTo('015_history_batches')).error).toBeUndefined();
    const k = db.kysely as unknown as Kysely<unknown>;
    // The table as ensureRecordsTables made it before the migrations did (its unique column constraint included).
    await sql`create table suppliers (id text primary key, version integer not null, name text not null unique,
      "contactPerson" text not null, email text not null, country text not null, notes text not null,
      created text not null, updated text, created_by text, updated_by text)`.execute(k);
    await sql`create index suppliers_by_name on suppliers (name, id)`.execute(k);
    await sql`insert into suppliers
      values ('s1', 3, 'Old Mill', 'Ann', '', 'SE', 'kept', '2024-01-01', null, null, null)`.execute(k);
    await migrate(db);
    const rows = await sql<{
      id: string;
      name: string;
      version: number;
    }>`select id, name, version from suppliers`.execute(k);
    expect(rows.rows.map((r) => ({ ...r, version: Number(r.version) }))).toEqual([
      { id: 's1', name: 'Old Mill', version: 3 },
    ]);
    await expect(checkRecordsTables(k, dialect, recordResources)).resolves.toBeUndefined();
  });

  it('makes the table on a new install, with its unique index and list index', async () => {
    store = await createData(dialect);
    db = openDb({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
    await migrate(db);
    const k = db.kysely as unknown as Kysely<unknown>;
    await expect(checkRecordsTables(k, dialect, recordResources)).resolves.toBeUndefined();
    await sql`insert into suppliers (id, version, name, "contactPerson", email, country, notes, created)
      values ('a', 1, 'Same', '', '', 'SE', '', 'x')`.execute(k);
    await expect(
      sql`insert into suppliers (id, version, name, "contactPerson", email, country, notes, created)
        values ('b', 1, 'Same', '', '', 'SE', '', 'x')`.execute(k),
    ).rejects.toThrow();
  });
});
