// The one guard every exported CSV cell goes through, and its inverse on import (resources/shared/csv.ts).

/**
 * A cell a spreadsheet program would run as a formula: its first character is =, +, -, @, a tab or a carriage
 * return, whatever follows, line breaks included (papaparse's own escapeFormulae test stops at the first line break).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell that starts with one or more ' before such a character: what the guard writes, or a value that looks so. */
const QUOTED_FORMULA = /^'+[=+\-@\t\r]/;

/**
 * A cell as it is written to a file: a ' in front of one that starts like a formula, so a spreadsheet shows it as
 * text, and in front of one that already starts with ' before such a character, so reading it back is exact.
 */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) || QUOTED_FORMULA.test(value) ? `'${value}` : value;
}

/**
 * A read cell as the value it stands for: the guard's ' taken off again (one, before a formula's first character).
 * Any other ' is the value's own. unguardCell(guardCell(v)) === v for every text.
 */
export function unguardCell(cell: string): string {
  return QUOTED_FORMULA.test(cell) ? cell.slice(1) : cell;
}
