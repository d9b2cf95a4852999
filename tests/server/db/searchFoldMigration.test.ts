import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate.js';
import { listProducts } from '../../../server/core/products.js';
import { listRecords } from '../../../server/core/described.js';
import { description as careguides } from '../../../resources/careguides/description.js';
import { dialects, freshDb } from '../helpers/index.js';

type Row = Record<string, unknown>;

// Migration 020 on a catalogue and care guides written before it: their search text, lower-cased with its accents,
// is folded, so words typed with or without accents find them (SQLite through its trigram table too).
describe.each(dialects())('migration 020, accent-folded search text, on existing rows (%s)', (dialect) => {
  const fresh = freshDb(dialect);

  it('folds the stored search text of products and described records, which words then find', async () => {
    const db = await fresh.open();
    await fresh.migrateTo('019_firebase_import');
    const product = (sku: string, name: string, sv: string) => ({
      id: `id-${sku}`,
      sku,
      category: 'Linen',
      mc: 'Linen care',
      name,
      details: 'd',
      translations: JSON.stringify({ se: { name: sv, details: 'd' } }),
      // As the server wrote it before 020: lower-cased, accents kept.
      search_text: `${name} ${sv} ${sku}`.toLowerCase(),
      untranslated: '',
      price: '1',
      active: 1,
      images: '[]',
      version: 1,
      created: '2024-01-01T00:00:00.000Z',
    });
    const old = db.kysely as unknown as Kysely<Record<string, Row>>;
    await old
      .insertInto('products')
      .values([
        product('OLD-1', 'Pillowcase', 'Örngott i linne'),
        product('OLD-2', 'Linné apron', 'Förkläde'),
        product('OLD-3', 'Plain towel', 'Handduk'),
      ])
      .execute();
    await old
      .insertInto('careguides')
      .values({
        id: 'guide-1',
        version: 1,
        title: 'Tvätt av Örngott',
        body: 'Wash cold',
        fabric: 'linen',
        picture: '[]',
        translations: JSON.stringify({ sv: { body: 'Tvätta kallt, stryk på lägsta värme' } }),
        search_text: 'tvätt av örngott wash cold tvätta kallt, stryk på lägsta värme',
        created: '2024-01-01T00:00:00.000Z',
      })
      .execute();
    await migrate(db);

    const texts = await old.selectFrom('products').select(['sku', 'search_text']).orderBy('sku').execute();
    expect(texts).toEqual([
      { sku: 'OLD-1', search_text: 'pillowcase orngott i linne old-1' },
      { sku: 'OLD-2', search_text: 'linne apron forklade old-2' },
      { sku: 'OLD-3', search_text: 'plain towel handduk old-3' },
    ]);
    const found = async (q: string) =>
      (await listProducts(db.kysely, { limit: 10, after: null }, { q })).items.map((p) => p.sku);
    expect(await found('orngott')).toEqual(['OLD-1']);
    expect(await found('Örngott')).toEqual(['OLD-1']);
    expect(await found('linne')).toEqual(['OLD-2', 'OLD-1']);
    expect(await found('LINNÉ apr')).toEqual(['OLD-2']);
    expect(await found('förkl')).toEqual(['OLD-2']);

    const guides = async (q: string) =>
      (await listRecords(db.kysely, careguides, { limit: 10, after: null, q })).items.map((r) => r.id);
    expect(await guides('orngott')).toEqual(['guide-1']);
    expect(await guides('lagsta varme')).toEqual(['guide-1']);
    expect(await guides('LÄGSTA')).toEqual(['guide-1']);
  });
});
