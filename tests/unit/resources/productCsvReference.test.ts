import { describe, expect, it, vi } from 'vitest';
import { importIntro, productCsvColumns } from '../../../resources/products/csv';
import { PRODUCT_CSV_COLUMNS } from '../../../domain/productImport';
import { messages } from '../../../domain/messages';

import type { Product } from '../../../domain/products';

// A reference added to the products' description (and nothing else) is exported as a described resource's is: its id,
// then its record's label in '<field>_label', which the import reads past. The description is replaced for this file.
vi.mock('../../../domain/productDescription.js', async (importOriginal) =>
  (await import('../../fixtures/grownProducts.js')).grownProducts(importOriginal, {
    testGuide: { kind: 'reference', to: 'careguides', optional: true },
  }),
);

describe('the products file with a reference field', () => {
  it('writes the reference’s id, then its record’s label', () => {
    const headers = productCsvColumns.map((c) => c.header);
    expect(headers.slice(headers.indexOf('testGuide'), headers.indexOf('testGuide') + 2)).toEqual([
      'testGuide',
      'testGuide_label',
    ]);
    expect(PRODUCT_CSV_COLUMNS).toContain('testGuide_label');
    const p = { testGuide: 'g-1', labels: { testGuide: 'Linen wash' } } as unknown as Product;
    const cells = Object.fromEntries(productCsvColumns.map((c) => [c.header, c.value(p)]));
    expect(cells).toMatchObject({ testGuide: 'g-1', testGuide_label: 'Linen wash' });
    // Without a label (the record is gone), the cell is empty.
    expect(productCsvColumns.find((c) => c.header === 'testGuide_label')!.value({} as Product)).toBe('');
  });

  it('does not name the label column among those the import reads', () => {
    expect(importIntro(messages)).not.toContain('testGuide_label');
    expect(importIntro(messages)).toContain('testGuide');
  });
});
