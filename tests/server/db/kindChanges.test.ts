import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { migrate } from '../../../server/db/migrate.js';
import { checkDescribedTables, type TableStep } from '../../../server/db/describedTables.js';
import { createRecord, getRecord, updateRecord } from '../../../server/core/described.js';
import { dialects, freshDb } from '../helpers/index.js';

// A field's kind changed as a shop would change it (docs/adding-a-resource.md, 'Changing a description'): the weight
// of fabrics, an integer, becomes a number with one decimal; its width, an integer, a line; its grade, a line, a
// several-choice field. `npm run resources` (on a folder laid out as the console's) writes the migration that carries
// each value over, which runs on a database with records in it; a change that would lose values writes nothing and
// says what to write; a start whose columns are held otherwise than the description says stops.

const repo = join(import.meta.dirname, '..', '..', '..');
const fabricsV1 = {
  name: 'fabrics',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80, unique: true, search: true },
    weight: { kind: 'integer', min: 50, max: 500 },
    width: { kind: 'integer', min: 50, max: 300, unique: true },
    grade: { kind: 'line', max: 20, optional: true },
  },
  sort: { field: 'width', order: 'asc' },
  search: 'name',
} as const;
const fabricsV2 = {
  ...fabricsV1,
  fields: {
    name: fabricsV1.fields.name,
    weight: { kind: 'number', decimals: 1, min: 50, max: 600 },
    width: { kind: 'line', max: 10, unique: true },
    grade: { kind: 'choices', options: ['premium', 'standard'], optional: true },
  },
} as const;
// Then one decimal fewer: 320.5 has no place in it.
const fabricsV3 = { ...fabricsV2, fields: { ...fabricsV2.fields, weight: { kind: 'number', decimals: 0, max: 600 } } };

const described = (d: object) => describeResource(d as never) as ResourceDescription;

let dir = '';
const generated: string[][] = [];
const runs: { status: number | null; out: string; err: string }[] = [];
let catchUp: string[] = [];

