import { describe, expect, it } from 'vitest';
import { rebaseValues, todoKeys } from '../../../../resources/languages/texts';

describe('the language editor helpers', () => {
  it('lists as to do what is empty here, or missing or empty in the other language (booleans are never empty)', () => {
    const here = { done: 'Done', blank: '  ', flag: false, onlyHere: 'x', emptyThere: 'y' };
    const there = { done: 'Klar', blank: 'Tom', flag: true, emptyThere: '' };
    expect([...todoKeys(here, there)].sort()).toEqual(['blank', 'emptyThere', 'onlyHere']);
    // The other language unknown: only what is empty here.
    expect([...todoKeys(here, null)]).toEqual(['blank']);
  });

  it(
    'moves typed values onto a saved record: a key gained ' + 'comes with its text, a key lost goes, typed ones stay',
    () => {
      const from = { a: 'A', gone: 'G', b: 'B' };
      const to = { a: 'A', b: 'B', New: true };
      const rebased = rebaseValues(
        ['a', 'b', 'gone', 'local'],
        { a: 'typed A', b: 'B', gone: 'G', local: 'L' },
        from,
        to,
      );
      expect(rebased.keys).toEqual(['a', 'b', 'local', 'New']);
      expect(rebased.values).toEqual({ a: 'typed A', b: 'B', local: 'L', New: 'true' });
    },
  );
});
