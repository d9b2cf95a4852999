import { describe, expect, it } from 'vitest';
import { CATALOGUE_LANGUAGES, LANGUAGE_IDS } from '../../../domain/constants.js';
import { catalogues } from '../../../domain/locales.js';
import {
  EDITABLE_PRODUCT_FIELDS,
  flatTranslations,
  mergeTranslations,
  missingLanguages,
  PRODUCT_FIELDS,
  productDescription,
  productFieldLabel,
  productFieldsOf,
  productRules,
  TRANSLATABLE_FIELDS,
  TRANSLATED_FIELDS,
  TRANSLATED_LANGUAGES,
  translatedFieldLabel,
  translationRules,
  translationsOfFlat,
} from '../../../domain/productFields.js';
import { PRODUCT_CSV_COLUMNS } from '../../../domain/productImport.js';
import {
  describeResource,
  FIELD_KINDS,
  maxLength,
  type FieldDescription,
} from '../../../domain/resourceDescription.js';
import { said } from '../../../domain/translate.js';

/**
 * The specification's product fields, in its order. A field a shop adds to the description comes after them; these
 * tests name only these, so an added field needs no change here.
 */
const SPEC_FIELDS = ['sku', 'name', 'category', 'mc', 'price', 'active', 'details', 'images'];
const specField = (key: string) => PRODUCT_FIELDS.find((f) => f.key === key)!;

describe('the description of a product’s fields', () => {
  it('keeps the CSV file’s columns and order: the spec’s fields first, any added after, the Swedish texts last', () => {
    expect(PRODUCT_CSV_COLUMNS.slice(0, SPEC_FIELDS.length)).toEqual(SPEC_FIELDS);
    expect(PRODUCT_CSV_COLUMNS.slice(-2)).toEqual(['name_se', 'details_se']);
    const added = PRODUCT_CSV_COLUMNS.slice(SPEC_FIELDS.length, -2);
    expect(added).toEqual(
      PRODUCT_FIELDS.flatMap((f) => (f.csv !== null && !SPEC_FIELDS.includes(f.key) ? [f.csv] : [])),
    );
  });

  it('has a rule for every field but images, and a translation rule for exactly the translatable ones', () => {
    expect(Object.keys(productRules).sort()).toEqual(
      PRODUCT_FIELDS.filter((f) => f.kind !== 'images')
        .map((f) => f.key)
        .sort(),
    );
    expect(Object.keys(translationRules).sort()).toEqual(TRANSLATABLE_FIELDS.map((f) => f.key).sort());
    expect(EDITABLE_PRODUCT_FIELDS.map((f) => f.key)).not.toContain('sku');
  });

  it('translates into every catalogue language but the default, each one with a language record', () => {
    expect(CATALOGUE_LANGUAGES[0].id).toBe('en');
    expect(TRANSLATED_LANGUAGES).toEqual(CATALOGUE_LANGUAGES.slice(1).map((l) => l.id));
    for (const l of CATALOGUE_LANGUAGES) expect(LANGUAGE_IDS).toContain(l.id);
    expect(TRANSLATED_FIELDS.map((t) => t.key)).toEqual(['name_se', 'details_se']);
  });

  it('labels every field and every translated field in both console languages', () => {
    for (const f of PRODUCT_FIELDS)
      for (const lang of ['en', 'sv'] as const) {
        const label: unknown = productFieldLabel(f, catalogues[lang]);
        expect(typeof label === 'string' && label.trim() !== '', `${f.key} in ${lang}`).toBe(true);
      }
    expect(SPEC_FIELDS.map((key) => productFieldLabel(specField(key), catalogues.en))).toEqual([
      'SKU',
      'Name',
      'Category',
      'Material care',
      'Price',
      'Active',
      'Details',
      'Images',
    ]);
    expect(TRANSLATED_FIELDS.map((t) => translatedFieldLabel(t, catalogues.en))).toEqual([
      'Swedish name',
      'Swedish details',
    ]);
    expect(TRANSLATED_FIELDS.map((t) => translatedFieldLabel(t, catalogues.sv))).toEqual([
      'Namn på svenska',
      'Detaljer på svenska',
    ]);
  });
});

