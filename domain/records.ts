import type { Area } from './permissions.js';

// A simple resource's description, as plain data: the browser, the server (which builds its zod schemas from it,
// server/core/recordSchemas.ts) and the Firestore rules generator (scripts/resources.ts) all read the same object.
// No zod here, so a description costs the console's first download nothing (docs/decisions.md, 'Resource folders').

/**
 * What a field holds:
 * - 'line': one line of text (a name), the text rule, trimmed, 1..max characters (0..max when optional);
 * - 'text': free text with line breaks (notes), 0..max characters;
 * - 'email': an email address, at most 254 characters, stored lower-case (empty when optional);
 * - 'country': an ISO 3166-1 alpha-2 code (COUNTRIES), shown by name in the chosen language ('' when optional);
 * - 'boolean': true or false;
 * - 'integer': a whole number in min..max.
 */
export type FieldKind = 'line' | 'text' | 'email' | 'country' | 'boolean' | 'integer';

export interface FieldDescription {
  kind: FieldKind;
  /** line and text: the most characters (required); integer: the largest value (default 2^31 - 1). */
  max?: number;
  /** integer: the smallest value (default 0). */
  min?: number;
  /** A line, email or country that may be left empty. */
  optional?: boolean;
  /** No two records share its value (a code); the add and edit pages show the refusal beside it. */
  unique?: boolean;
  /** Set when the record is added, never changed after. */
  locked?: boolean;
}

type Fields = Readonly<Record<string, FieldDescription>>;

export interface RecordsDescription<F extends Fields = Fields> {
  /** The table, the Firestore collection, /api/<name> and the browser's resource. Lower case letters, digits and _. */
  name: string;
  /** Its area of the role matrix (domain/permissions.ts): who may read and change it. */
  area: Area;
  fields: F;
  /** The list's order (then id, so pages never overlap). */
  sort: { field: string; order: 'asc' | 'desc' };
  /** The field the exact-match search looks up. */
  search: string;
}

/** How each kind is stored: text as text, a boolean as 0/1, an integer as a 64-bit integer. */
export type FieldColumn = 'text' | 'boolean' | 'integer';
export const COLUMN_OF: Readonly<Record<FieldKind, FieldColumn>> = {
  line: 'text',
  text: 'text',
  email: 'text',
  country: 'text',
  boolean: 'boolean',
  integer: 'integer',
};

/** A record's value for one field, by kind. */
type ValueOf<K extends FieldKind> = K extends 'boolean' ? boolean : K extends 'integer' ? number : string;
export type RecordValues<D extends RecordsDescription> = { [K in keyof D['fields']]: ValueOf<D['fields'][K]['kind']> };
/** A record as the API answers it: its fields, plus id, version (for If-Match) and times. */
export type RecordOf<D extends RecordsDescription> = RecordValues<D> & {
  id: string;
  version: number;
  created: string;
  updated: string | null;
};

const NAME = /^[a-z][a-z0-9_]{0,40}$/;
const FIELD = /^[a-z][A-Za-z0-9]{0,40}$/;
const RESERVED = ['id', 'version', 'created', 'updated', 'createdBy', 'updatedBy'];

/** The description unchanged, once checked (a wrong one stops the console at its start, naming what is wrong). */
export function describeRecords<const F extends Fields>(
  d: RecordsDescription<F> & { sort: { field: keyof F & string }; search: keyof F & string },
): RecordsDescription<F> {
  if (!NAME.test(d.name)) throw new Error(`A resource's name is lower-case letters, digits and _: ${d.name}`);
  const fields = Object.entries(d.fields) as [string, FieldDescription][];
  for (const [k, f] of fields) {
    if (!FIELD.test(k) || RESERVED.includes(k)) throw new Error(`${d.name}: ${k} cannot be a field's name`);
    if (!(f.kind in COLUMN_OF)) throw new Error(`${d.name}.${k}: no kind ${String(f.kind)}`);
    if ((f.kind === 'line' || f.kind === 'text') && !(Number.isInteger(f.max) && f.max! > 0))
      throw new Error(`${d.name}.${k}: a ${f.kind} needs its max`);
    if (f.unique && f.optional) throw new Error(`${d.name}.${k}: a unique field cannot be optional`);
  }
  if (!(d.sort.field in d.fields) || !(d.search in d.fields))
    throw new Error(`${d.name}: sort and search name one of its fields`);
  return d;
}

/** The most characters a field of a text kind takes (email: 254; country: 2). */
export function maxLength(f: FieldDescription): number {
  return f.kind === 'email' ? 254 : f.kind === 'country' ? 2 : (f.max ?? 0);
}

/** The integer bounds of a field (defaults 0 and 2^31 - 1, PostgreSQL's integer). */
export const integerBounds = (f: FieldDescription): { min: number; max: number } => ({
  min: f.min ?? 0,
  max: f.max ?? 2_147_483_647,
});

/** May the field be left empty (a line, email or country marked optional; free text always)? */
export const mayBeEmpty = (f: FieldDescription): boolean =>
  f.kind === 'text' || (f.optional === true && f.kind !== 'boolean' && f.kind !== 'integer');

/** The empty value of a field: what the add page starts with and what a column added later holds. */
export function emptyValue(f: FieldDescription): string | number | boolean {
  return f.kind === 'boolean' ? false : f.kind === 'integer' ? integerBounds(f).min : '';
}

/**
 * ISO 3166-1 alpha-2: every officially assigned code (249). Names come from Intl.DisplayNames in the chosen language.
 */
export const COUNTRIES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
  'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
  'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
