import { describe, expect, it } from 'vitest';
import { productDescription } from '../../../domain/productFields';
import { productFieldsOf, productTranslationsOf } from '../../../domain/productDocument';
import type { ResourceDescription } from '../../../domain/resourceDescription';

// A product's Firestore document as the products' description reads it: what the Firebase provider and the Firebase
// import (server/firebaseImport/apply.ts) both take a document's fields from.
const grown = {
  ...productDescription,
  fields: {
    ...productDescription.fields,
    colour: { kind: 'choice', options: ['Red', 'Blue'], optional: true },
    guide: { kind: 'reference', to: 'careguides', optional: true },
    weight: { kind: 'integer', max: 10_000 },
    subtitle: { kind: 'translated', max: 80, optional: true },
  },
} as unknown as ResourceDescription;

const older = {
  sku: 'S-1',
  name: 'Towel',
  details: 'Soft',
  price: 249,
  category: 'Linen',
  mc: 'Linen care',
  active: true,
  images: ['https://i/1', 7],
  primary: 'https://i/1',
};

describe('a product document read by the description (domain/productDocument.ts)', () => {
  it('reads every described field by its kind: a price another client wrote as a number as its text', () => {
    expect(productFieldsOf(older)).toEqual({
      sku: 'S-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '249',
      active: true,
      details: 'Soft',
      images: ['https://i/1'],
    });
  });

  it('reads the fields a document written before them lacks as their empty values, and a new one given', () => {
    expect(productFieldsOf(older, grown)).toMatchObject({ colour: '', guide: '', weight: 0, subtitle: '' });
    expect(productFieldsOf({ ...older, colour: 'Blue', guide: 'g1', weight: 12 }, grown)).toMatchObject({
      colour: 'Blue',
      guide: 'g1',
      weight: 12,
    });
  });

  it('reads an odd choice as empty, not as an option picked for it', () => {
    expect(productFieldsOf({ ...older, category: 'Wool', colour: 'Green' }, grown)).toMatchObject({
      category: '',
      colour: '',
    });
  });

  it('reads the translations of the description’s translated fields only, empties dropped', () => {
    const t = { se: { name: 'Handduk', details: '', subtitle: 'Mjuk', colour: 'Röd' }, de: { name: 'Handtuch' } };
    expect(productTranslationsOf(t)).toEqual({ se: { name: 'Handduk' } });
    expect(productTranslationsOf(t, grown)).toEqual({ se: { name: 'Handduk', subtitle: 'Mjuk' } });
    expect(productTranslationsOf({ se: { details: '' } })).toEqual({});
    expect(productTranslationsOf('x')).toEqual({});
  });
});