describe('translations', () => {
  it('merges a change field by field: given replaces, empty clears, left out stays; nothing empty is kept', () => {
    const current = { se: { name: 'Handduk', details: 'Mjuk' } };
    expect(mergeTranslations(current, { se: { name: 'Badhandduk' } })).toEqual({
      se: { name: 'Badhandduk', details: 'Mjuk' },
    });
    expect(mergeTranslations(current, { se: { details: '' } })).toEqual({ se: { name: 'Handduk' } });
    expect(mergeTranslations(current, { se: { name: '', details: '' } })).toEqual({});
    expect(mergeTranslations(current, undefined)).toEqual(current);
    expect(mergeTranslations({}, { se: { name: '' } })).toEqual({});
  });

  it('names the languages a product misses a text in', () => {
    expect(missingLanguages({})).toEqual(['se']);
    expect(missingLanguages({ se: { name: 'Handduk' } })).toEqual(['se']);
    expect(missingLanguages({ se: { name: 'Handduk', details: 'Mjuk' } })).toEqual([]);
  });

  it('goes to flat keys and back', () => {
    const t = { se: { name: 'Handduk' } };
    expect(flatTranslations(t)).toEqual({ name_se: 'Handduk', details_se: '' });
    expect(translationsOfFlat({ name_se: 'Handduk', details_se: '', price: '1' })).toEqual({
      se: { name: 'Handduk', details: '' },
    });
    expect(translationsOfFlat({ price: '1' })).toEqual({});
  });
});

describe('products in the one resource model', () => {
  it('makes every product field from its description: kind, language, fixed, and the rules’ bounds', () => {
    expect(SPEC_FIELDS.map(specField).map((f) => [f.key, f.kind, f.translatable, f.fixed])).toEqual([
      ['sku', 'line', false, true],
      ['name', 'line', true, false],
      ['category', 'choice', false, false],
      ['mc', 'choice', false, false],
      ['price', 'line', false, false],
      ['active', 'boolean', false, false],
      ['details', 'text', true, false],
      ['images', 'images', false, false],
    ]);
    for (const key of ['sku', 'name', 'price', 'details'] as const) {
      const most = maxLength(productDescription.fields[key]);
      expect(productRules[key].safeParse('x'.repeat(most)).success, key).toBe(true);
      expect(productRules[key].safeParse('x'.repeat(most + 1)).success, key).toBe(false);
      if (key === 'name' || key === 'details')
        expect(translationRules[key].safeParse('x'.repeat(most + 1)).success, key).toBe(false);
    }
  });

  it('takes a choice whose options have spaces inside, as material care has, and no space at either end', () => {
    const withOptions = (options: string[]) =>
      describeResource({
        name: 'towels',
        area: 'products',
        fields: { care: { kind: 'choice', options } },
        sort: { field: 'care', order: 'asc' },
        search: 'care',
      });
    expect(() => withOptions(['Cotton care', 'Linen care'])).not.toThrow();
    expect(() => withOptions([' Cotton care'])).toThrow(/inner spaces/);
    expect(() => withOptions(['Cotton care '])).toThrow(/inner spaces/);
    expect(() => withOptions(["Cotton's"])).toThrow(/inner spaces/);
  });

  it('takes a field of every kind the model has, as the kind the registry names', () => {
    const fields: Record<string, FieldDescription> = {
      line: { kind: 'line', max: 20 },
      text: { kind: 'text', max: 200 },
      email: { kind: 'email', optional: true },
      country: { kind: 'country' },
      boolean: { kind: 'boolean' },
      integer: { kind: 'integer' },
      translated: { kind: 'translated', as: 'text', max: 100 },
      choice: { kind: 'choice', options: ['Red', 'Blue'], optional: true },
      number: { kind: 'number', max: 100 },
      images: { kind: 'images', max: 2 },
      reference: { kind: 'reference', to: 'careguides', optional: true },
      date: { kind: 'date' },
      datetime: { kind: 'datetime', optional: true },
      choices: { kind: 'choices', options: ['A', 'B'] },
      references: { kind: 'references', to: 'careguides', optional: true },
    };
    expect(Object.keys(fields).sort()).toEqual(Object.keys(FIELD_KINDS).sort());
    const d = describeResource({
      name: 'products',
      area: 'products',
      fields,
      sort: { field: 'line', order: 'desc' },
      search: 'line',
    });
    const held = productFieldsOf(d);
    expect(held.map((f) => f.kind)).toEqual(Object.keys(fields).map((k) => (k === 'translated' ? 'text' : k)));
    expect(held.filter((f) => f.optionalInCsv).map((f) => f.key)).toEqual([
      'text',
      'email',
      'choice',
      'images',
      'reference',
      'datetime',
      'references',
    ]);
  });

  it('refuses a bad category and material care with the specification’s words', () => {
    expect(productRules.category.safeParse('Wool').error?.issues[0]?.message).toBe(said('errors.category'));
    expect(productRules.category.safeParse(3).error?.issues[0]?.message).toBe(said('errors.category'));
    expect(productRules.mc.safeParse('Wool care').error?.issues[0]?.message).toBe(said('errors.materialCare'));
    expect(productRules.category.parse('Linen')).toBe('Linen');
  });
});
