import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate.js';
import { dialects, freshDb } from '../helpers/index.js';

type Row = Record<string, unknown>;

// Migration 026 on care guides and suppliers written before it: each unique field gets its folded copy (case and
// accents, as the find box folds) under a unique index, so either database refuses a second 'örngottstyg' itself;
// records that would share a folded value stop the migration, named, with nothing changed.
describe.each(dialects())('migration 026, folded unique values, on existing rows (%s)', (dialect) => {
  const fresh = freshDb(dialect);
  const guide = (id: string, title: string): Row => ({
    id,
    version: 1,
    title,
    body: 'Wash cold',
    fabric: 'linen',
    picture: '[]',
    translations: '{}',
    search_text: title.toLowerCase(),
    created: '2024-01-01T00:00:00.000Z',
  });
  const supplier = (id: string, name: string): Row => ({
    id,
    version: 1,
    name,
    contactPerson: '',
    email: '',
    country: 'SE',
    notes: '',
    created: '2024-01-01T00:00:00.000Z',
  });

  it('folds each record’s unique value into its own column, whose index then refuses a clash', async () => {
    const db = await fresh.open();
    await fresh.migrateTo('024_saved_views_resource');
    const old = db.kysely as unknown as Kysely<Record<string, Row>>;
    await old
      .insertInto('careguides')
      .values([guide('g1', 'Örngottstyg'), guide('g2', 'Lakan i LINNÉ')])
      .execute();
    await old
      .insertInto('suppliers')
      .values([supplier('s1', 'Växjö Väveri')])
      .execute();
    await migrate(db);

    const guides = await old.selectFrom('careguides').select(['id', 'title', 'title_fold']).orderBy('id').execute();
    expect(guides).toEqual([
      { id: 'g1', title: 'Örngottstyg', title_fold: 'orngottstyg' },
      { id: 'g2', title: 'Lakan i LINNÉ', title_fold: 'lakan i linne' },
    ]);
    expect(await old.selectFrom('suppliers').select(['name', 'name_fold']).execute()).toEqual([
      { name: 'Växjö Väveri', name_fold: 'vaxjo vaveri' },
    ]);
    // The database itself refuses a second record with the same folded value (what two saves at once meet).
    await expect(
      old
        .insertInto('careguides')
        .values({ ...guide('g3', 'örngottstyg'), title_fold: 'orngottstyg' })
        .execute(),
    ).rejects.toThrow();
    expect((await old.selectFrom('careguides').select('id').execute()).length).toBe(2);
  });

  it('stops, naming the records, when two would share a value once folded, and changes nothing', async () => {
    const db = await fresh.open();
    await fresh.migrateTo('024_saved_views_resource');
    const old = db.kysely as unknown as Kysely<Record<string, Row>>;
    await old
      .insertInto('careguides')
      .values([guide('g1', 'Örngottstyg'), guide('g2', 'örngottstyg'), guide('g3', 'Kuddvar')])
      .execute();
    const error = await migrate(db).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('026_careguides_suppliers');
    expect(error?.message).toContain('careguides.title');
    expect(error?.message).toContain('"Örngottstyg" (id g1) and "örngottstyg" (id g2)');
    expect(error?.message).toContain("unique: 'exact'");
    // Every record as it was, and no folded column (the migration ran in one transaction).
    expect(await old.selectFrom('careguides').select(['id', 'title']).orderBy('id').execute()).toEqual([
      { id: 'g1', title: 'Örngottstyg' },
      { id: 'g2', title: 'örngottstyg' },
      { id: 'g3', title: 'Kuddvar' },
    ]);
    const columns =
      dialect === 'postgres'
        ? (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = 'careguides'`.execute(old)
          ).rows
        : (await sql<{ name: string }>`select name from pragma_table_info('careguides')`.execute(old)).rows;
    expect(columns.map((c) => c.name)).not.toContain('title_fold');
    // Told apart by hand, the migration runs.
    await old.updateTable('careguides').set({ title: 'Örngottstyg (vit)' }).where('id', '=', 'g1').execute();
    await migrate(db);
    expect(
      (await old.selectFrom('careguides').select(['id', 'title_fold']).orderBy('id').execute()).map(
        (r) => r.title_fold,
      ),
    ).toEqual(['orngottstyg (vit)', 'orngottstyg', 'kuddvar']);
  });
});
