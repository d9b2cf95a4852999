import { messages, type Catalogue } from './messages.js';
import { sv } from './messages.sv.js';

/** The console's languages: English (the specification's wording) and Swedish. */
export const LOCALES = ['en', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a language chooser shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', sv: 'Svenska' };

/** The tag each language's dates and times are written with: day first in English (en-GB), ISO order in Swedish. */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = { en: 'en-GB', sv: 'sv-SE' };

export const catalogues: Readonly<Record<Locale, Catalogue>> = { en: messages, sv };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The best of our languages for an Accept-Language header (or a list of browser languages joined by commas):
 * the highest-weighted tag whose primary language we have ('sv-SE' → sv), else English.
 */
export function pickLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const [i, part] of header.split(',').slice(0, 20).entries()) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    // Equal weights keep the order given (i breaks the tie toward the first).
    if (!best || q > best.q) best = { locale: primary, q: q - i * 1e-9 };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
