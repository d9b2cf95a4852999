import { areaAccess, meets, type Access, type Area, type RoleFlags } from './permissions.js';
import { CATALOGUE_LANGUAGES, MAX_IMAGES } from './constants.js';

// A resource's description, as plain data: the browser, the server (which builds its zod schemas from it,
// domain/recordSchemas.ts, and its table's migrations, scripts/resources.ts) and the Firestore rules generator all
// read the same object. No zod here, so a description costs the console's first download nothing (docs/decisions.md,
// 'Resource folders').

/**
 * What a field holds:
 * - 'line': one line of text (a name), the text rule, trimmed, 1..max characters (0..max when optional);
 * - 'text': free text with line breaks (notes), 0..max characters;
 * - 'email': an email address, at most 254 characters, stored lower-case (empty when optional);
 * - 'country': an ISO 3166-1 alpha-2 code (COUNTRIES), shown by name in the chosen language ('' when optional);
 * - 'boolean': true or false;
 * - 'integer': a whole number in min..max;
 * - 'translated': a line (`as: 'line'`) or text (`as: 'text'`) in every catalogue language, stored as products store
 *   theirs: English in the field's own column (required unless optional), the others in the record's `translations`
 *   ({ se: { body: … } }, only what is written; each optional);
 * - 'choice': one of `options` ('' when optional);
 * - 'number': a decimal in min..max with at most `decimals` digits after the point, stored as a whole number of
 *   10^-decimals (so both databases compare and sort it exactly);
 * - 'images': up to `max` image addresses made by the upload pipeline (/api/uploads), in order, stored as products
 *   store theirs (a JSON list);
 * - 'reference': the id of a record of another described resource (`to`); the server refuses an id that does not exist
 *   ('' when optional).
 */
export type FieldKind =
  | 'line'
  | 'text'
  | 'email'
  | 'country'
  | 'boolean'
  | 'integer'
  | 'translated'
  | 'choice'
  | 'number'
  | 'images'
  | 'reference';

export interface FieldDescription {
  kind: FieldKind;
  /**
   * line, text, translated: the most characters (required); integer and number: the largest value (integer: default
   * 2^31 - 1; number: required); images: the most images (default MAX_IMAGES).
   */
  max?: number;
  /** integer and number: the smallest value (default 0). */
  min?: number;
  /** A line, email, country, translated, choice or reference that may be left empty. */
  optional?: boolean;
  /** No two records share its value (a code); the add and edit pages show the refusal beside it. */
  unique?: boolean;
  /** Set when the record is added, never changed after. */
  locked?: boolean;
  /** translated: one line or free text (default 'line'). */
  as?: 'line' | 'text';
  /** choice: the values it may hold (stored as they are; the screens' texts name them). */
  options?: readonly string[];
  /** number: the most digits after the point, 0..6 (default 2). */
  decimals?: number;
  /** reference: the described resource it points to, by name. */
  to?: string;
  /**
   * Found by the list's partial-name search (?q=): every word anywhere in it, any case, in every language of a
   * translated field; both databases alike.
   */
  search?: boolean;
  /** In the CSV export and import (default true). */
  exported?: boolean;
  /**
   * The field's earlier name, when it was renamed: `npm run resources` writes the migration that renames its column,
   * values and all (docs/adding-a-resource.md, 'Changing a description'). May stay once the migration is written.
   */
  renamedFrom?: string;
  /**
   * The value the records there are get when the field is added to a table that has some: a field that cannot be
   * empty needs one (`npm run resources` stops without it); it must pass the field's own rule.
   */
  fill?: string | number | boolean;
}

/** Who may do what with a resource's records: a role level of domain/permissions.ts for each. */
export type RecordAccessLevel = Exclude<Access, 'public'>;
export interface RecordsAccess {
  read: RecordAccessLevel;
  edit: RecordAccessLevel;
  delete: RecordAccessLevel;
}

type Fields = Readonly<Record<string, FieldDescription>>;

export interface RecordsDescription<F extends Fields = Fields> {
  /** The table, the Firestore collection, /api/<name> and the browser's resource. Lower case letters, digits and _. */
  name: string;
  /** Its area of the role matrix (domain/permissions.ts): who may read and change it unless `access` says more. */
  area: Area;
  /**
   * Who may read, edit (add, change, import, undo) and delete; each left out is the area's level. Edit and delete
   * narrow read, never widen it: to edit or delete a person needs the read level too (recordsLevels).
   */
  access?: Partial<RecordsAccess>;
  fields: F;
  /** The list's order (then id, so pages never overlap). */
  sort: { field: string; order: 'asc' | 'desc' };
  /** The field the exact-match search looks up. */
  search: string;
}

