import type { Locale } from '../../domain/locales';
import type { ResourceDescription } from '../../domain/resourceDescription';
import type { AppAuthProvider, AppDataProvider } from '../../base/backend';
import { speak } from '../shared/locale';
import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';

export interface LocalBackendOptions {
  /** The language the set's calls and its own errors speak, read at each call (see providers/shared/locale.ts). */
  locale: () => Locale;
  /** The described resources (resources/<name>/description.ts): who may do what with them, as the server says. */
  resources?: readonly ResourceDescription[];
}

/** The provider set that talks to our own server (same origin, cookie session). */
export function createLocalBackend({ locale, resources = [] }: LocalBackendOptions): {
  authProvider: AppAuthProvider;
  dataProvider: AppDataProvider;
} {
  speak(locale);
  return { authProvider: createAuthProvider(resources), dataProvider: createDataProvider() };
}
