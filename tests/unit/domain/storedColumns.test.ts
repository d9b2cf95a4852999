import { describe, expect, expectTypeOf, it } from 'vitest';
import { FIELD_KINDS, type FieldKind } from '../../../domain/resourceDescription';
import type { ProductsTable, StoredOf } from '../../../server/db/schema';

/** Each kind's column as the table types say it (server/db/schema.ts, StoredOf), checked by the compiler. */
const typed: { [K in FieldKind]: StoredOf<K> extends number ? 'number' : 'text' } = {
  line: 'text',
  text: 'text',
  email: 'text',
  country: 'text',
  boolean: 'number',
  integer: 'number',
  translated: 'text',
  choice: 'text',
  number: 'number',
  images: 'text',
  reference: 'text',
  date: 'text',
  datetime: 'text',
  choices: 'text',
  references: 'text',
};

describe('the table types made from the descriptions', () => {
  it('type each kind’s column as the registry stores it (text, or a 0/1 or whole number)', () => {
    for (const [kind, spec] of Object.entries(FIELD_KINDS))
      expect(spec.column === 'text' ? 'text' : 'number', kind).toBe(typed[kind as FieldKind]);
  });

  it('give the products table a column for every product field, typed by its kind', () => {
    expectTypeOf<Pick<ProductsTable, 'sku' | 'name' | 'active' | 'images' | 'category'>>().toEqualTypeOf<{
      sku: string;
      name: string;
      active: number;
      images: string;
      category: string;
    }>();
  });
});
