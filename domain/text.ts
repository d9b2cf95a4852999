import { z } from 'zod';
import { said } from './translate.js';
import './zodWords.js';

// The one text rule for every input, so SQLite and PostgreSQL answer the caller alike: PostgreSQL refuses NUL in
// text and both would store unpaired surrogates as U+FFFD, silently changing what was sent.

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- the text rule exists to find control characters
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Line breaks and tabs, which a one-line value (a name, an SKU, an email, a key) never holds. */
const BREAKS = /[\t\n\r\u2028\u2029]/;
/**
 * Bidirectional embeddings, overrides and isolates: they make a name, an SKU or a note read differently from what it
 * is. Refused in every field a person types (a line or free text); the marks (U+200E, U+200F) stay.
 */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * 'any': every string the server receives (passwords included, taken as typed); 'text': free text (no bidirectional
 * controls); 'line': names, SKUs, emails, keys (nor line breaks and tabs).
 */
export type TextKind = 'any' | 'text' | 'line';

/** True when a string follows the rule for its kind. */
export function textAllowed(s: string, kind: TextKind): boolean {
  if (CONTROL.test(s) || LONE_SURROGATE.test(s)) return false;
  if (kind === 'any') return true;
  return !BIDI.test(s) && (kind === 'text' || !BREAKS.test(s));
}

/** A one-line value (name, SKU, email, key): the text rule, NFC, trimmed, 1..max characters. */
export const lineText = (max: number) =>
  z
    .string()
    .refine((s) => textAllowed(s, 'line'), said('errors.badText'))
    .normalize('NFC')
    .trim()
    .min(1, said('common.required'))
    .max(max, said('errors.tooLong', { max }));

/** A one-line value that may be left empty (a translation not written yet): the one-line rule, NFC, trimmed, 0..max. */
export const optionalLineText = (max: number) =>
  z
    .string()
    .refine((s) => textAllowed(s, 'line'), said('errors.badText'))
    .normalize('NFC')
    .trim()
    .max(max, said('errors.tooLong', { max }));

/** Free text (product details, language texts): the text rule and NFC; line breaks allowed; at most max characters. */
export const freeText = (max: number) =>
  z
    .string()
    .refine((s) => textAllowed(s, 'text'), said('errors.badText'))
    .normalize('NFC')
    .max(max, said('errors.tooLong', { max }));

/** The largest version number an edit may name (PostgreSQL's integer, less one for the next version). */
export const VERSION_MAX = 2_147_483_646;

/** A search term or path id: the one-line rule, NFC, trimmed, at most max characters (empty allowed). */
export const searchText = optionalLineText;
