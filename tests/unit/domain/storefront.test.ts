import { describe, expect, it } from 'vitest';
import { textOf } from '../../../domain/translate.js';
import { FEED_LANGUAGES, FeedLanguage, feedLanguageOf, PublicProduct } from '../../../domain/storefront.js';
import { PUBLISHED_FIELDS } from '../../../domain/productFields.js';
import { CATALOGUE_LANGUAGES } from '../../../domain/constants.js';

describe('feedLanguageOf', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['*', 'en'],
    ['sv', 'se'],
    ['sv-SE', 'se'],
    ['SV-se', 'se'],
    ['sv-SE;q=0.9,en;q=0.8', 'se'],
    ['en-GB', 'en'],
    ['en-GB,en;q=0.9,sv;q=0.8', 'en'],
    ['en;q=0.2, sv;q=0.7', 'se'],
    ['de, sv;q=0.3', 'se'],
    // Equal weights: the first named wins, also behind a language we do not have.
    ['de, sv, en', 'se'],
    ['de, en, sv', 'en'],
    ['sv;q=0, en;q=0.1', 'en'],
    ['sv;q=abc', 'en'],
    // The record id is not a tag: 'se' is Northern Sami.
    ['se', 'en'],
    ['se-SE', 'en'],
    ['fi, de', 'en'],
  ])('%j → %s', (header, lang) => {
    expect(feedLanguageOf(header)).toBe(lang);
  });
});

describe('FeedLanguage', () => {
  it('is the catalogue languages by record id, exactly as written', () => {
    expect(FEED_LANGUAGES).toEqual(CATALOGUE_LANGUAGES.map((l) => l.id));
    for (const ok of ['en', 'se']) expect(FeedLanguage.safeParse(ok).success).toBe(true);
    for (const bad of ['SE', 'sv', 'sv-SE', 'xx', '', ' se']) {
      const r = FeedLanguage.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(textOf(r.error!.issues[0]!.message, 'en')).toBe('lang must be one of en, se.');
    }
  });
});

describe('the feed’s fields from the products’ description', () => {
  it('publishes exactly the fields marked publish, with what the feed makes of them', () => {
    // The specification's published fields, in its order, and whatever else the description marks publish.
    const spec = ['sku', 'name', 'category', 'mc', 'price', 'details', 'images'];
    expect(PUBLISHED_FIELDS.map((f) => f.key).filter((k) => spec.includes(k))).toEqual(spec);
    expect(PUBLISHED_FIELDS.every((f) => f.description.publish === true)).toBe(true);
    expect(Object.keys(PublicProduct.shape).sort()).toEqual(
      [
        ...PUBLISHED_FIELDS.map((f) => f.key),
        'id',
        'thumbnails',
        'primary',
        'version',
        'lang',
        'fallback',
        'imageSets',
      ].sort(),
    );
    expect(Object.keys(PublicProduct.shape)).not.toContain('active');
  });
});
