import type { z as Zod } from 'zod';
import { MAX_IMAGES } from './constants.js';
import { said } from './translate.js';
import type { FieldDescription, FieldKind } from './fieldDescription.js';
import type { freeText, lineText, optionalLineText } from './text.js';

// Every field kind of the resource model in one place: one entry per kind, holding all a kind is outside the browser
// (its description's checks, its zod rule, its empty value, its stored form and migration column, its CSV cell, its
// Firestore document value and rule, the values tests generate). Everything that handles a field looks its kind up
// here; the browser's input and cell are in resources/shared/fieldKindViews.tsx, keyed the same way (this module is
// read by the console's first download: no React, and no zod, which recordSchemas.ts hands to `rule` as `kit`).
// A new kind is a line of FieldKind (domain/resourceDescription.ts), an entry here and one there.

/** How each kind is stored: text as text, a boolean as 0/1, an integer (and a number, scaled) as a 64-bit integer. */
export type FieldColumn = 'text' | 'boolean' | 'integer';

/** A field's value as the API holds it. */
export type FieldValue = string | number | boolean | string[];

/** What a kind's zod rule is made with: zod itself, the text rules (domain/text.ts) and the back end's image rule. */
export interface RuleKit {
  z: typeof Zod;
  lineText: typeof lineText;
  optionalLineText: typeof optionalLineText;
  freeText: typeof freeText;
  image: Zod.ZodType<string>;
}

/** What a generated test value may point to: an uploaded image, a record of each resource a reference names. */
export interface SampleContext {
  image: string;
  ids: Map<string, string>;
}

export interface FieldKindSpec {
  /** Its column's stored form. */
  column: FieldColumn;
  /** How the value is held, as a migration records it ('number:2', 'images'): a change needs a migration by hand. */
  held: (f: FieldDescription) => string;
  /** A description's field of this kind checked (throws, naming `where`, when it is wrong). */
  check: (f: FieldDescription, where: string) => void;
  /** May be searched (?q=), may be unique, may be the list's order. */
  searchable: boolean;
  uniqueable: boolean;
  sortable: boolean;
  /**
   * false: a scheduled change may not set it (a description's `schedule` cannot name it): images (an image waiting for
   * its time would be swept as unused) and translated texts (one value per language). Left out: it may.
   */
  schedulable?: false;
  /**
   * May be set to one value on many records at once (bulk edit, a description's `bulk: true`) when the field is not
   * unique, locked or searched: a value the same for every record; not a list of images, nor texts in every language.
   */
  bulk: boolean;
  /** The most characters it takes (a text kind; the others: their `max`, or 0). */
  maxLength: (f: FieldDescription) => number;
  /** May it be left empty? */
  mayBeEmpty: (f: FieldDescription) => boolean;
  /** Its empty value: what the add page starts with and what a column added later holds. */
  empty: (f: FieldDescription) => FieldValue;
  /** An add may leave it out (it gets its empty value). */
  omittable?: boolean;
  /**
   * What a `fill` for records added before it is to be, in words, for the generator's refusal ("write fill: …");
   * null: it takes no fill (a list, which may start empty).
   */
  fillHint: ((f: FieldDescription) => string) | null;
  /** The rule a value is checked by (add, edit, CSV), in the caller's language. */
  rule: (f: FieldDescription, kit: RuleKit) => Zod.ZodType;
  /** The answer's plain type of a value as stored (a rule with a transform has no JSON Schema for the API's page). */
  answer: (kit: RuleKit) => Zod.ZodType;
  /** The value as its column holds it, and back. */
  toStored: (f: FieldDescription, v: unknown) => unknown;
  fromStored: (f: FieldDescription, v: unknown) => unknown;
  /**
   * choice, choices: the options a value holds, each shown by its label in the resource's texts (`options`: the
   * list's cell, Show, the filter, the CSV's '<field>_label' column, history and Activity); the stored value is kept.
   */
  optionsOf?: (v: unknown) => string[];
  /**
   * A form's value as the form sends it (a text trimmed, a yes/no true unless false, a list as a list), before the
   * rule; left out: as it is (formValue).
   */
  fromForm?: (v: unknown) => unknown;
  /** A CSV cell as a value, before the rule; a value as its cell. */
  fromCell: (f: FieldDescription, raw: string) => unknown;
  toCell: (v: unknown) => string;
  /** What a CSV reader is told instead of a form's refusal (`message`), when it needs other words. */
  inFile?: (f: FieldDescription, message: string) => string;
  /** A cell it cannot read, blank included, is refused with this (instead of 'required' and the rule's words). */
  cellRefusal?: () => string;
  /**
   * A Firestore document's value as the screens' record holds it (a missing or odd one as the empty value: a document
   * written before the field was added reads as if it were empty).
   */
  fromDocument: (v: unknown, f: FieldDescription) => unknown;
  /** The Firestore rule of a document's value `v` (the server's rule, as far as rules go). */
  firestore: (v: string, f: FieldDescription) => string;
  /** The Firestore rule of a value `v` a history entry records (the value by kind and size; no lookups). */
  firestoreHistory: (v: string, f: FieldDescription) => string;
  /**
   * A valid value for the n-th test record, as the server answers it: growing with n where the kind has an order,
   * distinct for every n where a field may be unique.
   */
  sample: (f: FieldDescription, n: number, ctx: SampleContext) => unknown;
}

