import { format, messages } from './messages.js';
import { catalogues, type Locale } from './locales.js';

/** Every text's dotted key in the catalogue (`users.lastAdmin`, `uploads.tooMany`); lists of texts have none. */
type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${P}${K}`
    : T[K] extends readonly unknown[]
      ? never
      : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Keys<typeof messages>;

export type Values = Readonly<Record<string, string | number>>;

/**
 * A text raised by its key with the values it fills in, not yet in any language: `key` or `key {"name":value}`.
 * It is a string so it can travel where only a string goes (a zod issue's message, an error's details); `textOf`
 * turns it into words at the edge, in the reader's language.
 */
export type Said = string & { readonly said: true };

/**
 * A zod issue's message as said: our schemas give theirs by key (`said`); zod's own (a wrong type) are English and go
 * out as they are.
 */
export const issueSaid = (message: string): Said => message as Said;

export const said = (key: MessageKey, values?: Values): Said =>
  (values ? `${key} ${JSON.stringify(values)}` : key) as Said;

const SAID = /^([a-zA-Z]\w*(?:\.[a-zA-Z]\w*)+)(?: (\{.*\}))?$/s;

const wording = (locale: Locale, key: string): string | undefined => {
  let n: unknown = catalogues[locale];
  for (const k of key.split('.')) n = n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined;
  return typeof n === 'string' ? n : undefined;
};

/**
 * A said text in `locale`, its values filled in. Anything else (a library's own message, such as zod's or Fastify's)
 * is not a key of the catalogue and stays as it is.
 */
export function textOf(text: string, locale: Locale): string {
  const m = SAID.exec(text);
  const words = m ? wording(locale, m[1]!) : undefined;
  if (words === undefined) return text;
  if (!m![2]) return words;
  try {
    return format(words, JSON.parse(m![2]) as Values);
  } catch {
    return text;
  }
}

/** The throttled sign-in's message, naming the wait when it is known (seconds; 0 when it has no set end). */
export function throttledFor(seconds: number): Said {
  if (seconds <= 0) return said('signin.throttled');
  if (seconds < 90) return said('signin.throttledSeconds', { n: seconds });
  return said('signin.throttledMinutes', { n: Math.ceil(seconds / 60) });
}

/** The text of `key` in `locale`, for the edges that write to a person directly (mails, the command line). */
export const say = (locale: Locale, key: MessageKey, values?: Values): string => textOf(said(key, values), locale);
