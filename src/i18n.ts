import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, StringMap, TranslationMessages } from 'react-admin';
import { catalogues, LOCALE_NAMES, LOCALES, type Locale } from '../domain/locales';
import type { Catalogue } from '../domain/messages';
import { raSwedish } from './raSwedish';
import { getLocale } from '../base/locale';

type Node = string | readonly Node[] | { readonly [key: string]: Node };

/** Turns a catalogue into polyglot phrases (lists become numbered keys), so `app.signin.title` translates. */
function toPhrases(node: Node): StringMap | string {
  if (typeof node === 'string') return node;
  const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
  return Object.fromEntries(entries.map(([k, v]) => [k, toPhrases(v as Node)]));
}

/**
 * react-admin's texts in one language, worded as in our catalogue where staff see both, plus the catalogue under `app`.
 */
function phrases(pack: TranslationMessages, m: Catalogue): TranslationMessages {
  const ra = pack.ra;
  return {
    ...pack,
    ra: {
      ...ra,
      auth: { ...ra.auth, logout: m.header.signOut, auth_check_error: m.errors.unauthenticated },
      page: { ...ra.page, dashboard: m.menu.dashboard, loading: m.gate.loading },
      validation: { ...ra.validation, required: m.common.required },
      notification: { ...ra.notification, logged_out: m.errors.unauthenticated, http_error: m.errors.network },
    },
    app: toPhrases(m as Node),
  };
}

const packs: Record<Locale, TranslationMessages> = {
  en: phrases(englishMessages, catalogues.en),
  sv: phrases(raSwedish, catalogues.sv),
};

/**
 * The console's i18n provider: English and Swedish, starting in the language chosen in this browser (base/locale.ts).
 */
export const i18nProvider: I18nProvider = polyglotI18nProvider(
  (locale) => packs[locale as Locale] ?? packs.en,
  getLocale(),
  LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
  // Texts passed as literal strings (our catalogue's wording) translate to themselves, without warnings.
  { allowMissing: true },
);
