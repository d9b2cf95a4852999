import { z } from 'zod';
import {
  COUNTRIES,
  fieldsOfRecords,
  hasTranslations,
  imagesMax,
  integerBounds,
  maxLength,
  numberBounds,
  RECORD_LANGUAGES,
  type FieldDescription,
  type RecordsDescription,
} from './records.js';
import { said } from './translate.js';
import { freeText, lineText, optionalLineText, searchText } from './text.js';
import { ImageAddress } from './products.js';

// The zod schemas of a described resource, built from its plain description (domain/records.ts): the description
// holds kinds and bounds only, so the browser loads it without zod and nothing is written twice. Every text goes
// through the text rule (domain/text.ts: no NUL or other control characters, no lone surrogates); a number outside
// its bounds, however large, is refused with the field's range.

/** A number in min..max, whole or with at most `decimals` digits after the point. */
function numberRule(min: number, max: number, decimals: number): z.ZodType<number> {
  const range = said('records.badNumber', { min, max });
  const scale = 10 ** decimals;
  return z
    .number({ error: range })
    .refine((v) => Number.isFinite(v) && v >= min && v <= max, range)
    .refine(
      (v) => !Number.isFinite(v) || Math.abs(Math.round(v * scale) - v * scale) < 1e-6,
      decimals === 0 ? range : said('records.decimals', { n: decimals }),
    );
}

/** The rule of a translated field's English text (`required`: not optional) or of its text in another language. */
function translatedRule(f: FieldDescription, required: boolean): z.ZodType<string> {
  const max = maxLength(f);
  if ((f.as ?? 'line') === 'line') return required ? lineText(max) : optionalLineText(max);
  const text = freeText(max).trim();
  return required ? text.min(1, said('common.required')) : text;
}

/**
 * The rule for one field's value, by its kind and bounds; `image`: what an image address is on the back end that
 * stores it (our server's /files/Uploads/ address unless given; the Firebase provider gives its bucket's).
 */
export function fieldSchema(f: FieldDescription, image: z.ZodType<string> = ImageAddress): z.ZodType {
  switch (f.kind) {
    case 'line':
      return f.optional ? optionalLineText(maxLength(f)) : lineText(maxLength(f));
    case 'text':
      return freeText(maxLength(f));
    case 'email': {
      const address = z.email();
      const text = f.optional ? optionalLineText(254) : lineText(254);
      return text
        .refine((s) => (f.optional && s === '') || address.safeParse(s).success, said('records.badEmail'))
        .transform((s) => s.toLowerCase());
    }
    case 'country':
      return z
        .string()
        .trim()
        .toUpperCase()
        .refine((s) => (f.optional && s === '') || COUNTRIES.includes(s), said('records.badCountry'));
    case 'boolean':
      return z.boolean();
    case 'integer': {
      const { min, max } = integerBounds(f);
      return numberRule(min, max, 0);
    }
    case 'number': {
      const { min, max, decimals } = numberBounds(f);
      return numberRule(min, max, decimals);
    }
    case 'translated':
      return translatedRule(f, f.optional !== true);
    case 'choice':
      return z
        .string({ error: said('records.badChoice') })
        .refine((s) => (f.optional && s === '') || (f.options ?? []).includes(s), said('records.badChoice'));
    case 'images': {
      const max = imagesMax(f);
      return z.array(image).max(max, said('uploads.tooMany', { max }));
    }
    case 'reference':
      return f.optional ? searchText(64) : searchText(64).min(1, said('common.required'));
  }
}

/** The `translations` a record of `d` takes: per language, per translated field; each optional. */
function translationsIn(d: RecordsDescription): z.ZodType {
  const translated = fieldsOfRecords(d).filter(([, f]) => f.kind === 'translated');
  const language = z
    .object(Object.fromEntries(translated.map(([k, f]) => [k, translatedRule(f, false).optional()])))
    .strict();
  return z.object(Object.fromEntries(RECORD_LANGUAGES.map((l) => [l, language.optional()]))).strict();
}

/** The answer's plain type of a field as stored (a rule with a transform has no JSON Schema for the API's page). */
function storedSchema(f: FieldDescription): z.ZodType {
  switch (f.kind) {
    case 'boolean':
      return z.boolean();
    case 'integer':
      return z.number().int();
    case 'number':
      return z.number();
    case 'images':
      return z.array(z.string());
    default:
      return z.string();
  }
}

export interface RecordSchemas {
  /** The API's answer for one record. */
  item: z.ZodType<{ id: string; version: number } & Record<string, unknown>>;
  /** Add: every field (an optional or empty-able one may be left out). */
  create: z.ZodType;
  /** Edit: any fields; a locked one only with its current value (a form sends the whole record back). */
  update: z.ZodType;
}

const caches = new WeakMap<z.ZodType<string>, WeakMap<RecordsDescription, RecordSchemas>>();

/** The three schemas of a resource (made once per description and image rule, as fieldSchema takes it). */
export function schemasOf(d: RecordsDescription, image: z.ZodType<string> = ImageAddress): RecordSchemas {
  const cache = caches.get(image) ?? new WeakMap<RecordsDescription, RecordSchemas>();
  caches.set(image, cache);
  const known = cache.get(d);
  if (known) return known;
  const entries = fieldsOfRecords(d);
  const translations = hasTranslations(d) ? { translations: translationsIn(d).optional() } : {};
  const out: RecordSchemas = {
    item: z.object({
      id: z.string(),
      ...Object.fromEntries(entries.map(([k, f]) => [k, storedSchema(f)])),
      ...(hasTranslations(d)
        ? {
            translations: z.record(z.string(), z.record(z.string(), z.string())),
          }
        : {}),
      // Each reference's label, by field (server/core/records.ts, withReferenceLabels).
      labels: z.record(z.string(), z.string()).optional(),
      version: z.number().int(),
      created: z.string(),
      updated: z.string().nullable(),
    }) as unknown as RecordSchemas['item'],
    create: z
      .object({
        ...Object.fromEntries(
          entries.map(([k, f]) => [k, f.kind === 'images' ? fieldSchema(f, image).default([]) : fieldSchema(f, image)]),
        ),
        ...translations,
      })
      .strict(),
    update: z
      .object({
        ...Object.fromEntries(entries.map(([k, f]) => [k, fieldSchema(f, image).optional()])),
        ...translations,
      })
      .strict(),
  };
  cache.set(d, out);
  return out;
}
