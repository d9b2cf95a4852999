import { describe, expect, it } from 'vitest';
import { foldSearch, searchWordsOf } from '../../../domain/searchFold.js';

describe('foldSearch: the one form of a text the partial-name searches compare', () => {
  it('takes off accents and case, Swedish and other letters alike', () => {
    expect(foldSearch('Örngott')).toBe('orngott');
    expect(foldSearch('Linné')).toBe('linne');
    expect(foldSearch('ÅLAND Äpple')).toBe('aland apple');
    expect(foldSearch('Crème brûlée, Señor, Čaj')).toBe('creme brulee, senor, caj');
  });

  it('writes the letters with no mark to take off as their plain letters', () => {
    expect(foldSearch('Straße STRASSE')).toBe('strasse strasse');
    expect(foldSearch('Ærø Smørrebrød')).toBe('aero smorrebrod');
    expect(foldSearch('Œuvre Łódź Þór İstanbul')).toBe('oeuvre lodz thor istanbul');
  });

  it('reads compatibility forms as their letters (ligatures, full-width)', () => {
    expect(foldSearch('ﬁne ＡＢＣ')).toBe('fine abc');
  });

  it('is the same for a text written composed or decomposed, and folding twice changes nothing', () => {
    const composed = 'Kökshandduk i linne';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(foldSearch(decomposed)).toBe(foldSearch(composed));
    for (const s of ['Örngott', 'Straße', 'Ærø', 'ﬁne', 'İ', 'Crème'])
      expect(foldSearch(foldSearch(s))).toBe(foldSearch(s));
    // The stored search text was lower-cased before (migration 020 folds it): the fold of it is the fold of the text.
    for (const s of ['Örngott', 'STRASSE Straße', 'ÆRØ', 'İstanbul'])
      expect(foldSearch(s.toLowerCase())).toBe(foldSearch(s));
  });

  it('keeps what is not a letter to fold: digits, SKUs, punctuation', () => {
    expect(foldSearch('LIN-0042_x%')).toBe('lin-0042_x%');
  });

  it('splits a search into at most eight folded words', () => {
    expect(searchWordsOf('  Örngott   LINNÉ ')).toEqual(['orngott', 'linne']);
    expect(searchWordsOf(undefined)).toEqual([]);
    expect(searchWordsOf('a b c d e f g h i j')).toHaveLength(8);
  });
});
