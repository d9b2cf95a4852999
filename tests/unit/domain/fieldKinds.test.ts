import { describe, expect, it } from 'vitest';
import { said } from '../../../domain/translate';
import { describeResource } from '../../../domain/resourceDescription';
import { fieldSchema } from '../../../domain/recordSchemas';
import { formValue } from '../../../domain/fieldKinds';
import { checkRecordRow, recordCells } from '../../../domain/recordCsv';

// The kinds date, datetime and choices by their rules and CSV cells (domain/fieldKinds.ts); both databases and the
// Firebase provider store them in tests/server/routes/describedResources.test.ts and tests/firebase/provider/.
const fairs = describeResource({
  name: 'fairs',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80 },
    day: { kind: 'date' },
    opens: { kind: 'datetime', optional: true },
    stands: { kind: 'choices', options: ['linen', 'light grey', 'wool'] },
  },
  sort: { field: 'day', order: 'asc' },
  search: 'name',
});
const { day, opens, stands } = fairs.fields;

describe('the kinds date, datetime and choices', () => {
  it('a date: a day the calendar has, written YYYY-MM-DD', () => {
    expect(fieldSchema(day).parse(' 2028-02-29 ')).toBe('2028-02-29');
    for (const bad of ['2026-02-29', '2026-13-01', '29.03.2026', '2026-03-29T00:00', ''])
      expect(fieldSchema(day).safeParse(bad).error?.issues[0]?.message, bad).toBe(said('records.badDate'));
  });

  it('a datetime: any zone taken, held in UTC; empty when optional', () => {
    expect(fieldSchema(opens).parse('2026-10-24T09:00:00+02:00')).toBe('2026-10-24T07:00:00.000Z');
    expect(fieldSchema(opens).parse('2026-10-24T07:00:00Z')).toBe('2026-10-24T07:00:00.000Z');
    expect(fieldSchema(opens).parse('')).toBe('');
    for (const bad of ['2026-10-24T09:00', '2026-10-24', 'tomorrow'])
      expect(fieldSchema(opens).safeParse(bad).error?.issues[0]?.message, bad).toBe(said('schedule.badTime'));
  });

  it('choices: some of the options, each once, held in the options’ order; at least one unless optional', () => {
    expect(fieldSchema(stands).parse(['wool', 'linen'])).toEqual(['linen', 'wool']);
    expect(fieldSchema(stands).safeParse(['wool', 'wool']).error?.issues[0]?.message).toBe(said('records.badChoice'));
    expect(fieldSchema(stands).safeParse(['silk']).error?.issues[0]?.message).toBe(said('records.badChoice'));
    expect(fieldSchema(stands).safeParse([]).error?.issues[0]?.message).toBe(said('common.required'));
  });

  it('their CSV cells round-trip; a bad choice in a file names the options', () => {
    const rec = { id: 'f1', name: 'Wool week', day: '2026-10-24', opens: '', stands: ['linen', 'light grey'] };
    const cells = recordCells(fairs, rec);
    expect(cells).toMatchObject({ day: '2026-10-24', opens: '', stands: 'linen; light grey' });
    expect(checkRecordRow(fairs, cells)).toEqual({
      values: { name: 'Wool week', day: '2026-10-24', opens: '', stands: ['linen', 'light grey'] },
      translations: {},
      errors: [],
    });
    expect(checkRecordRow(fairs, { ...cells, stands: '' }).errors).toEqual([
      { field: 'stands', message: said('common.required') },
    ]);
  });
});

describe('a form’s value, as its kind reads it (formValue)', () => {
  const spec = (kind: string, more: object = {}) => ({ kind, max: 20, ...more }) as never;
  it('trims every text kind, an untouched one sent as empty', () => {
    for (const kind of ['line', 'text', 'email', 'country', 'translated', 'reference'])
      expect([formValue(spec(kind), '  Linen  '), formValue(spec(kind), undefined)], kind).toEqual(['Linen', '']);
    expect(formValue(spec('choice', { options: ['a'] }), ' a ')).toBe('a');
  });

  it('sends a yes/no true unless false, a list as a list, a number or date as it is', () => {
    expect([formValue(spec('boolean'), false), formValue(spec('boolean'), undefined)]).toEqual([false, true]);
    for (const kind of ['images', 'choices', 'references']) {
      expect(formValue(spec(kind), ['x']), kind).toEqual(['x']);
      expect(formValue(spec(kind), null), kind).toEqual([]);
    }
    expect(formValue(spec('integer'), 12)).toBe(12);
    expect(formValue(spec('date'), '2027-04-15')).toBe('2027-04-15');
  });
});
