import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalBackend } from '../../../providers/local';
import type { Locale } from '../../../domain/locales';
import { catalogues } from '../../../domain/locales';

afterEach(() => vi.unstubAllGlobals());

describe('the local provider set speaks the language it is given', () => {
  it('sends the language as Accept-Language and raises its own errors in it, read at each call', async () => {
    let locale: Locale = 'sv';
    const languages: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        languages.push(new Headers(init.headers).get('Accept-Language'));
        // An answer without a message of its own: the provider's fallback text is the one shown.
        return new Response('', { status: 404 });
      }),
    );
    const { dataProvider } = createLocalBackend({ locale: () => locale });
    await expect(dataProvider.getMe()).rejects.toMatchObject({ message: catalogues.sv.errors.server });
    locale = 'en';
    await expect(dataProvider.getMe()).rejects.toMatchObject({ message: catalogues.en.errors.server });
    expect(languages).toEqual(['sv', 'en']);
  });
});