/** Writes the description, runs `npm run resources` on the folder and notes the migrations it wrote. */
function generate(description?: object): void {
  if (description)
    writeFileSync(
      join(dir, 'resources', 'fabrics', 'description.ts'),
      "import { describeResource } from '../../domain/resourceDescription.js';\n" +
        `export const description = describeResource(${JSON.stringify(description)});\n`,
    );
  const migrations = join(dir, 'server', 'db', 'migrations');
  const before = readdirSync(migrations);
  const done = spawnSync(join(repo, 'node_modules', '.bin', 'tsx'), ['scripts/resources.ts', '--root', dir], {
    cwd: repo,
    encoding: 'utf8',
  });
  generated.push(readdirSync(migrations).filter((f) => !before.includes(f) && f !== 'resources.generated.ts'));
  runs.push({ status: done.status, out: done.stdout, err: done.stderr });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kind-changes-'));
  mkdirSync(join(dir, 'resources', 'fabrics'), { recursive: true });
  mkdirSync(join(dir, 'server', 'db', 'migrations'), { recursive: true });
  mkdirSync(join(dir, 'firebase'));
  symlinkSync(join(repo, 'domain'), join(dir, 'domain'));
  for (const f of ['describedTables.ts', 'kindChanges.ts', 'tableIndexes.ts'])
    symlinkSync(join(repo, 'server', 'db', f), join(dir, 'server', 'db', f));
  copyFileSync(join(repo, 'firebase', 'firestore.rules'), join(dir, 'firebase', 'firestore.rules'));
  generate();
  if (runs[0]!.status !== 0) throw new Error(runs[0]!.err);
  catchUp = generated[0]!;
  generate(fabricsV1);
  generate(fabricsV2);
  generate(fabricsV3);
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The steps of the migrations written, in order (what a start folds to know how each column is held). */
async function stepsOf(files: readonly string[]): Promise<TableStep[]> {
  const out: TableStep[] = [];
  for (const f of files)
    out.push(
      ...((await import(pathToFileURL(join(dir, 'server', 'db', 'migrations', f)).href)) as { steps: TableStep[] })
        .steps,
    );
  return out;
}

describe('npm run resources on a changed kind', () => {
  it('writes a migration that converts integer to number:1, integer to text and text to choices', () => {
    expect(runs[2]!.status).toBe(0);
    expect(generated[2]).toEqual([`${String(catchUp.length + 2).padStart(3, '0')}_fabrics.ts`]);
    expect(runs[2]!.out).toContain('fabrics.weight converted from integer to number:1');
    expect(runs[2]!.out).toContain('fabrics.width converted from integer to text');
    expect(runs[2]!.out).toContain('fabrics.grade converted from text to choices');
  });

  it('stops at fewer decimals and says what to write', () => {
    expect(runs[3]!.status).toBe(1);
    expect(generated[3]).toEqual([]);
    expect(runs[3]!.err).toContain('fabrics.weight is held as number:1, its description says number:0');
    expect(runs[3]!.err).toContain('put its kind back in resources/fabrics/description.ts');
    expect(runs[3]!.err).toContain('npm run resources -- --drop fabrics.weight');
  });
});

describe.each(dialects())('the conversion, on a database with records (%s)', (dialect) => {
  const fresh = freshDb(dialect);
  const migrator = (on: Kysely<unknown>) =>
    new Migrator({
      db: on,
      migrationTableName: 'fabric_migrations',
      migrationLockTableName: 'fabric_migrations_lock',
      provider: {
        getMigrations: async () => {
          const out: Record<string, Migration> = {};
          for (const f of [generated[1]!, generated[2]!].flat())
            out[f.replace(/\.ts$/, '')] = (await import(
              pathToFileURL(join(dir, 'server', 'db', 'migrations', f)).href
            )) as Migration;
          return out;
        },
      },
    });
  const v1 = described(fabricsV1);
  const v2 = described(fabricsV2);
  const second = () => generated[2]![0]!.replace(/\.ts$/, '');

  /** A database migrated to fabrics' first migration, with two fabrics written then. */
  async function withFabrics(grades: readonly string[]) {
    let db = await fresh.open();
    await migrate(db);
    expect(
      (await migrator(db.kysely as unknown as Kysely<unknown>).migrateTo(generated[1]![0]!.replace(/\.ts$/, ''))).error,
    ).toBeUndefined();
    const made = [];
    for (const [i, grade] of grades.entries())
      made.push(
        await createRecord(
          db.kysely,
          v1,
          { uid: 'operator' },
          { name: `Linen ${i}`, weight: 320 + i, width: 140 + i, grade },
        ),
      );
    db = await fresh.reopen();
    return { db, k: db.kysely as unknown as Kysely<unknown>, made };
  }

  it('refuses to start before the migration, naming the field, both forms and the command', async () => {
    const { k } = await withFabrics(['premium']);
    const error = await checkDescribedTables(k, dialect, [v2], await stepsOf(generated[1]!)).catch((e: Error) => e);
    expect(String(error)).toContain('fabrics.weight is held as integer, its description says number:1');
    expect(String(error)).toContain('npm run resources');
  });

  it('carries every value over: 320 reads 320, and 320.5 is held as 3205 beside 3200', async () => {
    const { db, k, made } = await withFabrics(['premium', '']);
    expect((await migrator(k).migrateTo(second())).error).toBeUndefined();
    await expect(
      checkDescribedTables(k, dialect, [v2], await stepsOf([...generated[1]!, ...generated[2]!])),
    ).resolves.toBeUndefined();
    const read = await Promise.all(made.map((r) => getRecord(db.kysely, v2, r.id)));
    expect(read.map((r) => [r.weight, r.width, r.grade])).toEqual([
      [320, '140', ['premium']],
      [321, '141', []],
    ]);
    // Back to the first migration (its down) while every value has a place there, and forward again.
    const first = generated[1]![0]!.replace(/\.ts$/, '');
    expect((await migrator(k).migrateTo(first)).error).toBeUndefined();
    const before = await sql<{
      weight: unknown;
      width: unknown;
    }>`select weight, width from fabrics order by name`.execute(k);
    expect(before.rows.map((r) => [Number(r.weight), Number(r.width)])).toEqual([
      [320, 140],
      [321, 141],
    ]);
    expect((await migrator(k).migrateTo(second())).error).toBeUndefined();
    const again = await getRecord(db.kysely, v2, made[1]!.id);
    await updateRecord(db.kysely, v2, { uid: 'operator' }, made[1]!.id, again.version as number, { weight: 320.5 });
    const raw = await sql<{ weight: unknown }>`select weight from fabrics order by name`.execute(k);
    expect(raw.rows.map((r) => Number(r.weight))).toEqual([3200, 3205]);
    // The width's unique index came over with it.
    await expect(sql`update fabrics set width = '140' where id = ${made[1]!.id}`.execute(k)).rejects.toThrow();
    // 320.5 has no place in an integer: the down changes nothing, naming the record.
    const down = await migrator(k).migrateTo(first);
    expect(String(down.error)).toContain(`fabrics.weight: the record ${made[1]!.id} holds 3205 as number:1`);
    expect((await getRecord(db.kysely, v2, made[1]!.id)).weight).toBe(320.5);
  });

  it('changes nothing when a record holds a value the new kind cannot, naming the record', async () => {
    const { k, made } = await withFabrics(['premium', 'coarse']);
    const result = await migrator(k).migrateTo(second());
    expect(String(result.error)).toContain(`fabrics.grade: the record ${made[1]!.id} holds ["coarse"]`);
    const raw = await sql<{ weight: unknown; grade: unknown }>`select weight, grade from fabrics order by name`.execute(
      k,
    );
    expect(raw.rows.map((r) => [Number(r.weight), r.grade])).toEqual([
      [320, 'premium'],
      [321, 'coarse'],
    ]);
  });
});
