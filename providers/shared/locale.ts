import { catalogues, DEFAULT_LOCALE, type Locale } from '../../domain/locales';
import type { Catalogue } from '../../domain/messages';
import { textOf } from '../../domain/translate';

/**
 * The language a provider set speaks: its own error texts and the `Accept-Language` of its calls (so the server's
 * messages and mails follow). The app hands its language in when it makes the set (`createLocalBackend({ locale })`,
 * `createFirebaseProviders({ app, locale })`), as a function so a change in the user menu applies to the next call;
 * providers never import the app's language module. One set per page: the last one made decides.
 */
let locale: () => Locale = () => DEFAULT_LOCALE;

export function speak(source: () => Locale): void {
  locale = source;
}

export const currentLocale = (): Locale => locale();

/** The texts of the set's language, for the errors a provider raises itself. */
export const currentMessages = (): Catalogue => catalogues[locale()];

/** A text the domain's rules raise by key (a zod issue's message), in the set's language. */
export const spoken = (text: string): string => textOf(text, locale());