/** How each kind is stored: text as text, a boolean as 0/1, an integer (and a number, scaled) as a 64-bit integer. */
export type FieldColumn = 'text' | 'boolean' | 'integer';
export const COLUMN_OF: Readonly<Record<FieldKind, FieldColumn>> = {
  line: 'text',
  text: 'text',
  email: 'text',
  country: 'text',
  boolean: 'boolean',
  integer: 'integer',
  translated: 'text',
  choice: 'text',
  number: 'integer',
  images: 'text',
  reference: 'text',
};

/** The catalogue languages a translated field is written in besides English (products' TRANSLATED_LANGUAGES). */
export const RECORD_LANGUAGES: readonly string[] = CATALOGUE_LANGUAGES.slice(1).map((l) => l.id);

/** A record's value for one field, by kind. */
type ValueOf<K extends FieldKind> = K extends 'boolean'
  ? boolean
  : K extends 'integer' | 'number'
    ? number
    : K extends 'images'
      ? string[]
      : string;
export type RecordValues<D extends RecordsDescription> = { [K in keyof D['fields']]: ValueOf<D['fields'][K]['kind']> };
/** A translated field's texts in the other languages: { se: { body: '…' } }, only what is written. */
export type RecordTranslations = Partial<Record<string, Partial<Record<string, string>>>>;
/**
 * A record as the API answers it: its fields, plus id, version (for If-Match) and times; `translations` when the
 * resource has a translated field.
 */
export type RecordOf<D extends RecordsDescription> = RecordValues<D> & {
  id: string;
  version: number;
  created: string;
  updated: string | null;
  translations?: RecordTranslations;
};

const NAME = /^[a-z][a-z0-9_]{0,40}$/;
const FIELD = /^[a-z][A-Za-z0-9]{0,40}$/;
/** A choice's option: 1..64 letters, digits, - and _, with spaces inside ('Cotton care'); quoted plainly in rules. */
const OPTION = /^[A-Za-z0-9_-](?:[A-Za-z0-9 _-]{0,62}[A-Za-z0-9_-])?$/;
/** Names a field cannot have: the record's own, and the list's query parameters. */
const RESERVED = [
  'id',
  'version',
  'created',
  'updated',
  'createdBy',
  'updatedBy',
  'translations',
  'thumbnails',
  'q',
  'limit',
  'after',
  'apply',
];
/** The kinds a field may be searched by, unique in, or have a `max` characters of. */
const SEARCHABLE: readonly FieldKind[] = ['line', 'text', 'email', 'translated', 'choice', 'country'];
const NOT_UNIQUE: readonly FieldKind[] = ['boolean', 'images', 'text'];
/** What a field's `fill` is, by kind (images have none: they may be empty). */
const FILL_TYPE: Partial<Record<FieldKind, 'string' | 'number' | 'boolean'>> = {
  line: 'string',
  text: 'string',
  email: 'string',
  country: 'string',
  boolean: 'boolean',
  integer: 'number',
  translated: 'string',
  choice: 'string',
  number: 'number',
  reference: 'string',
};
/** The most digits after the point a number keeps; the largest whole number both databases and JSON hold exactly. */
const MAX_DECIMALS = 6;
const SAFE = Number.MAX_SAFE_INTEGER;