/** A resource's name (a reference's `to`): lower case letters, digits and _. */
export const RESOURCE_NAME = /^[a-z][a-z0-9_]{0,40}$/;
/** A choice's option: 1..64 letters, digits, - and _, with spaces inside ('Cotton care'); quoted plainly in rules. */
const OPTION = /^[A-Za-z0-9_-](?:[A-Za-z0-9 _-]{0,62}[A-Za-z0-9_-])?$/;
/** The most digits after the point a number keeps; the largest whole number both databases and JSON hold exactly. */
const MAX_DECIMALS = 6;
const SAFE = Number.MAX_SAFE_INTEGER;

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

/** The most records a references field names (default 20). */
export const referencesMax = (f: FieldDescription): number => f.max ?? 20;

export const pad = (n: number) => String(n).padStart(4, '0');

/** A number in min..max, whole or with at most `decimals` digits after the point. */
function numberRule(z: typeof Zod, min: number, max: number, decimals: number): Zod.ZodType<number> {
  const range = said('records.badNumber', { min, max });
  const scale = 10 ** decimals;
  return (
    z
      .number({ error: range })
      // Each check stops at its refusal: a value out of range and with too many decimals is refused once.
      .refine((v) => Number.isFinite(v) && v >= min && v <= max, { error: range, abort: true })
      .refine((v) => !Number.isFinite(v) || Math.abs(Math.round(v * scale) - v * scale) < 1e-6, {
        error: decimals === 0 ? range : said('records.decimals', { n: decimals }),
        abort: true,
      })
  );
}

/** The rule of a translated field's English text (`required`: not optional) or of its text in another language. */
export function translatedRule(f: FieldDescription, required: boolean, kit: RuleKit): Zod.ZodType<string> {
  const max = f.max ?? 0;
  if ((f.as ?? 'line') === 'line') return required ? kit.lineText(max) : kit.optionalLineText(max);
  const text = kit.freeText(max).trim();
  return required ? text.min(1, said('common.required')) : text;
}

const DAY = 86_400_000;
/** An instant as the API answers it (Date's toISOString), for the rules' `matches`. */
const UTC_INSTANT = '[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[.][0-9]{3}Z';
/** A calendar date as written ('2026-03-29'), one the calendar has. */
function isDate(s: string): boolean {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : null;
  return at !== null && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === s;
}
/** A pattern the rules match a whole value with: `optional` also takes ''. */
const whole = (pattern: string, optional: boolean | undefined): string => (optional ? `(${pattern})?` : pattern);

/** A choice's (or choices') options: at least one, each distinct and written as OPTION says. */
const checkOptions = (f: FieldDescription, where: string): void => {
  const o = f.options ?? [];
  if (o.length === 0 || new Set(o).size !== o.length || o.some((x) => !OPTION.test(x)))
    throw new Error(`${where}: a ${f.kind} needs its options, each distinct (letters, digits, -, _ and inner spaces)`);
};

