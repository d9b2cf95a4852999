import { coerceValue, sortKeys } from '../../domain/languages';

/** A language record as the editors see it (the provider adds nothing but react-admin's id). */
export interface LanguageRecord {
  id: string;
  texts: Record<string, string | boolean>;
  version: number;
  updated: string;
}

/** The stored values as input text: booleans become 'true' / 'false'. */
export function toInputs(texts: LanguageRecord['texts']): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, String(v)]));
}

/** The whole map to save, in the editor's key order, with typed 'true' / 'false' turned into booleans. */
export function fromInputs(keys: readonly string[], values: Record<string, string>): LanguageRecord['texts'] {
  return Object.fromEntries(keys.map((k) => [k, coerceValue(values[k] ?? '')]));
}

/** The keys whose input is empty (every text is required). */
export function emptyKeys(keys: readonly string[], values: Record<string, string>): string[] {
  return keys.filter((k) => (values[k] ?? '').trim() === '');
}

/** True when a key matches the filter box (a case-insensitive part of the key). */
export function matchesFilter(key: string, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  return f === '' || key.toLowerCase().includes(f);
}

/** True when a stored value is empty (a boolean never is). */
export const isEmptyText = (v: string | boolean | undefined): boolean => typeof v === 'string' && v.trim() === '';

/** The keys a translator still has to fill: empty here as saved, or missing or empty in the other language. */
export function todoKeys(texts: LanguageRecord['texts'], other: LanguageRecord['texts'] | null): Set<string> {
  const has = (t: LanguageRecord['texts'], k: string): boolean => Object.prototype.hasOwnProperty.call(t, k);
  return new Set(
    Object.keys(texts).filter(
      (k) => isEmptyText(texts[k]) || (other !== null && (!has(other, k) || isEmptyText(other[k]))),
    ),
  );
}

/**
 * The draft moved onto a record saved meanwhile by a key change of our own (added or removed): keys it gained come
 * with their saved text, keys it lost go, and every other typed value stays as typed.
 */
export function rebaseValues(
  keys: readonly string[],
  values: Record<string, string>,
  from: LanguageRecord['texts'],
  to: LanguageRecord['texts'],
): { keys: string[]; values: Record<string, string> } {
  const gone = new Set(Object.keys(from).filter((k) => !Object.prototype.hasOwnProperty.call(to, k)));
  const gained = Object.keys(to).filter((k) => !Object.prototype.hasOwnProperty.call(from, k) && !keys.includes(k));
  const kept = keys.filter((k) => !gone.has(k));
  const next = Object.fromEntries(kept.map((k) => [k, values[k] ?? '']));
  for (const k of gained) next[k] = String(to[k]);
  return { keys: sortKeys([...kept, ...gained]), values: next };
}
