import { coerceValue } from '../../domain/languages';

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
