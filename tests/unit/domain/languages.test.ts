import { describe, expect, it } from 'vitest';
import { coerceValue, LanguageTexts, sortKeys } from '../../../domain/languages.js';

describe('language values and keys', () => {
  it("turns the typed texts 'true' and 'false' into booleans and leaves the rest", () => {
    expect(coerceValue('true')).toBe(true);
    expect(coerceValue('false')).toBe(false);
    expect(coerceValue('True')).toBe('True');
    expect(coerceValue(' true')).toBe(' true');
    expect(coerceValue('')).toBe('');
    expect(coerceValue(true)).toBe(true);
  });

  it('sorts keys alphabetically ignoring case', () => {
    expect(sortKeys(['banana', 'Apple', 'cherry', 'apricot', 'Banana2'])).toEqual([
      'Apple',
      'apricot',
      'banana',
      'Banana2',
      'cherry',
    ]);
  });

  it('accepts flat maps of strings and booleans only', () => {
    expect(LanguageTexts.safeParse({ a: 'x', b: true }).success).toBe(true);
    expect(LanguageTexts.safeParse({ a: 1 }).success).toBe(false);
    expect(LanguageTexts.safeParse({ '': 'x' }).success).toBe(false);
    expect(LanguageTexts.safeParse({ a: { b: 'c' } }).success).toBe(false);
  });
});