/** The description unchanged, once checked (a wrong one stops the console at its start, naming what is wrong). */
export function describeRecords<const F extends Fields>(
  d: RecordsDescription<F> & { sort: { field: keyof F & string }; search: keyof F & string },
): RecordsDescription<F> {
  if (!NAME.test(d.name)) throw new Error(`A resource's name is lower-case letters, digits and _: ${d.name}`);
  const fields = Object.entries(d.fields) as [string, FieldDescription][];
  for (const [k, f] of fields) {
    const where = `${d.name}.${k}`;
    if (!FIELD.test(k) || RESERVED.includes(k)) throw new Error(`${d.name}: ${k} cannot be a field's name`);
    if (!(f.kind in COLUMN_OF)) throw new Error(`${where}: no kind ${String(f.kind)}`);
    if ((f.kind === 'line' || f.kind === 'text' || f.kind === 'translated') && !(Number.isInteger(f.max) && f.max! > 0))
      throw new Error(`${where}: a ${f.kind} needs its max`);
    if (f.unique && f.optional) throw new Error(`${where}: a unique field cannot be optional`);
    if (f.unique && NOT_UNIQUE.includes(f.kind)) throw new Error(`${where}: a ${f.kind} cannot be unique`);
    if (f.search && !SEARCHABLE.includes(f.kind)) throw new Error(`${where}: a ${f.kind} cannot be searched`);
    if (f.kind === 'translated' && f.as !== undefined && f.as !== 'line' && f.as !== 'text')
      throw new Error(`${where}: a translated field is as 'line' or 'text'`);
    if (f.kind === 'choice') {
      const o = f.options ?? [];
      if (o.length === 0 || new Set(o).size !== o.length || o.some((x) => !OPTION.test(x)))
        throw new Error(`${where}: a choice needs its options, each distinct (letters, digits, -, _ and inner spaces)`);
    }
    if (f.kind === 'number') {
      const dec = f.decimals ?? 2;
      const { min, max } = numberBounds(f);
      if (!Number.isInteger(dec) || dec < 0 || dec > MAX_DECIMALS)
        throw new Error(`${where}: decimals is 0..${MAX_DECIMALS}`);
      if (f.max === undefined || !(min <= max) || Math.max(Math.abs(min), Math.abs(max)) * 10 ** dec > SAFE)
        throw new Error(`${where}: a number needs min <= max, within ±${Math.floor(SAFE / 10 ** dec)}`);
    }
    if (f.kind === 'images' && f.max !== undefined && !(Number.isInteger(f.max) && f.max >= 1 && f.max <= 20))
      throw new Error(`${where}: images holds 1..20`);
    if (f.kind === 'reference' && !(typeof f.to === 'string' && NAME.test(f.to)))
      throw new Error(`${where}: a reference names the resource it points to (to)`);
    if (f.renamedFrom !== undefined) {
      const from = f.renamedFrom;
      if (typeof from !== 'string' || !FIELD.test(from) || RESERVED.includes(from) || from in d.fields)
        throw new Error(`${where}: renamedFrom names the field's earlier name, which no field of ${d.name} has now`);
      if (fields.some(([o, g]) => o !== k && g.renamedFrom === from))
        throw new Error(`${where}: two fields are renamed from ${from}`);
    }
    if (f.fill !== undefined && typeof f.fill !== FILL_TYPE[f.kind])
      throw new Error(`${where}: ${FILL_TYPE[f.kind] ? `a ${f.kind}'s fill is a ${FILL_TYPE[f.kind]}` : 'no fill'}`);
  }
  if (!(d.sort.field in d.fields) || !(d.search in d.fields))
    throw new Error(`${d.name}: sort and search name one of its fields`);
  const sortKind = d.fields[d.sort.field]!.kind;
  if (sortKind === 'images' || sortKind === 'translated' || sortKind === 'text')
    throw new Error(`${d.name}: a list cannot be sorted by a ${sortKind}`);
  return d;
}

/** Refuses a reference to a resource that is not described (checked once all descriptions are known). */
export function checkReferences(all: readonly RecordsDescription[]): void {
  const names = new Set(all.map((d) => d.name));
  for (const d of all)
    for (const [k, f] of Object.entries(d.fields))
      if (f.kind === 'reference' && !names.has(f.to!))
        throw new Error(`${d.name}.${k}: it points to ${f.to}, which no resource folder describes`);
}

/** Who may read, edit and delete a resource's records (each left out: its area's level). */
export function accessOf(d: RecordsDescription): RecordsAccess {
  const level: RecordAccessLevel = areaAccess[d.area];
  return { read: d.access?.read ?? level, edit: d.access?.edit ?? level, delete: d.access?.delete ?? level };
}

/**
 * Every level a person must meet to read, edit or delete a resource's records: the read level, and for a change its
 * own level as well. Nobody may change or delete what they may not read (an admin without the editor flag may not
 * delete a care guide, which only editors read); docs/decisions.md, 'Edit and delete narrow read'.
 */
export function recordsLevels(d: RecordsDescription, what: keyof RecordsAccess): RecordAccessLevel[] {
  const access = accessOf(d);
  return what === 'read' || access[what] === access.read ? [access.read] : [access.read, access[what]];
}

/** May this person read, edit or delete a resource's records (every level of recordsLevels met)? */
export const mayRecords = (user: RoleFlags | null | undefined, d: RecordsDescription, what: keyof RecordsAccess) =>
  recordsLevels(d, what).every((level) => meets(user, level));

/** The fields of a description, in order. */
export const fieldsOfRecords = (d: RecordsDescription): [string, FieldDescription][] =>
  Object.entries(d.fields) as [string, FieldDescription][];

/** Does the record hold `translations` (a translated field)? */
export const hasTranslations = (d: RecordsDescription): boolean =>
  fieldsOfRecords(d).some(([, f]) => f.kind === 'translated');

/** Does the list have a partial-name search (a field marked `search`)? */
export const hasSearch = (d: RecordsDescription): boolean => fieldsOfRecords(d).some(([, f]) => f.search === true);

/** Each translated field in each other language, flat ('body_se'): its CSV column and its field in the history. */
export const translatedKeys = (d: RecordsDescription): { key: string; field: string; lang: string }[] =>
  RECORD_LANGUAGES.flatMap((lang) =>
    fieldsOfRecords(d)
      .filter(([, f]) => f.kind === 'translated')
      .map(([field]) => ({ key: `${field}_${lang}`, field, lang })),
  );

/** In the CSV export and import (default true). */
export const exported = (f: FieldDescription): boolean => f.exported ?? true;

/** The most characters a field of a text kind takes (email: 254; country: 2; choice: 64; reference: 64). */
export function maxLength(f: FieldDescription): number {
  switch (f.kind) {
    case 'email':
      return 254;
    case 'country':
      return 2;
    case 'choice':
    case 'reference':
      return 64;
    default:
      return f.max ?? 0;
  }
}

/** The integer bounds of a field (defaults 0 and 2^31 - 1, PostgreSQL's integer). */
export const integerBounds = (f: FieldDescription): { min: number; max: number } => ({
  min: f.min ?? 0,
  max: f.max ?? 2_147_483_647,
});

/** A number field's bounds (min default 0) and digits after the point (default 2). */
export const numberBounds = (f: FieldDescription): { min: number; max: number; decimals: number } => ({
  min: f.min ?? 0,
  max: f.max ?? 0,
  decimals: f.decimals ?? 2,
});

/** The most images an images field holds. */
export const imagesMax = (f: FieldDescription): number => f.max ?? MAX_IMAGES;

/** May the field be left empty (free text and images always; a line, email, country … marked optional)? */
export const mayBeEmpty = (f: FieldDescription): boolean =>
  f.kind === 'text' ||
  f.kind === 'images' ||
  (f.optional === true && f.kind !== 'boolean' && f.kind !== 'integer' && f.kind !== 'number');

/** The empty value of a field: what the add page starts with and what a column added later holds. */
export function emptyValue(f: FieldDescription): string | number | boolean | string[] {
  switch (f.kind) {
    case 'boolean':
      return false;
    case 'integer':
      return integerBounds(f).min;
    case 'number': {
      const { min, max } = numberBounds(f);
      return Math.min(Math.max(0, min), max);
    }
    case 'images':
      return [];
    default:
      return '';
  }
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

/**
 * May this person do a react-admin action on a described resource's records: 'delete' by its delete level; 'create',
 * 'edit' and 'clone' by its edit level (each with the read level too); anything else (list, show, export) by its read
 * level. The browser's mirror of
 * the server's checks (server/routes/records.ts); deny by default.
 */
export function mayOnRecords(user: RoleFlags | null | undefined, d: RecordsDescription, action: string): boolean {
  return mayRecords(
    user,
    d,
    action === 'delete' ? 'delete' : ['create', 'edit', 'clone'].includes(action) ? 'edit' : 'read',
  );
}

/**
 * `change` over `current`, as every back end merges translated texts: a text given replaces, '' clears, one left out
 * stays; nothing empty (or not a text) is kept.
 */
export function mergeTexts(current: RecordTranslations, change: unknown): RecordTranslations {
  type Texts = Record<string, Record<string, unknown> | undefined>;
  const raw = (change && typeof change === 'object' ? change : {}) as Texts;
  const out: RecordTranslations = {};
  for (const lang of RECORD_LANGUAGES) {
    const texts: Record<string, unknown> = { ...current[lang], ...raw[lang] };
    const kept = Object.fromEntries(
      Object.entries(texts).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    );
    if (Object.keys(kept).length > 0) out[lang] = kept;
  }
  return out;
}
