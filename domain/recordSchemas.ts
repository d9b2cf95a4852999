import { z } from 'zod';
import {
  COLUMN_OF,
  COUNTRIES,
  integerBounds,
  maxLength,
  type FieldDescription,
  type RecordsDescription,
} from './records.js';
import { said } from './translate.js';
import { freeText, lineText, optionalLineText } from './text.js';

// The zod schemas of a simple resource, built from its plain description (domain/records.ts): the description holds
// kinds and bounds only, so the browser loads it without zod and nothing is written twice.

/** The rule for one field's value, by its kind and bounds. */
export function fieldSchema(f: FieldDescription): z.ZodType {
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
      return z.number().int().min(min).max(max);
    }
  }
}

export interface RecordSchemas {
  /** The API's answer for one record. */
  item: z.ZodType<{ id: string; version: number } & Record<string, unknown>>;
  /** Add: every field. */
  create: z.ZodType;
  /** Edit: any fields; a locked one only with its current value (a form sends the whole record back). */
  update: z.ZodType;
}

const cache = new WeakMap<RecordsDescription, RecordSchemas>();

/** The three schemas of a resource (made once per description). */
export function schemasOf(d: RecordsDescription): RecordSchemas {
  const known = cache.get(d);
  if (known) return known;
  const entries = Object.entries(d.fields) as [string, FieldDescription][];
  const shape = Object.fromEntries(entries.map(([k, f]) => [k, fieldSchema(f)]));
  const out: RecordSchemas = {
    // The answer as stored: plain types (a rule with a transform has no JSON Schema for the API's page).
    item: z.object({
      id: z.string(),
      ...Object.fromEntries(
        entries.map(([k, f]) => [
          k,
          COLUMN_OF[f.kind] === 'boolean'
            ? z.boolean()
            : COLUMN_OF[f.kind] === 'integer'
              ? z.number().int()
              : z.string(),
        ]),
      ),
      version: z.number().int(),
      created: z.string(),
      updated: z.string().nullable(),
    }) as unknown as RecordSchemas['item'],
    create: z.object(shape).strict(),
    update: z.object(Object.fromEntries(entries.map(([k, f]) => [k, fieldSchema(f).optional()]))).strict(),
  };
  cache.set(d, out);
  return out;
}