/** A reference's (or references') `to`: a resource's name (that it is described is checked once all are known). */
const checkTo = (f: FieldDescription, where: string): void => {
  if (!(typeof f.to === 'string' && RESOURCE_NAME.test(f.to)))
    throw new Error(`${where}: a ${f.kind} names the resource it points to (to)`);
};

const needsMax = (f: FieldDescription, where: string): void => {
  if (!(Number.isInteger(f.max) && f.max! > 0)) throw new Error(`${where}: a ${f.kind} needs its max`);
};
const nothing = (): void => undefined;
/** A list kind's form value: the list, or none. */
const listFromForm = (v: unknown): unknown => (Array.isArray(v) ? v : []);
const same = (_f: FieldDescription, v: unknown): unknown => v;
const ownMax = (f: FieldDescription): number => f.max ?? 0;
const optional = (f: FieldDescription): boolean => f.optional === true;
/** `v is string && …size() <= max`: a text of the field's length (a history entry's side). */
const sizedText = (v: string, f: FieldDescription): string =>
  `${v} is string && ${v}.size() <= ${FIELD_KINDS[f.kind].maxLength(f)}`;

/** A text's fill, in words. */
const textFill = (f: FieldDescription): string => `a text of 1..${FIELD_KINDS[f.kind].maxLength(f)} characters`;

/** What the text kinds share: a text column, held as it is, its cell as written, '' when empty. */
const textKind = {
  column: 'text',
  held: () => 'text',
  check: nothing,
  searchable: true,
  uniqueable: true,
  sortable: true,
  bulk: true,
  maxLength: ownMax,
  mayBeEmpty: optional,
  empty: () => '',
  answer: (kit) => kit.z.string(),
  toStored: same,
  fromStored: same,
  fromForm: (v) => (typeof v === 'string' ? v.trim() : ''),
  fromCell: (_f, raw) => raw,
  toCell: (v) => String(v ?? ''),
  // A number where text is held (a price another client wrote as 12.5) reads as its text.
  fromDocument: (v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''),
  firestore: (v, f) =>
    `${v} is string && ${f.optional ? '' : `${v}.size() >= 1 && `}${v}.size() <= ${FIELD_KINDS[f.kind].maxLength(f)}`,
  firestoreHistory: sizedText,
} satisfies Partial<FieldKindSpec>;

/** What the number kinds share: a 64-bit integer column, a cell read as a number, a bounded number in rules. */
const numberKind = {
  column: 'integer',
  searchable: false,
  uniqueable: true,
  sortable: true,
  bulk: true,
  maxLength: ownMax,
  mayBeEmpty: () => false,
  answer: (kit) => kit.z.number(),
  fromCell: (_f, raw) => (raw.trim() === '' || !Number.isFinite(Number(raw)) ? raw : Number(raw)),
  toCell: (v) => String(v ?? ''),
  fromDocument: (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0),
} satisfies Partial<FieldKindSpec>;

