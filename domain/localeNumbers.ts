import { LOCALE_TAGS, type Locale } from './locales.js';

/**
 * Numbers as the console's language writes them on screen, and read back the same way: Swedish '1 234,50' (a comma
 * before the decimals, spaces between thousands, '−' or '-' before a negative), English '1,234.50' (a point before
 * the decimals, commas or spaces between thousands). The language is the console's own (the user menu's), never the
 * browser's. A CSV file keeps its machine form (domain/recordCsv.ts): this is for screens only.
 *
 * Reading never guesses. What the language does not write, or could mean two things, is refused with a reason, never
 * read as another number: Swedish takes no point at all ('34.90' could be 34,90 or, written the German way, 3 490),
 * English takes a comma only between groups of three ('1,5' is refused, not read as 15), neither takes an exponent
 * ('1e5'), and more digits after the decimal sign than the field keeps are refused, not rounded.
 */

/** Why a text is not a number of the field: unreadable, ambiguous signs, too many decimals, beyond exact numbers. */
export type NumberRefusal = 'notNumber' | 'separators' | 'decimals' | 'tooLarge';

/** A reading: the number (null for an empty text), or why there is none. */
export type NumberReading = { ok: true; value: number | null } | { ok: false; reason: NumberRefusal };

const SPACES = ' \u00A0\u202F';
const MINUS = '-\u2212';

interface Signs {
  /** The sign before the decimals. */
  decimal: string;
  /** The integer part as the language groups it: no signs, or groups of three after a first of one to three digits. */
  grouped: RegExp[];
}

const SPACED = /^\d{1,3}([ \u00A0\u202F]\d{3})+$/;
const SIGNS: Readonly<Record<Locale, Signs>> = {
  sv: { decimal: ',', grouped: [SPACED] },
  en: { decimal: '.', grouped: [/^\d{1,3}(,\d{3})+$/, SPACED] },
};

/**
 * A text typed into a field keeping `decimals` digits after the decimal sign (0: a whole number), read as the
 * language writes numbers. Spaces around it are ignored; an empty text reads as null.
 */
export function readNumber(text: string, locale: Locale, decimals: number): NumberReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const signs = SIGNS[locale];
  const negative = MINUS.includes(trimmed[0]!);
  const body = negative || trimmed[0] === '+' ? trimmed.slice(1) : trimmed;
  // Only digits and the signs either language uses between them; anything else (a letter, 'e', a second minus, a
  // control character) is not a number.
  if (!/^[0-9 \u00A0\u202F.,]*$/.test(body) || !/[0-9]/.test(body)) return { ok: false, reason: 'notNumber' };
  if (SPACES.includes(body[0]!) || SPACES.includes(body.at(-1)!)) return { ok: false, reason: 'notNumber' };
  const parts = body.split(signs.decimal);
  if (parts.length > 2) return { ok: false, reason: 'separators' };
  const [whole = '', fraction = ''] = parts;
  if (!/^\d*$/.test(fraction)) return { ok: false, reason: 'separators' };
  if (!/^\d*$/.test(whole) && !signs.grouped.some((g) => g.test(whole))) return { ok: false, reason: 'separators' };
  if (fraction.length > decimals) return { ok: false, reason: 'decimals' };
  const digits = whole.replace(/\D/g, '') || '0';
  // Exact only while the stored form (scaled by 10^decimals) is a safe integer; beyond that, refused, not rounded.
  if (BigInt(digits + fraction.padEnd(decimals, '0')) > BigInt(Number.MAX_SAFE_INTEGER))
    return { ok: false, reason: 'tooLarge' };
  const value = Number(`${digits}.${fraction || '0'}`);
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/** The digits a number needs after the point to be written exactly as JavaScript writes it shortest. */
function decimalsIn(value: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

/**
 * A number as the language writes it on screen, with the field's `decimals` ('34,90', '1,234.50'); a stored value
 * with more digits (written before the field kept fewer) shows them all rather than a rounded one.
 */
export function writeNumber(value: number, locale: Locale, decimals: number): string {
  if (!Number.isFinite(value)) return String(value);
  const places = Math.min(20, Math.max(decimals, decimalsIn(value)));
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(value);
}
