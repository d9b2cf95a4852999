import { describe, expect, it } from 'vitest';
import { guardCell, unguardCell } from '../../../domain/csvCell';

// The one guard of every exported CSV cell (domain/csvCell.ts) and its inverse on import.
describe('guardCell and unguardCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=1+1\nsecond line', "'=1+1\nsecond line"],
    ['=HYPERLINK("https://evil.example/x",\n"Open")', '\'=HYPERLINK("https://evil.example/x",\n"Open")'],
    ['-3+3\n…', "'-3+3\n…"],
    ['+1\r\n2', "'+1\r\n2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["'=1", "''=1"],
    ["''-1\nx", "'''-1\nx"],
  ])('guards %j as %j', (value, cell) => {
    expect(guardCell(value)).toBe(cell);
    expect(unguardCell(cell)).toBe(value);
  });

  it.each(['', 'Linen towel', "'quoted", "it's =1", ' =1', '1-2', 'a\n=1'])('leaves %j as it is', (value) => {
    expect(guardCell(value)).toBe(value);
    expect(unguardCell(value)).toBe(value);
  });

  it('reads a hand-written guarded cell as its value', () => {
    expect(unguardCell("'=1+1")).toBe('=1+1');
    expect(unguardCell("'-3")).toBe('-3');
  });
});
