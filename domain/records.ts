import { z } from 'zod';
import type { Area } from './permissions.js';

/** How a field is stored: text as text, a boolean as 0/1, an integer as a 64-bit integer. */
export type FieldColumn = 'text' | 'boolean' | 'integer';

export interface FieldSpec {
  /** The rule for its value (use lineText/freeText from text.ts for text, so the text rule holds). */
  type: z.ZodType;
  column: FieldColumn;
  /** No two records share its value (an SKU, a code). */
  unique?: boolean;
  /** Set when the record is added, never changed after (an SKU, a code). */
  locked?: boolean;
}

export interface RecordsSpec<F extends Record<string, FieldSpec>> {
  /** Its name: the table, /api/<name> and the browser's resource. Lower case letters, digits and _. */
  name: string;
  /** Its area of the role matrix (domain/permissions.ts): who may read and change it. */
  area: Area;
  fields: F;
  /** The list's order (then id, so pages never overlap). */
  sort: { field: keyof F & string; order: 'asc' | 'desc' };
  /** The field the exact-match search looks up (at most one hit, so make it unique). */
  search: keyof F & string;
}

type Values<F extends Record<string, FieldSpec>> = { [K in keyof F]: z.infer<F[K]['type']> };

/** A record as the API answers it: its fields, plus id, version (for If-Match) and times. */
export type RecordOf<F extends Record<string, FieldSpec>> = Values<F> & { id: string; version: number; created: string; updated: string | null };

/** A simple resource, described once and served and shown from this alone (server/core/records.ts, resources/shared/records.tsx). */
export interface RecordsResource<F extends Record<string, FieldSpec> = Record<string, FieldSpec>> extends RecordsSpec<F> {
  /** The API's answer for one record. */
  item: z.ZodType<RecordOf<F>>;
  /** Add: every field. */
  create: z.ZodType<Values<F>>;
  /** Edit: any fields; a locked one only with its current value (a form sends the whole record back). */
  update: z.ZodType<Partial<Values<F>>>;
}

const NAME = /^[a-z][a-z0-9_]{0,40}$/;

/** Checks a description and derives its schemas. */
export function defineRecords<F extends Record<string, FieldSpec>>(spec: RecordsSpec<F>): RecordsResource<F> {
  if (!NAME.test(spec.name)) throw new Error(`A resource's name is lower-case letters, digits and _: ${spec.name}`);
  for (const field of Object.keys(spec.fields)) {
    if (!/^[a-z][A-Za-z0-9]{0,40}$/.test(field) || ['id', 'version', 'created', 'updated'].includes(field)) {
      throw new Error(`${spec.name}: ${field} cannot be a field's name`);
    }
  }
  const shape = Object.fromEntries(Object.entries(spec.fields).map(([k, f]) => [k, f.type])) as { [K in keyof F]: F[K]['type'] };
  const partial = Object.fromEntries(Object.entries(spec.fields).map(([k, f]) => [k, f.type.optional()]));
  return {
    ...spec,
    item: z.object({
      id: z.string(),
      ...shape,
      version: z.number().int(),
      created: z.string(),
      updated: z.string().nullable(),
    }) as unknown as z.ZodType<RecordOf<F>>,
    create: z.object(shape).strict() as unknown as z.ZodType<Values<F>>,
    update: z.object(partial).strict() as unknown as z.ZodType<Partial<Values<F>>>,
  };
}
