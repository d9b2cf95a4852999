import { useSyncExternalStore } from 'react';
import { catalogues, isLocale, pickLocale, type Locale } from '../domain/locales';
import type { Catalogue } from '../domain/messages';

/**
 * The console's language, chosen in the user menu and remembered in this browser; until chosen, the browser's own.
 * It is the one source: the public pages, react-admin (kept in step by `LocaleSync`) and the API calls
 * (`Accept-Language`, so the server's messages and mails follow it) all read it here.
 */
const KEY = 'console.locale';
const listeners = new Set<() => void>();

function initial(): Locale {
  try {
    const saved = localStorage.getItem(KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // Storage may be off (private mode); the browser's language still applies.
  }
  return pickLocale(
    typeof navigator === 'undefined' ? undefined : (navigator.languages ?? [navigator.language]).join(','),
  );
}

let current: Locale = initial();
if (typeof document !== 'undefined') document.documentElement.lang = current;

export const getLocale = (): Locale => current;

export function setLocale(locale: Locale): void {
  if (locale === current) return;
  current = locale;
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Not remembered, still used for this visit.
  }
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLocale = (): Locale => useSyncExternalStore(subscribe, getLocale, getLocale);

/** The texts of the chosen language; the component re-renders when the language changes. */
export const useMessages = (): Catalogue => catalogues[useLocale()];

/** The texts of the chosen language, outside React (providers, validators). */
export const currentMessages = (): Catalogue => catalogues[current];
