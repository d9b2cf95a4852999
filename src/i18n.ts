import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, StringMap, TranslationMessages } from 'react-admin';
import { messages } from '../domain/messages';

type Catalogue = string | readonly Catalogue[] | { readonly [key: string]: Catalogue };

/** Turns the catalogue into polyglot phrases (lists become numbered keys), so `app.signin.title` translates. */
function toPhrases(node: Catalogue): StringMap | string {
  if (typeof node === 'string') return node;
  const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
  return Object.fromEntries(entries.map(([k, v]) => [k, toPhrases(v)]));
}

const ra = englishMessages.ra;

/** react-admin's English texts, where staff see them worded as in our catalogue, plus the catalogue under `app`. */
export const englishPhrases: TranslationMessages = {
  ...englishMessages,
  ra: {
    ...ra,
    auth: { ...ra.auth, logout: messages.header.signOut, auth_check_error: messages.errors.unauthenticated },
    page: { ...ra.page, dashboard: messages.menu.dashboard, loading: messages.gate.loading },
    validation: { ...ra.validation, required: messages.common.required },
    notification: { ...ra.notification, logged_out: messages.errors.unauthenticated, http_error: messages.errors.network },
  },
  app: toPhrases(messages),
};

/** The console's i18n provider (English; a Swedish catalogue would be a second phrase set here). */
export const i18nProvider: I18nProvider = polyglotI18nProvider(() => englishPhrases, 'en', [{ locale: 'en', name: 'English' }], {
  // Texts passed as literal strings (our catalogue's wording) translate to themselves, without warnings.
  allowMissing: true,
});
