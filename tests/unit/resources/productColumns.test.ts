import { describe, expect, it } from 'vitest';
import { productDescription } from '../../../domain/productFields';
import { describeResource, type FieldDescription, type ResourceDescription } from '../../../domain/resourceDescription';
import { loadDescriptions, planOf, removedText } from '../../../scripts/resources';

/** The products' description with `fields` laid over its own (a field set to undefined is left out). */
function products(fields: Record<string, FieldDescription | undefined>): ResourceDescription {
  const all = Object.fromEntries(
    Object.entries({ ...productDescription.fields, ...fields }).filter(([, f]) => f !== undefined),
  ) as Record<string, FieldDescription>;
  return describeResource({ ...productDescription, fields: all, sort: { field: 'sku', order: 'desc' }, search: 'sku' });
}

// `npm run resources` writes the products' column changes from domain/productFields.ts as it does a described
// resource's, its table starting as the hand-written migrations made it (server/db/productsTable.ts).
describe('the products’ columns by `npm run resources`', () => {
  it('finds the products’ table as the hand-written migrations made it: nothing to write', async () => {
    expect(await planOf(await loadDescriptions())).toEqual({ steps: [], problems: [], removed: [] });
  });

  it('adds a new field’s column (a fill where it cannot be empty), renames one, names one removed', async () => {
    // Names no product field will have, so the test holds when a shop adds its own colour or care guide.
    const grown = products({
      testShade: { kind: 'choice', options: ['Red', 'Blue'], optional: true },
      testGuide: { kind: 'reference', to: 'careguides', optional: true },
      weight: { kind: 'integer', max: 5000, fill: 250 },
      cost: { kind: 'line', max: 50, renamedFrom: 'price' },
      price: undefined,
      mc: undefined,
    });
    const plan = await planOf(await loadDescriptions(), [], undefined, grown);
    expect(plan.problems).toEqual([]);
    expect(plan.removed).toEqual(['products.mc']);
    expect(plan.steps).toEqual([
      {
        table: 'products',
        create: false,
        renamed: { cost: 'price' },
        columns: {
          testShade: { type: 'text', default: '', stored: 'text' },
          testGuide: { type: 'text', default: '', stored: 'text' },
          weight: { type: 'bigint', default: 0, stored: 'integer', fill: 250 },
        },
      },
    ]);
    expect(removedText('products.mc')).toContain('no field of domain/productFields.ts is held in column mc');
    const dropped = await planOf(await loadDescriptions(), ['products.mc'], undefined, grown);
    expect(dropped.steps[0]?.drop).toEqual({ mc: { type: 'text', default: '', stored: 'text' } });
  });

  it('stops, naming domain/productFields.ts, at a new field the products there are have no value for', async () => {
    const plan = await planOf(await loadDescriptions(), [], undefined, products({ origin: { kind: 'line', max: 20 } }));
    expect(plan.steps).toEqual([]);
    expect(plan.problems).toEqual([
      expect.stringContaining('fill: <their value> on the field in domain/productFields.ts'),
    ]);
  });

  it('stops at a product field whose storage changed', async () => {
    const plan = await planOf(
      await loadDescriptions(),
      [],
      undefined,
      products({ price: { kind: 'number', max: 99 } }),
    );
    expect(plan.problems).toEqual([
      expect.stringContaining('products.price is held as text, its description says number:2, and not every value'),
    ]);
  });
});
