import { z } from 'zod';
import { translatedRule as kindTranslatedRule, type RuleKit } from './fieldKinds.js';
import { bulkRequestOf, RECORD_REFUSALS } from './bulk.js';
import {
  bulkFieldsOf,
  fieldsOfResource,
  hasTranslations,
  kindOf,
  RECORD_LANGUAGES,
  type FieldDescription,
  type ResourceDescription,
} from './resourceDescription.js';
import { freeText, lineText, optionalLineText } from './text.js';
import { said } from './translate.js';
import { ScheduledChange } from './scheduledChanges.js';

/** An image address as the server hands it out: /files/Uploads/<name>. */
export const ImageAddress = z.string().regex(/^\/files\/Uploads\/[A-Za-z0-9._-]{1,255}$/, said('uploads.notUploaded'));

// The zod schemas of a described resource, built from its plain description (domain/resourceDescription.ts) and each
// kind's rule (domain/fieldKinds.ts, handed zod here): the description holds kinds and bounds only, so the browser
// loads it without zod and nothing is written twice. Every text goes through the text rule (domain/text.ts: no NUL or
// other control characters, no lone surrogates); a number outside its bounds, however large, is refused with the
// field's range.

const kits = new WeakMap<z.ZodType<string>, RuleKit>();
/** What the kinds' rules are made with, for a back end's image rule. */
function kitOf(image: z.ZodType<string>): RuleKit {
  const known = kits.get(image);
  if (known) return known;
  const kit: RuleKit = { z, lineText, optionalLineText, freeText, image };
  kits.set(image, kit);
  return kit;
}

/** The rule of a translated field's English text (`required`: not optional) or of its text in another language. */
export const translatedRule = (f: FieldDescription, required: boolean): z.ZodType<string> =>
  kindTranslatedRule(f, required, kitOf(ImageAddress));

/**
 * The rule for one field's value, by its kind and bounds; `image`: what an image address is on the back end that
 * stores it (our server's /files/Uploads/ address unless given; the Firebase provider gives its bucket's).
 */
export const fieldSchema = (f: FieldDescription, image: z.ZodType<string> = ImageAddress): z.ZodType =>
  kindOf(f).rule(f, kitOf(image));

/** The `translations` a record of `d` takes: per language, per translated field; each optional. */
function translationsIn(d: ResourceDescription): z.ZodType {
  const translated = fieldsOfResource(d).filter(([, f]) => f.kind === 'translated');
  const language = z
    .object(Object.fromEntries(translated.map(([k, f]) => [k, translatedRule(f, false).optional()])))
    .strict();
  return z.object(Object.fromEntries(RECORD_LANGUAGES.map((l) => [l, language.optional()]))).strict();
}

/**
 * The answer's plain type of a field as stored (a rule with a transform has no JSON Schema for the API's page);
 * `image`: what an image is in that answer (the feed's are absolute addresses).
 */
export const answerSchema = (f: FieldDescription, image: z.ZodType<string> = ImageAddress): z.ZodType =>
  kindOf(f).answer(kitOf(image));

export interface RecordSchemas {
  /** The API's answer for one record. */
  item: z.ZodType<{ id: string; version: number } & Record<string, unknown>>;
  /** Add: every field (one that may be empty may be left out, taken as empty). */
  create: z.ZodType;
  /** Edit: any fields; a locked one only with its current value (a form sends the whole record back). */
  update: z.ZodType;
}

const caches = new WeakMap<z.ZodType<string>, WeakMap<ResourceDescription, RecordSchemas>>();

/** The three schemas of a resource (made once per description and image rule, as fieldSchema takes it). */
export function schemasOf(d: ResourceDescription, image: z.ZodType<string> = ImageAddress): RecordSchemas {
  const cache = caches.get(image) ?? new WeakMap<ResourceDescription, RecordSchemas>();
  caches.set(image, cache);
  const known = cache.get(d);
  if (known) return known;
  const entries = fieldsOfResource(d);
  const translations = hasTranslations(d) ? { translations: translationsIn(d).optional() } : {};
  const out: RecordSchemas = {
    item: z.object({
      id: z.string(),
      ...Object.fromEntries(entries.map(([k, f]) => [k, answerSchema(f)])),
      ...(hasTranslations(d)
        ? {
            translations: z.record(z.string(), z.record(z.string(), z.string())),
          }
        : {}),
      // Each reference's label, by field (server/core/described.ts, withReferenceLabels).
      labels: z.record(z.string(), z.string()).optional(),
      // Each images field's thumbnails, in its images' order (server/core/described.ts, withThumbnails).
      ...(entries.some(([, f]) => f.kind === 'images')
        ? { thumbnails: z.record(z.string(), z.array(z.string())).optional() }
        : {}),
      // Its pending scheduled changes, where it has any (`schedule`; server/core/scheduledChanges.ts, withScheduled).
      ...(d.schedule ? { scheduled: z.array(ScheduledChange).optional() } : {}),
      version: z.number().int(),
      created: z.string(),
      updated: z.string().nullable(),
    }) as unknown as RecordSchemas['item'],
    create: z
      .object({
        ...Object.fromEntries(
          entries.map(([k, f]) => [
            k,
            // A field that may be empty may be left out: it is taken as empty.
            kindOf(f).omittable || kindOf(f).mayBeEmpty(f)
              ? fieldSchema(f, image).default(kindOf(f).empty(f))
              : fieldSchema(f, image),
          ]),
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

const bulkRequests = new WeakMap<ResourceDescription, z.ZodType>();

/** What a bulk change of `d` sets: any of its bulk fields (bulkFieldsOf), at least one, each by its field's rule. */
export function bulkSetFor(d: ResourceDescription, image: z.ZodType<string> = ImageAddress): z.ZodType {
  const fields = bulkFieldsOf(d);
  return z
    .object(Object.fromEntries(fields.map(([k, f]) => [k, fieldSchema(f, image).optional()])))
    .strict()
    .refine((s) => fields.some(([k]) => (s as Record<string, unknown>)[k] !== undefined), said('bulk.noChange'));
}

/**
 * POST /api/<name>/bulk of a resource with `bulk: true` (domain/bulk.ts): what to set is any of its bulk fields
 * (bulkFieldsOf), at least one, each value checked by the field's own rule.
 */
export function bulkRequestFor(d: ResourceDescription): z.ZodType {
  const known = bulkRequests.get(d);
  if (known) return known;
  const made = bulkRequestOf(bulkSetFor(d), RECORD_REFUSALS);
  bulkRequests.set(d, made);
  return made;
}
