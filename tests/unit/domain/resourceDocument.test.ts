import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase/firestore';
import { productDescription } from '../../../domain/productFields';
import { readDocument, readTranslations } from '../../../domain/resourceDocument';
import { emptyValue, fieldsOfResource, type ResourceDescription } from '../../../domain/resourceDescription';
import { description as careguides } from '../../../resources/careguides/description';
import { description as suppliers } from '../../../resources/suppliers/description';
import { everyKind } from '../../server/helpers/recordValues';

// A Firestore document as its description reads it (domain/resourceDocument.ts): the one reader of a product's and of
// every described resource's document, which the Firebase provider and the Firebase import take their records from.
// A stored document may be older than the description or written by hand: reading it never throws, keeps nothing the
// description does not say, and reads a missing or odd value as its kind's empty value.
const grown = {
  ...productDescription,
  fields: {
    ...productDescription.fields,
    weight: { kind: 'integer', max: 10_000 },
    subtitle: { kind: 'translated', max: 80, optional: true },
    colour: { kind: 'choice', options: ['Red', 'Blue'], optional: true },
    guide: { kind: 'reference', to: 'careguides', optional: true },
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

describe('a product document read by its description', () => {
  it('reads every described field by its kind: a price another client wrote as a number as its text', () => {
    // Every described field: those the document holds as read, any other (one added to products later) empty.
    const empty = Object.fromEntries(fieldsOfResource(productDescription).map(([k, f]) => [k, emptyValue(f)]));
    expect(readDocument(productDescription, older)).toEqual({
      ...empty,
      sku: 'S-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '249',
      active: true,
      details: 'Soft',
      images: ['https://i/1'],
      translations: {},
    });
  });

  it('reads the fields a document written before them lacks as their empty values, and a new one given', () => {
    expect(readDocument(grown, older)).toMatchObject({ colour: '', guide: '', weight: 0, subtitle: '' });
    expect(readDocument(grown, { ...older, colour: 'Blue', guide: 'g1', weight: 12 })).toMatchObject({
      colour: 'Blue',
      guide: 'g1',
      weight: 12,
    });
  });

  it('reads an odd choice as empty, not as an option picked for it', () => {
    expect(readDocument(grown, { ...older, category: 'Wool', colour: 'Green' })).toMatchObject({
      category: '',
      colour: '',
    });
  });

  it('reads the translations of the description’s translated fields only, empties dropped', () => {
    const t = { se: { name: 'Handduk', details: '', subtitle: 'Mjuk', colour: 'Röd' }, de: { name: 'Handtuch' } };
    expect(readTranslations(productDescription, t)).toEqual({ se: { name: 'Handduk' } });
    expect(readTranslations(grown, t)).toEqual({ se: { name: 'Handduk', subtitle: 'Mjuk' } });
    expect(readTranslations(productDescription, { se: { details: '' } })).toEqual({});
  });
});

// Odd `translations` maps a hand or an older version may leave, and what every description reads of them.
const oddTranslations: [string, unknown][] = [
  ['a language the catalogue lacks, and English', { de: { body: 'Text', name: 'Name' }, en: { body: 'x', name: 'y' } }],
  ['a field not translated or not described', { se: { title: 'Titel', colour: 'Röd', notes: 'Anteckning' } }],
  ['texts that are not strings', { se: { body: 7, name: null, details: ['Mjuk'] } }],
  ['empty texts', { se: { body: '', name: '', details: '' } }],
  ['a language that is a list', { se: ['Mjuk', 'Handduk'] }],
  ['a language that is a text', { se: 'Mjuk' }],
  ['a map that is a list', [{ body: 'Text', name: 'Namn' }]],
  ['a map that is a text', 'Handduk'],
  ['a map that is a time', Timestamp.fromMillis(0)],
  ['no map', null],
];

const descriptions: ResourceDescription[] = [productDescription, careguides, suppliers, everyKind];
/** Each kind's empty value, as the test expects it (not read from the kinds). */
const emptyOf = (kind: string): unknown =>
  ({ integer: 0, number: 0, boolean: false, images: [], choices: [], references: [] })[kind] ?? '';

describe.each(descriptions.map((d) => [d.name, d] as const))(
  'a %s document written by hand or by an older version',
  (_name, d) => {
    const translated = fieldsOfResource(d)
      .filter(([, f]) => f.kind === 'translated')
      .map(([k]) => k);

    it.each(oddTranslations)('reads no translations from %s', (_case, translations) => {
      const read = readDocument(d, { translations });
      expect(read.translations).toEqual(translated.length > 0 ? {} : undefined);
    });

    it('keeps a good text beside odd ones, the map holding only described fields in known languages', () => {
      if (translated.length === 0) return;
      const good = Object.fromEntries(translated.map((k) => [k, `sv-${k}`]));
      const read = readDocument(d, {
        translations: { se: { ...good, title: 'Titel', '0': 'x', extra: 1 }, de: good, en: good },
      });
      expect(read.translations).toEqual({ se: good });
    });

    it('reads a document with nothing in it as every field’s empty value and keeps no other key', () => {
      const read = readDocument(d, { unknown: 'x', id: 'other', version: 3, created: Timestamp.fromMillis(0) });
      expect(Object.keys(read).sort()).toEqual(
        [...Object.keys(d.fields), ...(translated.length > 0 ? ['translations'] : [])].sort(),
      );
      for (const [k, f] of fieldsOfResource(d)) expect(read[k], k).toEqual(emptyOf(f.kind));
    });

    it('reads a value of the wrong type as the field’s empty value', () => {
      const wrong = Object.fromEntries(Object.keys(d.fields).map((k) => [k, { nested: true }]));
      const read = readDocument(d, wrong);
      for (const [k, f] of fieldsOfResource(d)) expect(read[k], k).toEqual(emptyOf(f.kind));
    });
  },
);

describe('each kind’s odd values', () => {
  it('reads a number that is not finite as 0, a yes/no not true as no, a list without what it may not hold', () => {
    const read = readDocument(everyKind, {
      price: Number.NaN,
      count: Number.POSITIVE_INFINITY,
      done: 'true',
      pictures: ['a', 1, null],
      tags: ['wool', 'soft', 3, 'soft'],
      tone: 'Calm',
      day: Timestamp.fromMillis(0),
    });
    expect(read).toMatchObject({ price: 0, count: 0, done: false, pictures: ['a'], tags: ['soft'], tone: '', day: '' });
  });
});
