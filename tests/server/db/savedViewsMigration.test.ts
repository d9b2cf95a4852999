import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate.js';
import { createView, listViews } from '../../../server/core/views.js';
import { dialects, freshDb } from '../helpers/index.js';

type Row = Record<string, unknown>;

// Migration 024 on views saved before any list but the products' kept them: each is the products' still, with its
// name, filters and sharing, and a name may now be used once per list.
describe.each(dialects())('migration 024, saved views of every list, on existing views (%s)', (dialect) => {
  const fresh = freshDb(dialect);

  it("keeps every view saved before it as the products' and lets a name be used once per list", async () => {
    const db = await fresh.open();
    await fresh.migrateTo('022_dashboard_tallies');
    const old = db.kysely as unknown as Kysely<Record<string, Row>>;
    await old
      .insertInto('saved_views')
      .values([
        {
          id: 'v1',
          owner: 'u1',
          name: 'Linen to translate',
          params: '{"category":"Linen","missing":"se"}',
          shared: 0,
          created: '2026-01-01T00:00:00.000Z',
        },
        {
          id: 'v2',
          owner: 'u1',
          name: 'Towels',
          params: '{"q":"towel"}',
          shared: 1,
          created: '2026-01-02T00:00:00.000Z',
        },
      ])
      .execute();
    await migrate(db);

    const views = await listViews(db.kysely, 'u1', 'products');
    expect(views.map((v) => [v.id, v.resource, v.name, v.params, v.shared])).toEqual([
      ['v1', 'products', 'Linen to translate', { category: 'Linen', missing: 'se' }, false],
      ['v2', 'products', 'Towels', { q: 'towel' }, true],
    ]);
    expect(await listViews(db.kysely, 'u1', 'careguides')).toEqual([]);
    // The same name on another list is another view; on the same list it is still refused.
    const other = await createView(db.kysely, 'u1', {
      resource: 'careguides',
      name: 'Towels',
      params: {},
      shared: false,
    });
    expect(other.resource).toBe('careguides');
    await expect(
      createView(db.kysely, 'u1', { resource: 'products', name: 'Towels', params: {}, shared: false }),
    ).rejects.toThrow('You already have a view with this name.');
  });
});
