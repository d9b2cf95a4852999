import { describe, expect, it } from 'vitest';
import { freeText, lineText, textAllowed } from '../../../domain/text.js';

describe('the text rule', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate at the end', 'ab\udc00'],
    ['two high surrogates', '\ud83d\ud83d'],
  ])('refuses %s everywhere', (_name, s) => {
    for (const kind of ['any', 'text', 'line'] as const) expect(textAllowed(s, kind)).toBe(false);
  });

  it.each([
    ['a right-to-left override', 'abc\u202eexe.jpg'],
    ['a left-to-right embedding', '\u202aabc'],
    ['a first-strong isolate', 'a\u2068b'],
  ])('refuses %s in every field typed, one-line or free text', (_name, s) => {
    expect(textAllowed(s, 'line')).toBe(false);
    expect(textAllowed(s, 'text')).toBe(false);
    expect(textAllowed(s, 'any')).toBe(true);
  });

  it.each([
    ['a line break', 'a\nb'],
    ['a tab', 'a\tb'],
    ['a line separator', 'a\u2028b'],
  ])('refuses %s in a one-line value only', (_name, s) => {
    expect(textAllowed(s, 'line')).toBe(false);
    expect(textAllowed(s, 'any')).toBe(true);
  });

  it.each(['Linné', 'Ängel & Öl', '👍🏽 towel', '株式会社', 'עברית', 'a\u200fb'])('accepts %j in any kind', (s) => {
    for (const kind of ['any', 'text', 'line'] as const) expect(textAllowed(s, kind)).toBe(true);
  });

  it('lets free text keep its line breaks and tabs', () => {
    expect(freeText(100).parse('Line one\r\n\tLine two')).toBe('Line one\r\n\tLine two');
  });

  it('normalises to NFC and trims a one-line value', () => {
    expect(lineText(10).parse('  Rene\u0301 ')).toBe('Ren\u00e9');
    expect(freeText(10).parse('e\u0301')).toBe('\u00e9');
  });

  it('bounds the length and requires a one-line value', () => {
    expect(lineText(3).safeParse('abcd').success).toBe(false);
    expect(lineText(3).safeParse('   ').success).toBe(false);
    expect(freeText(3).safeParse('abcd').success).toBe(false);
  });
});
