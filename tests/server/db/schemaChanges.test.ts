import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { migrate } from '../../../server/db/migrate.js';
import { checkDescribedTables } from '../../../server/db/describedTables.js';
import { createRecord, getRecord } from '../../../server/core/described.js';
import { dialects, freshDb } from '../helpers/index.js';

// Schema changes that keep data (docs/adding-a-resource.md, 'Changing a description'): a resource's description is
// changed as a shop would change it, `npm run resources` (scripts/resources.ts, on a folder laid out as the console's)
// writes its migration, and the migration runs on a database with records in it: a renamed field keeps its values, a
// new required field gets its fill, a removed field is named and dropped only when asked.

const repo = join(import.meta.dirname, '..', '..', '..');
const fabricsV1 = {
  name: 'fabrics',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80, unique: true, search: true },
    code: { kind: 'line', max: 20, unique: true },
    origin: { kind: 'country' },
    care: { kind: 'translated', as: 'line', max: 80, optional: true, search: true },
    notes: { kind: 'text', max: 500 },
  },
  sort: { field: 'origin', order: 'asc' },
  search: 'name',
} as const;
// The shop renames origin (the list's order) to country, code (unique) to article and care to careNote (a translated
// field: its Swedish texts and the search follow).
const fabricsV2 = {
  ...fabricsV1,
  fields: {
    name: fabricsV1.fields.name,
    article: { ...fabricsV1.fields.code, renamedFrom: 'code' },
    country: { kind: 'country', renamedFrom: 'origin' },
    careNote: { ...fabricsV1.fields.care, renamedFrom: 'care' },
    notes: fabricsV1.fields.notes,
  },
  sort: { field: 'country', order: 'asc' },
} as const;
// Then adds a required width (old fabrics are 140 cm wide): first without saying what old records get.
const widthless = { ...fabricsV2, fields: { ...fabricsV2.fields, width: { kind: 'integer', min: 50, max: 300 } } };
const fabricsV3 = {
  ...fabricsV2,
  fields: { ...fabricsV2.fields, width: { kind: 'integer', min: 50, max: 300, fill: 140 } },
} as const;
// Then takes notes out.
const { notes: _notes, ...v4Fields } = fabricsV3.fields;
const fabricsV4 = { ...fabricsV3, fields: v4Fields } as const;

const described = (d: object) => describeResource(d as never) as ResourceDescription;

let dir = '';
const generated: string[][] = [];
const runs: { status: number | null; out: string; err: string }[] = [];

/**
 * What the folder's first run wrote before any fabrics: the products' columns the console's description has beyond its
 * hand-written table (none today; one file when a shop has added product fields), so fabrics' files come after it.
 */
let catchUp: string[] = [];
/** The name of fabrics' nth migration (1-based), after the catch-up. */
const fabricsMigration = (n: number): string => `${String(catchUp.length + n).padStart(3, '0')}_fabrics`;

