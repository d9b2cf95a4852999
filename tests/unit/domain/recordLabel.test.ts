import { describe, expect, it } from 'vitest';
import { describeResource, labelOf, type FieldDescription } from '../../../domain/resourceDescription.js';

// A described resource's label field: the field a record is named by where another record points to it.
const make = (fields: Record<string, FieldDescription>, label?: string) =>
  describeResource({
    name: 'fabrics',
    area: 'products',
    fields,
    sort: { field: 'code', order: 'asc' },
    search: 'code',
    ...(label === undefined ? {} : { label }),
  });

describe('a described resource’s label field', () => {
  it('is the one it names, else its first line field, else its search field', () => {
    const fields = {
      code: { kind: 'integer' },
      name: { kind: 'line', max: 80 },
      other: { kind: 'line', max: 80 },
    } as const;
    expect(labelOf(make(fields))).toBe('name');
    expect(labelOf(make(fields, 'other'))).toBe('other');
    expect(labelOf(make({ code: { kind: 'email' } }))).toBe('code');
  });

  it('refuses a label that is not one of its line, email or translated line fields', () => {
    const fields = {
      code: { kind: 'line', max: 20 },
      notes: { kind: 'text', max: 200 },
      body: { kind: 'translated', as: 'text', max: 200 },
    } as const;
    expect(() => make(fields, 'nothing')).toThrow('fabrics: label names one of its line, email or translated line');
    expect(() => make(fields, 'notes')).toThrow('label names');
    expect(() => make(fields, 'body')).toThrow('label names');
    expect(() => make({ code: { kind: 'line', max: 20 }, labels: { kind: 'line', max: 20 } })).toThrow(
      'labels cannot be a field',
    );
  });
});
