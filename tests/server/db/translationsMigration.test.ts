import { describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate.js';
import { listProducts } from '../../../server/core/products.js';
import { dialects, freshDb } from '../helpers/index.js';

// Migration 008 on a catalogue that exists: every product gets its search text and counts as missing its Swedish.
describe.each(dialects())('migration 008, products in two languages, on existing products (%s)', (dialect) => {
  const fresh = freshDb(dialect);

  it('fills the search text (capitals of every script folded) and marks every product as missing Swedish', async () => {
    // migrate() runs the later migrations too: 020 folds the accents off the text 008 fills.
    const db = await fresh.open();
    await fresh.migrateTo('007_product_search_walk_pg');
    const row = (sku: string, name: string) => ({
      id: `id-${sku}`,
      sku,
      category: 'Linen',
      mc: 'Linen care',
      name,
      details: 'd',
      price: '1',
      active: 1,
      images: '[]',
      primary_image: null,
      version: 1,
      created: '2024-01-01T00:00:00.000Z',
      updated: null,
      created_by: null,
      updated_by: null,
    });
    // Written as the tables stood before 008 (they had none of its columns).
    await (db.kysely as unknown as import('kysely').Kysely<{ products: ReturnType<typeof row> }>)
      .insertInto('products')
      .values([row('OLD-1', 'Linen TOWEL'), row('OLD-2', 'ÅLAND Apron')])
      .execute();
    await migrate(db);
    const rows = await db.kysely
      .selectFrom('products')
      .select(['sku', 'search_text', 'translations', 'untranslated'])
      .orderBy('sku')
      .execute();
    expect(rows).toEqual([
      { sku: 'OLD-1', search_text: 'linen towel old-1', translations: '{}', untranslated: ',se,' },
      { sku: 'OLD-2', search_text: 'aland apron old-2', translations: '{}', untranslated: ',se,' },
    ]);
    const found = async (q: string) =>
      (await listProducts(db.kysely, { limit: 10, after: null }, { q })).items.map((p) => p.sku);
    expect(await found('åland')).toEqual(['OLD-2']);
    expect(await found('towel old')).toEqual(['OLD-1']);
    expect(
      (await listProducts(db.kysely, { limit: 10, after: null }, { missing: 'se' })).items.map((p) => p.translations),
    ).toEqual([{}, {}]);
  });
});
