import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate.js';
import { checkDescribedTables, planSteps } from '../../../server/db/describedTables.js';
import { describeResource, type FieldDescription } from '../../../domain/resourceDescription.js';
import { description as suppliers } from '../../../resources/suppliers/description.js';
import { servedResources } from '../../../server/resources.js';
import { dialects, freshDb } from '../helpers/index.js';

// The described resources' tables through migrations (server/db/describedTables.ts): what `npm run resources` plans,
// and the suppliers' migration on an install whose table was made before it (by the start, as the console did until
// then).
describe('planning the migrations of the descriptions', () => {
  /** The suppliers with other fields, as a shop would change their description. */
  const suppliersWith = (fields: Record<string, FieldDescription>) =>
    describeResource({ ...suppliers, sort: { field: 'name', order: 'asc' }, search: 'name', fields });
  const made = planSteps([suppliers], []).steps;

  it('makes a new resource’s table, then only what a changed description adds; nothing is ever dropped', () => {
    expect(made).toMatchObject([{ table: 'suppliers', create: true, sort: 'name' }]);
    expect(planSteps([suppliers], made)).toEqual({ steps: [], problems: [], removed: [] });
    const grown = suppliersWith({
      ...suppliers.fields,
      rating: { kind: 'number', max: 5, decimals: 1, fill: 4.5 },
      body: { kind: 'translated', as: 'text', max: 500, search: true, fill: 'Washed at 40' },
    });
    const next = planSteps([grown], made).steps;
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ table: 'suppliers', create: false, search: [{ field: 'body', translated: true }] });
    expect(Object.keys(next[0]!.columns)).toEqual(['rating', 'body', 'translations', 'search_text']);
    expect(next[0]!.columns.rating).toMatchObject({ type: 'bigint', default: 0, fill: 45 });
    // A field taken out of the description keeps its column and data: no step drops it, the plan names it.
    const { notes: _notes, ...fewer } = suppliers.fields;
    const shrunk = suppliersWith(fewer);
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
    const renamed = (from: string) => suppliersWith({ ...rest, origin: { ...country, renamedFrom: from } });
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
      suppliersWith({
        ...suppliers.fields,
        grade: { kind: 'choice', options: ['a', 'b'], ...(fill === undefined ? {} : { fill }) },
        memo: { kind: 'text', max: 50 },
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

  it('says what each kind’s fill is to be, and that a list kind takes none', () => {
    const problems = planSteps(
      [
        suppliersWith({
          ...suppliers.fields,
          since: { kind: 'date' },
          at: { kind: 'datetime' },
          price: { kind: 'number', max: 99, decimals: 1 },
          tags: { kind: 'choices', options: ['a', 'b'] },
        }),
      ],
      made,
    ).problems;
    expect(problems.map((p) => p.slice(p.lastIndexOf('('))).sort()).toEqual([
      '(a choices takes no fill: make it optional)',
      "(a date such as '2026-03-29')",
      '(a number in 0..99 with at most 1 decimals)',
      "(an instant with its zone such as '2026-03-29T12:30:00Z')",
    ]);
  });

  it('writes no migration for a kind whose storage changed, naming the field (a migration by hand)', () => {
    const changed = suppliersWith({ ...suppliers.fields, notes: { kind: 'images' } });
    expect(planSteps([changed], made).problems).toEqual([
      expect.stringContaining('suppliers.notes is held as text, its description says images, and not every value'),
    ]);
  });
});

describe.each(dialects())('the suppliers’ migration on an install that made the table at its start (%s)', (dialect) => {
  const fresh = freshDb(dialect);

  it('keeps the table and its rows, and the start finds it as its description says', async () => {
    const db = await fresh.open();
    await fresh.migrateTo('015_history_batches');
    const k = db.kysely as unknown as Kysely<unknown>;
    // The table as ensureDescribedTables made it before the migrations did (its unique column constraint included).
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
    await expect(checkDescribedTables(k, dialect, servedResources)).resolves.toBeUndefined();
  });

  it('makes the table on a new install, with its unique index and list index', async () => {
    const db = await fresh.open();
    await migrate(db);
    const k = db.kysely as unknown as Kysely<unknown>;
    await expect(checkDescribedTables(k, dialect, servedResources)).resolves.toBeUndefined();
    await sql`insert into suppliers (id, version, name, "contactPerson", email, country, notes, created)
      values ('a', 1, 'Same', '', '', 'SE', '', 'x')`.execute(k);
    await expect(
      sql`insert into suppliers (id, version, name, "contactPerson", email, country, notes, created)
        values ('b', 1, 'Same', '', '', 'SE', '', 'x')`.execute(k),
    ).rejects.toThrow();
  });
});
