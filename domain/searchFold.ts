// The partial-name searches' one form of a text (docs/decisions.md, "Accent-folding search"): the stored search text
// and the words typed are both folded by it, so 'orngott' finds 'Örngott', 'linne' finds 'Linné' and 'örngott' finds
// 'Orngott', on either database (neither is asked to fold: SQLite's lower() knows only ASCII).

/**
 * Letters with no combining mark to take off, written as their plain letters by one who cannot type them: 'ø' as in
 * 'o' (as 'ö' folds), 'æ' and 'œ' as two letters, 'ß' as 'ss' (what German writes in capitals).
 */
const PLAIN: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};
const UNMARKED = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'g');
const MARKS = /\p{M}/gu;

/**
 * A text as the partial-name search compares it: compatibility forms taken apart (NFKD: 'ﬁ' as 'fi', a full-width
 * 'Ａ' as 'A'), lower-cased in every script, without combining marks ('é' as 'e', 'å', 'ä' as 'a', 'ö' as 'o'), and
 * the letters above as their plain ones. Folding a folded text changes nothing.
 */
export function foldSearch(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(MARKS, '')
    .replace(UNMARKED, (c) => PLAIN[c]!);
}

/** The words of a partial-name search, folded: at most eight, none empty. */
export const searchWordsOf = (q: string | undefined): string[] =>
  foldSearch(q ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