/** Runs `npm run resources` on the folder; the migrations it wrote, and what it said. */
function run(...args: string[]): { written: string[]; status: number | null; out: string; err: string } {
  const before = readdirSync(join(dir, 'server', 'db', 'migrations'));
  const done = spawnSync(join(repo, 'node_modules', '.bin', 'tsx'), ['scripts/resources.ts', '--root', dir, ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
  const after = readdirSync(join(dir, 'server', 'db', 'migrations'));
  const written = after.filter((f) => !before.includes(f) && f !== 'resources.generated.ts');
  return { written, status: done.status, out: done.stdout, err: done.stderr };
}

/** Writes the description, runs `npm run resources` on the folder and notes the migrations it wrote. */
function generate(description: object, ...args: string[]): void {
  writeFileSync(
    join(dir, 'resources', 'fabrics', 'description.ts'),
    "import { describeResource } from '../../domain/resourceDescription.js';\n" +
      `export const description = describeResource(${JSON.stringify(description)});\n`,
  );
  const { written, ...result } = run(...args);
  generated.push(written);
  runs.push(result);
}

beforeAll(() => {
  // A folder laid out as the console's: its domain and the migrations' helper are the console's own.
  dir = mkdtempSync(join(tmpdir(), 'schema-changes-'));
  mkdirSync(join(dir, 'resources', 'fabrics'), { recursive: true });
  mkdirSync(join(dir, 'server', 'db', 'migrations'), { recursive: true });
  mkdirSync(join(dir, 'firebase'));
  symlinkSync(join(repo, 'domain'), join(dir, 'domain'));
  for (const f of ['describedTables.ts', 'kindChanges.ts', 'tableIndexes.ts'])
    symlinkSync(join(repo, 'server', 'db', f), join(dir, 'server', 'db', f));
  copyFileSync(join(repo, 'firebase', 'firestore.rules'), join(dir, 'firebase', 'firestore.rules'));
  const first = run();
  if (first.status !== 0) throw new Error(first.err);
  catchUp = first.written;
  generate(fabricsV1);
  generate(fabricsV2);
  generate(widthless);
  generate(fabricsV3);
  generate(fabricsV4);
  generate(fabricsV4, '--drop', 'fabrics.notes');
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run resources on a changed description', () => {
  it('writes a migration for the new resource, then one that renames origin and care', () => {
    expect(runs[0]!.status).toBe(0);
    expect(generated[0]).toEqual([`${fabricsMigration(1)}.ts`]);
    expect(runs[1]!.status).toBe(0);
    expect(generated[1]).toEqual([`${fabricsMigration(2)}.ts`]);
    expect(runs[1]!.out).toContain('fabrics.origin renamed country');
    expect(runs[1]!.out).toContain('fabrics.code renamed article');
    expect(runs[1]!.out).toContain('fabrics.care renamed careNote');
    expect(runs[1]!.err).toBe('');
  });

  it('stops at a required new field without its fill and says what to write', () => {
    expect(runs[2]!.status).toBe(1);
    expect(generated[2]).toEqual([]);
    expect(runs[2]!.err).toContain(
      'fabrics.width is new, and the records fabrics may already have need a value for it: write fill: <their value> ' +
        'on the field in resources/fabrics/description.ts (a number in 50..300)',
    );
    expect(runs[3]!.status).toBe(0);
    expect(generated[3]).toEqual([`${fabricsMigration(3)}.ts`]);
    expect(runs[3]!.out).toContain('fabrics.width added, its records filled with 140');
  });

  it('names a removed field’s column and drops it only when asked', () => {
    expect(runs[4]!.status).toBe(0);
    expect(generated[4]).toEqual([]);
    expect(runs[4]!.err).toContain('fabrics.notes: no field of resources/fabrics/description.ts is held in column');
    expect(runs[4]!.err).toContain('npm run resources -- --drop fabrics.notes');
    expect(runs[5]!.status).toBe(0);
    expect(generated[5]).toEqual([`${fabricsMigration(4)}.ts`]);
    expect(runs[5]!.out).toContain('fabrics.notes dropped with its values');
  });
});

describe.each(dialects())('the migrations it wrote, on a database with records (%s)', (dialect) => {
  const fresh = freshDb(dialect);

  it('keeps every value through the rename, fills the new field, keeps then drops the removed one', async () => {
    let db = await fresh.open();
    await migrate(db);
    let k = db.kysely as unknown as Kysely<unknown>;
    const migrator = (on: Kysely<unknown>) =>
      new Migrator({
        db: on,
        migrationTableName: 'fabric_migrations',
        migrationLockTableName: 'fabric_migrations_lock',
        provider: {
          getMigrations: async () => {
            const out: Record<string, Migration> = {};
            for (const f of generated.flat())
              out[f.replace(/\.ts$/, '')] = (await import(
                pathToFileURL(join(dir, 'server', 'db', 'migrations', f)).href
              )) as Migration;
            return out;
          },
        },
      });
    // Each migration as the console runs them: at a start, before it reads a record (PostgreSQL's prepared reads keep
    // the columns they were prepared with).
    const to = async (name: string) => {
      db = await fresh.reopen();
      k = db.kysely as unknown as Kysely<unknown>;
      expect((await migrator(k).migrateTo(name)).error).toBeUndefined();
    };

    await to(fabricsMigration(1));
    const v1 = described(fabricsV1);
    const made = [];
    for (const [name, origin, care] of [
      ['Heavy linen', 'LT', 'Tvätta i 40 grader'],
      ['Percale', 'PT', ''],
    ] as const)
      made.push(
        await createRecord(
          db.kysely,
          v1,
          { uid: 'operator' },
          {
            name,
            code: `${name.slice(0, 3)}-1`,
            origin,
            care: `${name} care`,
            notes: `${name} notes`,
            ...(care ? { translations: { se: { care } } } : {}),
          },
        ),
      );

    await to(fabricsMigration(2));
    const v2 = described(fabricsV2);
    await expect(checkDescribedTables(k, dialect, [v2])).resolves.toBeUndefined();
    const renamed = await Promise.all(made.map((r) => getRecord(db.kysely, v2, r.id)));
    expect(renamed.map((r) => [r.name, r.article, r.country, r.careNote, r.translations])).toEqual([
      ['Heavy linen', 'Hea-1', 'LT', 'Heavy linen care', { se: { careNote: 'Tvätta i 40 grader' } }],
      ['Percale', 'Per-1', 'PT', 'Percale care', {}],
    ]);
    // The unique and list indexes went with their columns, under the new names.
    await expect(sql`update fabrics set article = 'Hea-1' where id = ${made[1]!.id}`.execute(k)).rejects.toThrow();
    const indexes = (
      dialect === 'postgres'
        ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'fabrics'`.execute(k)
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'fabrics'`.execute(k)
    ).rows.map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['fabrics_article_unique', 'fabrics_by_country']));
    expect(indexes.filter((n) => /origin|code/.test(n))).toEqual([]);
    // The search reads the renamed translated field in every language.
    const found = await sql<{ id: string }>`select id from fabrics where search_text like ${'%tvatta%'}`.execute(k);
    expect(found.rows.map((r) => r.id)).toEqual([made[0]!.id]);

    await to(fabricsMigration(3));
    const v3 = described(fabricsV3);
    await expect(checkDescribedTables(k, dialect, [v3])).resolves.toBeUndefined();
    const filled = await Promise.all(made.map((r) => getRecord(db.kysely, v3, r.id)));
    expect(filled.map((r) => [r.country, r.width, r.notes])).toEqual([
      ['LT', 140, 'Heavy linen notes'],
      ['PT', 140, 'Percale notes'],
    ]);

    // Notes left the description: its values stay in their column until the drop runs.
    const kept = await sql<{ notes: string }>`select notes from fabrics order by name`.execute(k);
    expect(kept.rows.map((r) => r.notes)).toEqual(['Heavy linen notes', 'Percale notes']);
    await to(fabricsMigration(4));
    const v4 = described(fabricsV4);
    await expect(checkDescribedTables(k, dialect, [v4])).resolves.toBeUndefined();
    const row = await sql<Record<string, unknown>>`select * from fabrics where id = ${made[0]!.id}`.execute(k);
    expect(Object.keys(row.rows[0]!)).not.toContain('notes');
    expect((await getRecord(db.kysely, v4, made[0]!.id)).country).toBe('LT');
  });
});
