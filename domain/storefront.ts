import { z } from 'zod';
import { Product } from './products.js';
import { LanguageId } from './languages.js';
import { CATALOGUE_LANGUAGES, type CatalogueLanguage } from './constants.js';
import { PUBLISHED_FIELDS, TRANSLATABLE_KEYS, type PublishedKey, type TranslatableKey } from './productFields.js';
import { said } from './translate.js';
import { preferredLanguage } from './acceptLanguage.js';
import { publishedOf, type ResourceDescription } from './resourceDescription.js';
import { answerSchema } from './recordSchemas.js';

/** The languages the feed answers in: the catalogue's, by record id ('en', 'se'), English first and the default. */
export const FEED_LANGUAGES = CATALOGUE_LANGUAGES.map((l) => l.id) as [CatalogueLanguage, ...CatalogueLanguage[]];

/**
 * The feed's `lang`: a catalogue language's record id, exactly as written ('se', not 'SE' nor the tag 'sv'), so each
 * language has one address and a CDN keeps one copy of it.
 */
export const FeedLanguage = z.enum(FEED_LANGUAGES, {
  error: said('errors.feedLanguage', { languages: FEED_LANGUAGES.join(', ') }),
});

/**
 * The catalogue language an Accept-Language header prefers, matched on the languages' tags (sv, sv-SE → 'se'; 'se'
 * itself is Northern Sami, not Swedish); English when it names none of them.
 */
export const feedLanguageOf = (header: string | undefined): CatalogueLanguage =>
  preferredLanguage(header, (primary) => CATALOGUE_LANGUAGES.find((l) => l.tag === primary)?.id) ??
  CATALOGUE_LANGUAGES[0].id;

const TranslatableKeyEnum = z.enum(TRANSLATABLE_KEYS);

/**
 * One image with its size and its WebP sizes, so a shop page writes `srcset` directly: the original at `width`, each
 * variant at its own (never wider than the original; none yet for an image stored before sizes were made, until
 * the backfill has run).
 */
export const PublicImageSet = z.object({
  url: z.string().describe('The original, as in images.'),
  width: z.number().int().describe('Width of the original in pixels, as shown (EXIF orientation applied).'),
  height: z.number().int().describe('Height of the original in pixels, as shown.'),
  variants: z
    .array(z.object({ url: z.string(), width: z.number().int(), type: z.literal('image/webp') }))
    .describe('WebP copies at 400, 800 and 1600 px wide, only those narrower than the original, narrowest first.'),
});
export type PublicImageSet = z.infer<typeof PublicImageSet>;

/**
 * A product as the shop's site sees it (/api/public/products): what a shop page shows, with absolute image and
 * thumbnail addresses, its name and details in the language asked for. Never its status (only active products are
 * served), authors or times of staff; nor `translations`: the item holds one language's texts, which keeps it lean.
 */
export const PublicProduct = Product.pick({
  // The same id webhook events carry as recordId.
  id: true,
  // The fields the description publishes (domain/productFields.ts, `publish`).
  ...(Object.fromEntries(PUBLISHED_FIELDS.map((f) => [f.key, true])) as { [K in PublishedKey]: true }),
  thumbnails: true,
  primary: true,
  version: true,
}).extend({
  ...(Object.fromEntries(
    PUBLISHED_FIELDS.filter((f) => f.translatable).map((f) => [
      f.key,
      z.string().describe('In the language asked for; in English where that language has none (see fallback).'),
    ]),
  ) as { [K in PublishedKey & TranslatableKey]: z.ZodString }),
  lang: z.enum(FEED_LANGUAGES).describe('The language asked for (lang, else Accept-Language, else English).'),
  fallback: z
    .array(TranslatableKeyEnum)
    .describe(
      'The fields given in English because the language asked for has none; [] when none did (always for English).',
    ),
  imageSets: z
    .array(PublicImageSet)
    .describe('For each of images, in the same order: its size and its WebP sizes (srcset).'),
});
export type PublicProduct = z.infer<typeof PublicProduct>;

/** A page of the public list: the items and the opaque cursor of the next page (null on the last). */
export const PublicProductPage = z.object({ items: z.array(PublicProduct), next: z.string().nullable() });

/** A language's storefront texts. */
export const PublicTexts = z.object({
  id: LanguageId,
  texts: z.record(z.string(), z.union([z.string(), z.boolean()])),
  version: z.number().int(),
});
export type PublicTexts = z.infer<typeof PublicTexts>;

/**
 * A described resource's record as the shop's site sees it (/api/public/<name>): its published fields (`publish`),
 * translated ones in the language asked for, images as absolute addresses with their sizes; never its staff, times or
 * unpublished fields.
 */
export function publicRecordSchema(d: ResourceDescription): z.ZodType {
  const published = publishedOf(d);
  const translated = published.filter(([, f]) => f.kind === 'translated').map(([k]) => k);
  const images = published.filter(([, f]) => f.kind === 'images').map(([k]) => k);
  return z.object({
    id: z.string().describe('The same id webhook events carry as recordId.'),
    ...Object.fromEntries(
      published.map(([k, f]) => [
        k,
        f.kind === 'translated'
          ? z.string().describe('In the language asked for; in English where that language has none (see fallback).')
          : answerSchema(f, z.string()),
      ]),
    ),
    version: z.number().int(),
    lang: z.enum(FEED_LANGUAGES).describe('The language asked for (lang, else Accept-Language, else English).'),
    fallback: z
      .array(translated.length > 0 ? z.enum(translated as [string, ...string[]]) : z.never())
      .describe('The fields given in English because the language asked for has none; [] when none did.'),
    imageSets: z
      .object(Object.fromEntries(images.map((k) => [k, z.array(PublicImageSet)])))
      .describe('For each images field, each image in the same order: its size and its WebP sizes (srcset).'),
  });
}

/** A page of a described resource's public list: the items and the cursor of the next page (null on the last). */
export const publicRecordPage = (d: ResourceDescription): z.ZodType =>
  z.object({ items: z.array(publicRecordSchema(d)), next: z.string().nullable() });
