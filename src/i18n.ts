import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { catalogues, LOCALE_NAMES, LOCALES, type Locale } from '../domain/locales';
import type { Catalogue } from '../domain/messages';
import { raSwedish } from './raSwedish';
import { getLocale } from '../base/locale';

/**
 * react-admin's texts in one language, worded as in our catalogue where staff see both. Our own screens read the
 * catalogue directly (`useMessages`), so it is not repeated here as phrases.
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
