import { z } from 'zod';
import { LANGUAGE_IDS } from './constants.js';
import { freeText, lineText } from './text.js';
import { said } from './translate.js';

/** Largest stored text map, in bytes of JSON. */
export const LANGUAGE_MAX_BYTES = 256 * 1024;

/** A text key: one line, NFC, trimmed, 1 to 200 characters (keys are case-sensitive). */
export const LanguageKey = lineText(200);

/** A language record: a flat map of text keys to strings or booleans. */
export const LanguageTexts = z
  .record(LanguageKey, z.union([freeText(10_000), z.boolean()]))
  .refine((m) => JSON.stringify(m).length <= LANGUAGE_MAX_BYTES, said('errors.textsTooLarge'));

export const LanguageId = z.enum(LANGUAGE_IDS);

export const Language = z.object({
  id: LanguageId,
  texts: LanguageTexts,
  version: z.number().int(),
  updated: z.string(),
});
export type Language = z.infer<typeof Language>;

/** A new key's text in the language it is added from: required like every text the editor saves, or a boolean. */
export const NewKeyText = z
  .object({ value: z.union([freeText(10_000).refine((s) => s.trim() !== '', said('common.required')), z.boolean()]) })
  .strict();

/** The editor's rule: the typed text 'true' or 'false' becomes a boolean; everything else stays text. */
export function coerceValue(value: string | boolean): string | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** Keys sorted alphabetically, ignoring case (the language editors' order). */
export function sortKeys(keys: string[]): string[] {
  return [...keys].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b));
}
