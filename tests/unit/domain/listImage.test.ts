import { describe, expect, it } from 'vitest';
import { describeResource } from '../../../domain/resourceDescription.js';

// `listImage`: the images field whose first thumbnail leads each row of a described list.
const make = (listImage: string) =>
  describeResource({
    name: 'fabrics',
    area: 'products',
    fields: {
      code: { kind: 'line', max: 20 },
      notes: { kind: 'text', max: 200 },
      photos: { kind: 'images', max: 2 },
    },
    sort: { field: 'code', order: 'asc' },
    search: 'code',
    listImage,
  });

describe('a described list’s image', () => {
  it('names one of its images fields', () => {
    expect(make('photos').listImage).toBe('photos');
  });

  it('refuses another kind of field, or none of its own', () => {
    expect(() => make('notes')).toThrow('fabrics: listImage names one of its images fields');
    expect(() => make('nothing')).toThrow('listImage names');
    expect(() => make('toString')).toThrow('listImage names');
  });
});