/** Each kind, by its name (FieldKind, domain/resourceDescription.ts). */
export const FIELD_KINDS: { readonly [K in FieldKind]: FieldKindSpec } = {
  /** One line of text (a name), the text rule, trimmed, 1..max characters (0..max when optional). */
  line: {
    ...textKind,
    fillHint: textFill,
    check: needsMax,
    rule: (f, kit) => (f.optional ? kit.optionalLineText(f.max ?? 0) : kit.lineText(f.max ?? 0)),
    sample: (f, n) => `Rec ${pad(n)}`.slice(0, f.max),
  },
  /** Free text with line breaks (notes), 0..max characters. */
  text: {
    ...textKind,
    fillHint: textFill,
    check: needsMax,
    uniqueable: false,
    sortable: false,
    bulk: false,
    mayBeEmpty: () => true,
    rule: (f, kit) => kit.freeText(f.max ?? 0),
    firestore: (v, f) => `${v} is string && ${v}.size() <= ${f.max ?? 0}`,
    sample: (f, n) => `Line ${n}\nsecond line`.slice(0, f.max),
  },
  /** An email address, at most 254 characters, stored lower-case (empty when optional). */
  email: {
    ...textKind,
    fillHint: () => "an address such as 'orders@example.com'",
    maxLength: () => 254,
    rule: (f, kit) => {
      const address = kit.z.email();
      const text = f.optional ? kit.optionalLineText(254) : kit.lineText(254);
      return text
        .refine((s) => (f.optional && s === '') || address.safeParse(s).success, said('records.badEmail'))
        .transform((s) => s.toLowerCase());
    },
    sample: (_f, n) => `r${n}@example.com`,
  },
  /** An ISO 3166-1 alpha-2 code (COUNTRIES), shown by name in the chosen language ('' when optional). */
  country: {
    ...textKind,
    fillHint: () => "a country code such as 'SE'",
    maxLength: () => 2,
    rule: (f, kit) =>
      kit.z
        .string()
        .trim()
        .toUpperCase()
        .refine((s) => (f.optional && s === '') || COUNTRIES.includes(s), said('records.badCountry')),
    inFile: (_f, message) => (message === said('records.badCountry') ? said('records.fileCountry') : message),
    firestore: (v, f) => `${v} is string && ${v}.matches('${f.optional ? '([A-Z]{2})?' : '[A-Z]{2}'}')`,
    sample: (_f, n) => ['SE', 'LT', 'FI'][n % 3],
  },
  /** True or false, stored as 0/1; its cell 'true' or 'false'. */
  boolean: {
    column: 'boolean',
    fillHint: () => 'true or false',
    held: () => 'boolean',
    // True unless false: a form that never held it (a new product, which starts active) sends true.
    fromForm: (v) => v !== false,
    check: nothing,
    searchable: false,
    uniqueable: false,
    sortable: true,
    bulk: true,
    maxLength: ownMax,
    mayBeEmpty: () => false,
    empty: () => false,
    rule: (_f, kit) => kit.z.boolean(),
    answer: (kit) => kit.z.boolean(),
    toStored: (_f, v) => (v ? 1 : 0),
    fromStored: (_f, v) => Boolean(Number(v)),
    fromCell: (_f, raw) => {
      const t = raw.trim().toLowerCase();
      return t === 'true' ? true : t === 'false' ? false : raw;
    },
    toCell: (v) => String(v ?? ''),
    cellRefusal: () => said('records.boolCell'),
    fromDocument: (v) => v === true,
    firestore: (v) => `${v} is bool`,
    firestoreHistory: (v) => `${v} is bool`,
    sample: (_f, n) => n % 2 === 0,
  },
  /** A whole number in min..max (defaults 0 and 2^31 - 1). */
  integer: {
    ...numberKind,
    fillHint: (f) => `a number in ${integerBounds(f).min}..${integerBounds(f).max}`,
    held: () => 'integer',
    check: nothing,
    empty: (f) => integerBounds(f).min,
    rule: (f, kit) => numberRule(kit.z, integerBounds(f).min, integerBounds(f).max, 0),
    answer: (kit) => kit.z.number().int(),
    toStored: same,
    fromStored: (_f, v) => Number(v),
    firestore: (v, f) => `${v} is int && ${v} >= ${integerBounds(f).min} && ${v} <= ${integerBounds(f).max}`,
    firestoreHistory: (v, f) => `${v} is number && ${v} >= ${integerBounds(f).min} && ${v} <= ${integerBounds(f).max}`,
    sample: (f, n) => Math.min(integerBounds(f).max, integerBounds(f).min + n),
  },
  /**
   * A decimal in min..max with at most `decimals` digits after the point, stored as a whole number of 10^-decimals
   * (so both databases compare and sort it exactly).
   */
  number: {
    ...numberKind,
    fillHint: (f) => {
      const { min, max, decimals } = numberBounds(f);
      return `a number in ${min}..${max} with at most ${decimals} decimals`;
    },
    held: (f) => `number:${numberBounds(f).decimals}`,
    check: (f, where) => {
      const { min, max, decimals } = numberBounds(f);
      if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS)
        throw new Error(`${where}: decimals is 0..${MAX_DECIMALS}`);
      if (f.max === undefined || !(min <= max) || Math.max(Math.abs(min), Math.abs(max)) * 10 ** decimals > SAFE)
        throw new Error(`${where}: a number needs min <= max, within ±${Math.floor(SAFE / 10 ** decimals)}`);
    },
    empty: (f) => {
      const { min, max } = numberBounds(f);
      return Math.min(Math.max(0, min), max);
    },
    rule: (f, kit) => {
      const { min, max, decimals } = numberBounds(f);
      return numberRule(kit.z, min, max, decimals);
    },
    toStored: (f, v) => Math.round(Number(v) * 10 ** numberBounds(f).decimals),
    fromStored: (f, v) => Number(v) / 10 ** numberBounds(f).decimals,
    firestore: (v, f) => `${v} is number && ${v} >= ${numberBounds(f).min} && ${v} <= ${numberBounds(f).max}`,
    firestoreHistory: (v, f) => `${v} is number && ${v} >= ${numberBounds(f).min} && ${v} <= ${numberBounds(f).max}`,
    sample: (f, n) => {
      const { min, max, decimals } = numberBounds(f);
      return Math.min(max, min + n + (decimals > 0 ? 0.25 : 0));
    },
  },
  /**
   * A line (`as: 'line'`) or text (`as: 'text'`) in every catalogue language, stored as products store theirs:
   * English in the field's own column (required unless optional), the others in the record's `translations`
   * ({ se: { body: … } }, only what is written; each optional).
   */
  translated: {
    ...textKind,
    schedulable: false,
    fillHint: textFill,
    check: (f, where) => {
      needsMax(f, where);
      if (f.as !== undefined && f.as !== 'line' && f.as !== 'text')
        throw new Error(`${where}: a translated field is as 'line' or 'text'`);
    },
    sortable: false,
    bulk: false,
    rule: (f, kit) => translatedRule(f, f.optional !== true, kit),
    sample: (f, n) => `English${pad(n)} words`.slice(0, f.max),
  },
  /** One of `options` ('' when optional), stored as it is. */
  choice: {
    ...textKind,
    fillHint: (f) => `one of ${(f.options ?? []).map((o) => `'${o}'`).join(', ')}`,
    check: checkOptions,
    maxLength: () => 64,
    rule: (f, kit) =>
      kit.z
        .string({ error: said('records.badChoice') })
        .refine((s) => (f.optional && s === '') || (f.options ?? []).includes(s), said('records.badChoice')),
    inFile: (f, message) =>
      message === said('records.badChoice')
        ? said('records.fileChoice', { options: (f.options ?? []).join(', ') })
        : message,
    optionsOf: (v) => (typeof v === 'string' && v !== '' ? [v] : []),
    fromDocument: (v, f) => (typeof v === 'string' && (f.options ?? []).includes(v) ? v : ''),
    firestore: (v, f) => {
      const options = [...(f.optional ? [''] : []), ...(f.options ?? [])].map((o) => `'${o}'`).join(', ');
      return `${v} is string && ${v} in [${options}]`;
    },
    sample: (f, n) => f.options![n % f.options!.length],
  },
  /**
   * Up to `max` image addresses made by the upload pipeline (/api/uploads), in order, stored as products store theirs
   * (a JSON list); its cell the addresses separated by spaces.
   */
  images: {
    column: 'text',
    held: () => 'images',
    fromForm: listFromForm,
    schedulable: false,
    fillHint: null,
    check: (f, where) => {
      if (f.max !== undefined && !(Number.isInteger(f.max) && f.max >= 1 && f.max <= 20))
        throw new Error(`${where}: images holds 1..20`);
    },
    searchable: false,
    uniqueable: false,
    sortable: false,
    bulk: false,
    maxLength: ownMax,
    mayBeEmpty: () => true,
    empty: () => [],
    omittable: true,
    rule: (f, kit) => {
      const max = imagesMax(f);
      return kit.z.array(kit.image).max(max, said('uploads.tooMany', { max }));
    },
    answer: (kit) => kit.z.array(kit.z.string()),
    toStored: (_f, v) => JSON.stringify(v ?? []),
    fromStored: (_f, v) => JSON.parse(String(v ?? '[]')) as string[],
    fromCell: (_f, raw) => raw.split(/\s+/).filter(Boolean),
    toCell: (v) => (Array.isArray(v) ? v.join(' ') : String(v ?? '')),
    fromDocument: (v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []),
    firestore: (v, f) => {
      const max = imagesMax(f);
      // Each image of the list (the rules have no loops: one check per place).
      const each = Array.from({ length: max }, (_, i) => ` && (${v}.size() <= ${i} || image(${v}[${i}]))`).join('');
      return `${v} is list && ${v}.size() <= ${max}${each}`;
    },
    firestoreHistory: (v, f) => `${v} is list && ${v}.size() <= ${imagesMax(f)}`,
    sample: (f, n, ctx) => (n % 2 === 0 ? [ctx.image].slice(0, imagesMax(f)) : []),
  },
  /** The id of a record of another described resource (`to`); the server refuses one that does not exist. */
  reference: {
    ...textKind,
    fillHint: (f) => `the id of a record of ${f.to}`,
    check: checkTo,
    searchable: false,
    maxLength: () => 64,
    rule: (f, kit) =>
      f.optional ? kit.optionalLineText(64) : kit.optionalLineText(64).min(1, said('common.required')),
    firestore: (v, f) => {
      const there = `exists(/databases/$(database)/documents/${f.to}/$(${v}))`;
      return `${v} is string && ${f.optional ? `(${v} == '' || ${there})` : there}`;
    },
    sample: (f, _n, ctx) => ctx.ids.get(f.to!) ?? '',
  },
  /** A calendar date ('2026-03-29': no time, no zone), '' when optional; its order is the calendar's. */
  date: {
    ...textKind,
    fillHint: () => "a date such as '2026-03-29'",
    held: () => 'date',
    searchable: false,
    maxLength: () => 10,
    rule: (f, kit) =>
      kit.z
        .string({ error: said('records.badDate') })
        .trim()
        .refine((s) => (f.optional && s === '') || isDate(s), said('records.badDate')),
    firestore: (v, f) => `${v} is string && ${v}.matches('${whole('[0-9]{4}-[0-9]{2}-[0-9]{2}', f.optional)}')`,
    sample: (_f, n) => new Date(Date.UTC(2020, 0, 1) + n * DAY).toISOString().slice(0, 10),
  },
  /**
   * An instant: taken as ISO-8601 with its zone (Z or an offset), held and answered in UTC ('2026-03-29T12:30:00.000Z',
   * so its order is time's), '' when optional; the screens show and take it in the shop's time zone as products'
   * schedule (domain/schedule.ts).
   */
  datetime: {
    ...textKind,
    fillHint: () => "an instant with its zone such as '2026-03-29T12:30:00Z'",
    held: () => 'datetime',
    searchable: false,
    maxLength: () => 24,
    rule: (f, kit) => {
      const instant = kit.z.iso.datetime({ offset: true });
      return kit.z
        .string({ error: said('schedule.badTime') })
        .trim()
        .refine((s) => (f.optional && s === '') || instant.safeParse(s).success, said('schedule.badTime'))
        .transform((s) => (s === '' ? '' : new Date(s).toISOString()));
    },
    inFile: (_f, message) => (message === said('schedule.badTime') ? said('records.fileDateTime') : message),
    firestore: (v, f) => `${v} is string && ${v}.matches('${whole(UTC_INSTANT, f.optional)}')`,
    sample: (_f, n) => new Date(Date.UTC(2026, 0, 1, 8, 30) + n * 3_600_000).toISOString(),
  },
  /**
   * Several of `options` (at least one unless optional), held in the options' order: a JSON list in SQL, a list in
   * Firestore; its cell the options separated by ';'.
   */
  choices: {
    column: 'text',
    held: () => 'choices',
    fromForm: listFromForm,
    fillHint: null,
    check: checkOptions,
    searchable: false,
    uniqueable: false,
    sortable: false,
    bulk: true,
    maxLength: ownMax,
    mayBeEmpty: optional,
    empty: () => [],
    rule: (f, kit) => {
      const options = f.options ?? [];
      return kit.z
        .array(kit.z.string(), { error: said('records.badChoice') })
        .refine((a) => a.every((x) => options.includes(x)) && new Set(a).size === a.length, said('records.badChoice'))
        .refine((a) => f.optional === true || a.length > 0, said('common.required'))
        .transform((a) => options.filter((o) => a.includes(o)));
    },
    answer: (kit) => kit.z.array(kit.z.string()),
    toStored: (_f, v) => JSON.stringify(v ?? []),
    fromStored: (_f, v) => JSON.parse(String(v ?? '[]')) as string[],
    fromCell: (_f, raw) =>
      raw
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    toCell: (v) => (Array.isArray(v) ? v.join('; ') : String(v ?? '')),
    inFile: (f, message) =>
      message === said('records.badChoice')
        ? said('records.fileChoices', { options: (f.options ?? []).join(', ') })
        : message,
    optionsOf: (v) => (Array.isArray(v) ? v.map(String) : []),
    fromDocument: (v, f) => (Array.isArray(v) ? (f.options ?? []).filter((o) => v.includes(o)) : []),
    firestore: (v, f) => {
      const options = (f.options ?? []).map((o) => `'${o}'`).join(', ');
      return `${v} is list && ${v}.hasOnly([${options}])${f.optional ? '' : ` && ${v}.size() >= 1`}`;
    },
    firestoreHistory: (v, f) => `${v} is list && ${v}.size() <= ${(f.options ?? []).length}`,
    sample: (f, n) => {
      const o = f.options!;
      const picked = n % 2 === 0 ? [o[n % o.length]] : [o[n % o.length], o[(n + 1) % o.length]];
      return o.filter((x) => picked.includes(x));
    },
  },
  /**
   * The ids of up to `max` records of another described resource (`to`), in the order chosen, each once (at least one
   * unless optional): a JSON list in SQL, a list in Firestore; the server refuses an id that names no record. Its cell
   * the ids separated by ';'.
   */
  references: {
    column: 'text',
    held: () => 'references',
    fromForm: listFromForm,
    fillHint: null,
    check: (f, where) => {
      checkTo(f, where);
      if (f.max !== undefined && !(Number.isInteger(f.max) && f.max >= 1 && f.max <= 100))
        throw new Error(`${where}: references holds 1..100`);
    },
    searchable: false,
    uniqueable: false,
    sortable: false,
    // Not in bulk: a bulk change checks one reference's record, not each of a list's.
    bulk: false,
    maxLength: ownMax,
    mayBeEmpty: optional,
    empty: () => [],
    rule: (f, kit) => {
      const max = referencesMax(f);
      const bad = said('records.noSuchReference');
      return kit.z
        .array(kit.z.string({ error: bad }).trim().min(1, bad).max(64, bad), { error: bad })
        .max(max, said('records.tooManyReferences', { max }))
        .refine((a) => f.optional === true || a.length > 0, said('common.required'))
        .transform((a) => [...new Set(a)]);
    },
    answer: (kit) => kit.z.array(kit.z.string()),
    toStored: (_f, v) => JSON.stringify(v ?? []),
    fromStored: (_f, v) => JSON.parse(String(v ?? '[]')) as string[],
    fromCell: (_f, raw) =>
      raw
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    toCell: (v) => (Array.isArray(v) ? v.join('; ') : String(v ?? '')),
    fromDocument: (v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []),
    firestore: (v, f) => {
      const max = referencesMax(f);
      // Each id a text (the rules have no loops: one check per place); that it names a record is the provider's
      // check (docs/firebase.md: a rule may look up only so many documents).
      const each = Array.from(
        { length: max },
        (_, i) =>
          ` && (${v}.size() <= ${i} || (${v}[${i}] is string && ${v}[${i}].size() >= 1 && ${v}[${i}].size() <= 64))`,
      ).join('');
      return `${v} is list && ${v}.size() <= ${max}${f.optional ? '' : ` && ${v}.size() >= 1`}${each}`;
    },
    firestoreHistory: (v, f) => `${v} is list && ${v}.size() <= ${referencesMax(f)}`,
    sample: (f, n, ctx) => {
      const id = ctx.ids.get(f.to!);
      return id && (n % 2 === 0 || f.optional !== true) ? [id] : [];
    },
  },
};

/** The entry of a field's kind. */
export const kindOf = (f: FieldDescription): FieldKindSpec => FIELD_KINDS[f.kind];

/** A field's value as a form sends it (its kind's `fromForm`), before the rule checks it. */
export function formValue(f: FieldDescription, v: unknown): unknown {
  const read = kindOf(f).fromForm;
  return read ? read(v) : v;
}
