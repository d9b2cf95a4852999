import { describe, expect, it } from 'vitest';
import { readNumber, writeNumber, type NumberReading } from '../../../domain/localeNumbers';

// Numbers as the console's language writes them (domain/localeNumbers.ts): read back exactly, or refused with a
// reason; never read as another number (Swedish '34,90' once became 3490).
const read = (text: string, locale: 'en' | 'sv', decimals = 2): NumberReading => readNumber(text, locale, decimals);
const value = (v: number | null): NumberReading => ({ ok: true, value: v });
const refused = (reason: string): NumberReading => ({ ok: false, reason }) as NumberReading;

describe('reading a number as Swedish writes it', () => {
  it.each([
    ['34,90', 34.9],
    ['34,9', 34.9],
    ['34', 34],
    ['0,05', 0.05],
    [',5', 0.5],
    ['5,', 5],
    ['007', 7],
    ['1 234,50', 1234.5],
    ['1\u00A0234,50', 1234.5],
    ['1\u202F234,50', 1234.5],
    ['12 345 678,01', 12345678.01],
    ['  34,90  ', 34.9],
    ['-34,90', -34.9],
    ['\u221234,90', -34.9],
    ['\u22121\u00A0234,50', -1234.5],
    ['+3', 3],
    ['-0', 0],
  ])('%j is %d', (text, n) => {
    expect(read(text, 'sv')).toEqual(value(n));
  });

  it('reads no negative zero', () => {
    const r = read('-0,00', 'sv');
    expect(r.ok && Object.is(r.value, 0)).toBe(true);
  });

  it.each(['34.90', '1.234', '1.234,50', '1,2,3', '12 34', '1 2345', '1  234', '1 234 5'])(
    '%j is refused: its signs are not Swedish, or could mean two numbers',
    (text) => {
      expect(read(text, 'sv')).toEqual(refused('separators'));
    },
  );
});

describe('reading a number as English writes it', () => {
  it.each([
    ['34.90', 34.9],
    ['34.9', 34.9],
    ['.5', 0.5],
    ['1,234.50', 1234.5],
    ['1,234', 1234],
    ['12,345,678.01', 12345678.01],
    ['1 234.50', 1234.5],
    ['1\u00A0234.50', 1234.5],
    ['-1,234.5', -1234.5],
    ['\u22125', -5],
  ])('%j is %d', (text, n) => {
    expect(read(text, 'en')).toEqual(value(n));
  });

  it.each(['1,5', '34,90', '1.234,5', '1,23', '1,2345', '12,34.5', '1.2.3', '1,234 567', '1.234.567', '1 234,5'])(
    '%j is refused: its signs are not English, or could mean two numbers',
    (text) => {
      expect(read(text, 'en')).toEqual(refused('separators'));
    },
  );
});

describe('reading: what is no number in either language', () => {
  it.each([
    '1e5',
    '1E5',
    '0x10',
    'Infinity',
    'NaN',
    'abc',
    '12a',
    '\u0000',
    '1\u00005',
    '5\u0000',
    '--5',
    '-\u22125',
    '5-',
    '- 5',
    '\u2212',
    '-',
    '+',
    ',',
    '.',
    ' , ',
    '1\t234',
    '\uFF13\uFF14',
    '\u0663\u0664',
    '34 kr',
    '½',
  ])('%j is refused', (text) => {
    for (const locale of ['en', 'sv'] as const) expect(read(text, locale)).toEqual(refused('notNumber'));
  });

  it.each(['', '   ', '\u00A0'])('%j is empty: null, for the field’s own rule (required or not)', (text) => {
    expect(read(text, 'sv')).toEqual(value(null));
    expect(read(text, 'en')).toEqual(value(null));
  });
});

describe('reading: the field’s decimals and exact numbers', () => {
  it('refuses more digits after the decimal sign than the field keeps, trailing zeros too, instead of rounding', () => {
    expect(read('34,905', 'sv')).toEqual(refused('decimals'));
    expect(read('34,900', 'sv')).toEqual(refused('decimals'));
    expect(read('1,000', 'sv')).toEqual(refused('decimals'));
    expect(read('34.905', 'en')).toEqual(refused('decimals'));
    expect(read('1,5', 'sv', 1)).toEqual(value(1.5));
    expect(read('1,500', 'sv', 3)).toEqual(value(1.5));
    expect(read('0.000001', 'en', 6)).toEqual(value(0.000001));
  });

  it('reads a whole number (no decimals) only without a fraction', () => {
    expect(read('1 234', 'sv', 0)).toEqual(value(1234));
    expect(read('1,234', 'en', 0)).toEqual(value(1234));
    expect(read('5,0', 'sv', 0)).toEqual(refused('decimals'));
    expect(read('5.0', 'en', 0)).toEqual(refused('decimals'));
    expect(read('5,', 'sv', 0)).toEqual(value(5));
  });

  it('refuses what would not be exact once stored (scaled by 10^decimals), instead of rounding it', () => {
    expect(read('9 007 199 254 740 991', 'sv', 0)).toEqual(value(Number.MAX_SAFE_INTEGER));
    expect(read('9,007,199,254,740,992', 'en', 0)).toEqual(refused('tooLarge'));
    expect(read('90 071 992 547 409,91', 'sv', 2)).toEqual(value(90071992547409.91));
    expect(read('90071992547409,92', 'sv', 2)).toEqual(refused('tooLarge'));
    expect(read('-99999999999999999999', 'en', 0)).toEqual(refused('tooLarge'));
    expect(read('9'.repeat(400), 'en', 0)).toEqual(refused('tooLarge'));
    expect(read(`1${'0'.repeat(5000)}`, 'sv', 6)).toEqual(refused('tooLarge'));
  });
});

describe('writing a number as the language writes it', () => {
  it('shows the field’s decimals, its language’s signs and groups', () => {
    expect(writeNumber(34.9, 'sv', 2)).toBe('34,90');
    expect(writeNumber(34.9, 'en', 2)).toBe('34.90');
    expect(writeNumber(1234.5, 'sv', 2)).toBe('1\u00A0234,50');
    expect(writeNumber(1234.5, 'en', 2)).toBe('1,234.50');
    expect(writeNumber(-1234.5, 'sv', 2)).toBe('\u22121\u00A0234,50');
    expect(writeNumber(-1234.5, 'en', 2)).toBe('-1,234.50');
    expect(writeNumber(2147483647, 'sv', 0)).toBe('2\u00A0147\u00A0483\u00A0647');
    expect(writeNumber(0, 'en', 6)).toBe('0.000000');
  });

  it('shows every digit of a stored value with more than the field keeps, rather than a rounded one', () => {
    expect(writeNumber(34.905, 'sv', 2)).toBe('34,905');
    expect(writeNumber(1e-7, 'en', 2)).toBe('0.0000001');
    expect(writeNumber(0.1 + 0.2, 'en', 2)).toBe('0.30000000000000004');
  });

  it('reads back every number it writes, in both languages and at every number of decimals', () => {
    const samples = [0, 1, -1, 0.5, 34.9, 1234.5, -1234.56, 999999.99, 2147483647, -2147483648, 0.000001, 1e9];
    for (const locale of ['en', 'sv'] as const)
      for (let decimals = 0; decimals <= 6; decimals += 1)
        for (const n of samples) {
          const shown = Number(n.toFixed(decimals));
          expect(read(writeNumber(shown, locale, decimals), locale, decimals)).toEqual(value(shown));
        }
  });
});
