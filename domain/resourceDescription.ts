import { areaAccess, meets, type Access, type Area, type RoleFlags } from './permissions.js';
import { CATALOGUE_LANGUAGES } from './constants.js';
import { FIELD_KINDS, RESOURCE_NAME, kindOf, type FieldValue } from './fieldKinds.js';
import type { FieldDescription, FieldKind } from './fieldDescription.js';

export type { FieldDescription, FieldKind } from './fieldDescription.js';

export {
  COUNTRIES,
  FIELD_KINDS,
  imagesMax,
  referencesMax,
  integerBounds,
  kindOf,
  numberBounds,
  type FieldColumn,
  type FieldKindSpec,
} from './fieldKinds.js';

// A resource's description, as plain data: the browser, the server (which builds its zod schemas from it,
// domain/recordSchemas.ts, and its table's migrations, scripts/resources.ts) and the Firestore rules generator all
// read the same object. No zod here, so a description costs the console's first download nothing (docs/decisions.md,
// 'Resource folders').

/** Who may do what with a resource's records: a role level of domain/permissions.ts for each. */
export type RecordAccessLevel = Exclude<Access, 'public'>;
export interface ResourceAccess {
  read: RecordAccessLevel;
  edit: RecordAccessLevel;
  delete: RecordAccessLevel;
}

type Fields = Readonly<Record<string, FieldDescription>>;

export interface ResourceDescription<F extends Fields = Fields> {
  /** The table, the Firestore collection, /api/<name> and the browser's resource. Lower case letters, digits and _. */
  name: string;
  /** Its area of the role matrix (domain/permissions.ts): who may read and change it unless `access` says more. */
  area: Area;
  /**
   * Who may read, edit (add, change, import, undo) and delete; each left out is the area's level. Edit and delete
   * narrow read, never widen it: to edit or delete a person needs the read level too (accessLevels).
   */
  access?: Partial<ResourceAccess>;
  fields: F;
  /** The list's order (then id, so pages never overlap). */
  sort: { field: string; order: 'asc' | 'desc' };
  /** The field the exact-match search looks up. */
  search: string;
  /**
   * The field a record is named by where another record points to it (a reference's cell, Show page, history and
   * CSV): a line, email or translated field; left out, the first line field, else the search field (labelOf).
   */
  label?: string;
  /**
   * false: the list keeps its own order and filters (products: the specification's list, core/productSearch.ts), so
   * its columns are not sorted by their headers and the generator writes no index per order for it.
   */
  headerSort?: false;
  /** true: the dashboard shows how many records it holds, a link to its list, to those who may read it. */
  dashboard?: true;
  /**
   * true: the list's search, order and filters may be saved under a name, for oneself or for all staff (/api/views),
   * listed in the sidebar under the resource.
   */
  views?: true;
  /**
   * true: 'Duplicate' on the Edit page opens Add with the record's values (its images copied to new files, its unique
   * fields empty, to be written anew).
   */
  duplicate?: true;
  /**
   * true (a resource with a translated field): the list marks each record a language's text is missing in (its English
   * written, the other empty) and filters by it ('Swedish missing', `?missing=se`).
   */
  missing?: true;
  /**
   * The fields a scheduled change may set (`['fabric']`): Edit gets 'Schedule a change' (a field, a value, a time in
   * the shop's time zone; the pending changes, each to cancel), the list a mark beside a record with one, and the
   * server's scheduler sets the value at its time as an edit of the scheduler's. Not images, translated or locked
   * fields.
   */
  schedule?: readonly string[];
  /**
   * true: the list's rows may be selected (or all N its search and filters match) and the same values set on them all
   * at once (each field whose kind may be set in bulk and that is not unique, locked or searched: bulkFieldsOf), with
   * each record's outcome and one Undo of the whole change (/api/<name>/ids, /bulk, /bulk/:batch/undo).
   */
  bulk?: true;
  /**
   * An images field (`'picture'`): each row of the list leads with its first image's thumbnail (the placeholder where
   * it has none), as the products list does, and so does a row on a phone.
   */
  listImage?: string;
}

/** The catalogue languages a translated field is written in besides English (products' TRANSLATED_LANGUAGES). */
export const RECORD_LANGUAGES: readonly string[] = CATALOGUE_LANGUAGES.slice(1).map((l) => l.id);

/** A record's value for one field, by kind: a choice one of its options ('' too when optional). */
type ValueOf<F extends FieldDescription> = F['kind'] extends 'boolean'
  ? boolean
  : F['kind'] extends 'integer' | 'number'
    ? number
    : F['kind'] extends 'images' | 'choices' | 'references'
      ? string[]
      : F extends { kind: 'choice'; options: readonly (infer O extends string)[] }
        ? O | (F extends { optional: true } ? '' : never)
        : string;
export type RecordValues<D extends ResourceDescription> = { [K in keyof D['fields']]: ValueOf<D['fields'][K]> };
/** A translated field's texts in the other languages: { se: { body: '…' } }, only what is written. */
export type RecordTranslations = Partial<Record<string, Partial<Record<string, string>>>>;
/**
 * A record as the API answers it: its fields, plus id, version (for If-Match) and times; `translations` when the
 * resource has a translated field.
 */
export type RecordOf<D extends ResourceDescription> = RecordValues<D> & {
  id: string;
  version: number;
  created: string;
  updated: string | null;
  translations?: RecordTranslations;
  /** Each reference's label (labelOf of the record it points to), when it has one. */
  labels?: ReferenceLabels;
};

const NAME = RESOURCE_NAME;
const FIELD = /^[a-z][A-Za-z0-9]{0,40}$/;
/** Names a field cannot have: the record's own, and the list's query parameters. */
const RESERVED = [
  'id',
  'version',
  'created',
  'updated',
  'createdBy',
  'updatedBy',
  'translations',
  'labels',
  'thumbnails',
  'q',
  'limit',
  'after',
  'apply',
  'missing',
  'scheduled',
];

/** The feed's own addresses under /api/public/ besides products', which no described resource's feed may take. */
const FEED_OWN = ['texts', 'images'];

/** What a field's `fill` is, by how its kind is stored (a list kind has none: it may be empty). */
function fillTypeOf(f: FieldDescription): 'string' | 'number' | 'boolean' | undefined {
  const kind = kindOf(f);
  if (kind.fillHint === null) return undefined;
  return kind.column === 'boolean' ? 'boolean' : kind.column === 'integer' ? 'number' : 'string';
}

/** The description unchanged, once checked (a wrong one stops the console at its start, naming what is wrong). */
export function describeResource<const F extends Fields>(
  d: ResourceDescription<F> & { sort: { field: keyof F & string }; search: keyof F & string },
): ResourceDescription<F> {
  if (!NAME.test(d.name)) throw new Error(`A resource's name is lower-case letters, digits and _: ${d.name}`);
  const fields = Object.entries(d.fields) as [string, FieldDescription][];
  for (const [k, f] of fields) {
    const where = `${d.name}.${k}`;
    if (!FIELD.test(k) || RESERVED.includes(k)) throw new Error(`${d.name}: ${k} cannot be a field's name`);
    if (!Object.hasOwn(FIELD_KINDS, f.kind)) throw new Error(`${where}: no kind ${String(f.kind)}`);
    const kind = kindOf(f);
    kind.check(f, where);
    if (f.unique && f.optional) throw new Error(`${where}: a unique field cannot be optional`);
    if (f.unique && !kind.uniqueable) throw new Error(`${where}: a ${f.kind} cannot be unique`);
    if (f.search && !kind.searchable) throw new Error(`${where}: a ${f.kind} cannot be searched`);
    if (f.renamedFrom !== undefined) {
      const from = f.renamedFrom;
      if (typeof from !== 'string' || !FIELD.test(from) || RESERVED.includes(from) || from in d.fields)
        throw new Error(`${where}: renamedFrom names the field's earlier name, which no field of ${d.name} has now`);
      if (fields.some(([o, g]) => o !== k && g.renamedFrom === from))
        throw new Error(`${where}: two fields are renamed from ${from}`);
    }
    const fillType = fillTypeOf(f);
    if (f.fill !== undefined && typeof f.fill !== fillType)
      throw new Error(`${where}: ${fillType ? `a ${f.kind}'s fill is a ${fillType}` : 'no fill'}`);
  }
  if (!(d.sort.field in d.fields) || !(d.search in d.fields))
    throw new Error(`${d.name}: sort and search name one of its fields`);
  const sortBy = d.fields[d.sort.field]!;
  if (!kindOf(sortBy).sortable) throw new Error(`${d.name}: a list cannot be sorted by a ${sortBy.kind}`);
  if (d.missing && !fields.some(([, f]) => f.kind === 'translated'))
    throw new Error(`${d.name}: missing marks the texts of a translated field, which it has none of`);
  if (FEED_OWN.includes(d.name) && fields.some(([, f]) => f.publish === true))
    throw new Error(`${d.name}: /api/public/${d.name} is the feed's own; a resource of that name cannot publish`);
  for (const k of d.schedule ?? []) {
    const f = d.fields[k];
    if (!f || !Object.hasOwn(d.fields, k)) throw new Error(`${d.name}: schedule names ${k}, which is not its field`);
    if (kindOf(f).schedulable === false || f.locked)
      throw new Error(`${d.name}.${k}: a ${f.locked ? 'locked field' : f.kind} cannot be scheduled`);
  }
  if (d.schedule && new Set(d.schedule).size !== d.schedule.length)
    throw new Error(`${d.name}: schedule names a field twice`);
  if (d.bulk && bulkFieldsOf(d).length === 0)
    throw new Error(`${d.name}: bulk sets fields of kinds that may be set in bulk, which it has none of`);
  if (d.listImage !== undefined && !(Object.hasOwn(d.fields, d.listImage) && d.fields[d.listImage]!.kind === 'images'))
    throw new Error(`${d.name}: listImage names one of its images fields`);
  const named = d.label === undefined ? undefined : d.fields[d.label];
  if (d.label !== undefined && !(named && LABEL_KINDS.includes(named.kind) && named.as !== 'text'))
    throw new Error(`${d.name}: label names one of its line, email or translated line fields`);
  return d;
}

/** The kinds a record may be named by (one line of text). */
const LABEL_KINDS: readonly FieldKind[] = ['line', 'email', 'translated'];

/** The field a record is named by where another points to it: `label`, else the first line field, else `search`. */
export const labelOf = (d: ResourceDescription): string =>
  d.label ?? fieldsOfResource(d).find(([, f]) => f.kind === 'line')?.[0] ?? d.search;

/**
 * The labels of a record's references, by field ({ supplier: 'Linen Mill AB' }): answered with the record to whoever
 * may read it (docs/decisions.md, 'A reference's label'); a field left out when it is empty or its record is gone. A
 * references field's is each record's label in the ids' order, joined by REFERENCES_JOIN ('Linen; Wool').
 */
export type ReferenceLabels = Partial<Record<string, string>>;

/**
 * Is this unique field compared as the find box folds (case and accents: `unique: true` on a kind the find box
 * searches), rather than as stored (`unique: 'exact'`, or a number)?
 */
export const foldsUnique = (f: FieldDescription): boolean => f.unique === true && kindOf(f).searchable;

/**
 * The column a folded unique field's value is also kept in, folded, under a unique index ('title_fold'; a field's
 * name has no '_'): the server writes it with every add and edit, so both databases refuse a second record alike.
 */
export const foldColumn = (field: string): string => `${field}_fold`;

/**
 * A resource's option labels in one language, by field then stored value ({ fabric: { linen: 'Linne' } }): its texts'
 * `options` (resources/<name>/texts.ts), or a catalogue's for products.
 */
export type OptionLabels = Readonly<Partial<Record<string, Readonly<Partial<Record<string, string>>>>>>;

/** An option as staff read it: its label in `labels`, else the stored value itself. */
export const optionLabel = (labels: OptionLabels | undefined, field: string, value: string): string =>
  labels?.[field]?.[value] ?? value;

/**
 * A choice's or choices' value as staff read it, its options' labels joined by `sep`; undefined for a field of
 * another kind (its value is shown as that kind shows it).
 */
export function optionText(
  f: FieldDescription | undefined,
  field: string,
  value: unknown,
  labels: OptionLabels | undefined,
  sep = ', ',
): string | undefined {
  const of = f && kindOf(f).optionsOf;
  return of
    ? of(value)
        .map((o) => optionLabel(labels, field, o))
        .join(sep)
    : undefined;
}

/** The fields whose values are options named in the resource's texts (choice, choices). */
export const optionFieldsOf = (d: ResourceDescription): [string, FieldDescription][] =>
  fieldsOfResource(d).filter(([, f]) => kindOf(f).optionsOf !== undefined);

/** What joins a references field's labels, as its CSV cell joins its ids. */
export const REFERENCES_JOIN = '; ';

/** A reference's, references' or a choice's label column in a CSV file ('supplier_label', 'fabric_label'). */
export const labelColumn = (field: string): string => `${field}_label`;

/** The kinds that point to records of another resource: one (reference) or several (references). */
export const isPointer = (f: FieldDescription): boolean => f.kind === 'reference' || f.kind === 'references';

/**
 * A described resource's reference and references fields, each with the resource it points to (`many`: a references
 * field, its value a list of ids).
 */
export const referencesOf = (d: ResourceDescription): { field: string; to: string; many: boolean }[] =>
  fieldsOfResource(d)
    .filter(([, f]) => isPointer(f))
    .map(([field, f]) => ({ field, to: f.to!, many: f.kind === 'references' }));

/** The ids a value of a reference or references field holds (none when empty). */
export const idsOf = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string' && x !== '')
    : typeof v === 'string' && v !== ''
      ? [v]
      : [];

/** Each field of any resource of `all` that points to `name` (its reference and references fields). */
export const pointersTo = (
  name: string,
  all: readonly ResourceDescription[],
): { resource: ResourceDescription; field: string; many: boolean }[] =>
  all.flatMap((resource) =>
    referencesOf(resource)
      .filter((x) => x.to === name)
      .map(({ field, many }) => ({ resource, field, many })),
  );

/**
 * Refuses a reference to a resource that is not described (checked once all descriptions are known). Products are
 * always there (their own table, not a resource folder), so a reference may point to them too.
 */
export function checkReferences(all: readonly ResourceDescription[]): void {
  const names = new Set(['products', ...all.map((d) => d.name)]);
  for (const d of all)
    for (const [k, f] of Object.entries(d.fields))
      if (isPointer(f) && !names.has(f.to!))
        throw new Error(`${d.name}.${k}: it points to ${f.to}, which no resource folder describes`);
}

/** Who may read, edit and delete a resource's records (each left out: its area's level). */
export function accessOf(d: ResourceDescription): ResourceAccess {
  const level: RecordAccessLevel = areaAccess[d.area];
  return { read: d.access?.read ?? level, edit: d.access?.edit ?? level, delete: d.access?.delete ?? level };
}

/**
 * Every level a person must meet to read, edit or delete a resource's records: the read level, and for a change its
 * own level as well. Nobody may change or delete what they may not read (an admin without the editor flag may not
 * delete a care guide, which only editors read); docs/decisions.md, 'Edit and delete narrow read'.
 */
export function accessLevels(d: ResourceDescription, what: keyof ResourceAccess): RecordAccessLevel[] {
  const access = accessOf(d);
  return what === 'read' || access[what] === access.read ? [access.read] : [access.read, access[what]];
}

/** May this person read, edit or delete a resource's records (every level of accessLevels met)? */
export const mayOnResource = (user: RoleFlags | null | undefined, d: ResourceDescription, what: keyof ResourceAccess) =>
  accessLevels(d, what).every((level) => meets(user, level));

/** The described resources with a dashboard count card (`dashboard: true`) this person may read, on either back end. */
export const countedResources = (
  user: RoleFlags | null | undefined,
  described: readonly ResourceDescription[],
): ResourceDescription[] => described.filter((d) => d.dashboard === true && mayOnResource(user, d, 'read'));

/** The fields of a description, in order. */
export const fieldsOfResource = (d: ResourceDescription): [string, FieldDescription][] =>
  Object.entries(d.fields) as [string, FieldDescription][];

/**
 * The fields the storefront feed shows (`publish`), in the description's order: a described resource with any has its
 * feed, /api/public/<name> (server/routes/describedFeed.ts).
 */
export const publishedOf = (d: ResourceDescription): [string, FieldDescription][] =>
  fieldsOfResource(d).filter(([, f]) => f.publish === true);

/**
 * The fields a bulk change may set (`bulk: true`), in order: each of a kind that may be set in bulk (its entry's
 * `bulk`), not unique (one value on many records), not locked, not searched (its search text is the record's own).
 */
export const bulkFieldsOf = (d: ResourceDescription): [string, FieldDescription][] =>
  fieldsOfResource(d).filter(([, f]) => kindOf(f).bulk && !f.unique && !f.locked && !f.search);

/** Does the record hold `translations` (a translated field)? */
export const hasTranslations = (d: ResourceDescription): boolean =>
  fieldsOfResource(d).some(([, f]) => f.kind === 'translated');

/** Does the list have a partial-name search (a field marked `search`)? */
export const hasSearch = (d: ResourceDescription): boolean => fieldsOfResource(d).some(([, f]) => f.search === true);

/** Each translated field in each other language, flat ('body_se'): its CSV column and its field in the history. */
export const translatedKeys = (d: ResourceDescription): { key: string; field: string; lang: string }[] =>
  RECORD_LANGUAGES.flatMap((lang) =>
    fieldsOfResource(d)
      .filter(([, f]) => f.kind === 'translated')
      .map(([field]) => ({ key: `${field}_${lang}`, field, lang })),
  );

/** In the CSV export and import (default true). */
export const exported = (f: FieldDescription): boolean => f.exported ?? true;

/** The most characters a field of a text kind takes (email: 254; country: 2; choice: 64; reference: 64). */
export const maxLength = (f: FieldDescription): number => kindOf(f).maxLength(f);

/** May the field be left empty (free text and images always; a line, email, country … marked optional)? */
export const mayBeEmpty = (f: FieldDescription): boolean => kindOf(f).mayBeEmpty(f);

/** The empty value of a field: what the add page starts with and what a column added later holds. */
export const emptyValue = (f: FieldDescription): FieldValue => kindOf(f).empty(f);

/**
 * May this person do a react-admin action on a described resource's records: 'delete' by its delete level; 'create',
 * 'edit' and 'clone' by its edit level (each with the read level too); anything else (list, show, export) by its read
 * level. The browser's mirror of
 * the server's checks (server/routes/described.ts); deny by default.
 */
export function mayActOnResource(user: RoleFlags | null | undefined, d: ResourceDescription, action: string): boolean {
  return mayOnResource(
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

/**
 * May the list be sorted by this field (a column header)? A kind with an order held in one short value (a line, an
 * email, a country, a choice, a yes/no, a number, a date), and a translated line (in the reader's language). Free text,
 * lists and references are not (a reference would sort by its id, not by what the reader sees).
 */
export const listSortable = (f: FieldDescription): boolean =>
  (kindOf(f).sortable && f.kind !== 'reference') || (f.kind === 'translated' && f.as !== 'text');

/** The fields a list may be sorted by (listSortable), in order. */
export const sortFieldsOf = (d: ResourceDescription): string[] =>
  fieldsOfResource(d)
    .filter(([, f]) => listSortable(f))
    .map(([k]) => k);

/** The query parameters every described list reads besides its filters (routes/described.ts). */
export const LIST_PARAMETERS = ['limit', 'after', 'q', 'sort', 'order', 'lang'] as const;

/**
 * How a list may be narrowed by a field (react-admin's filters): a choice and a yes/no by value (`tone=calm,dark`,
 * `done=true`), a reference by the id it points to (`supplier=<id>`), a references field by any of the ids it holds
 * (`fabrics=<id>,<id>`), a number or a date by a range (`price_gte`,
 * `price_lte`, either or both). None for the others, nor for a field named like a list's own parameter.
 */
export type RecordFilter =
  | { field: string; kind: 'choice'; param: string }
  | { field: string; kind: 'choices'; param: string }
  | { field: string; kind: 'boolean'; param: string }
  | { field: string; kind: 'reference'; param: string }
  | { field: string; kind: 'references'; param: string }
  | { field: string; kind: 'range'; gte: string; lte: string };

export function filtersOf(d: ResourceDescription): RecordFilter[] {
  const taken = new Set<string>([...LIST_PARAMETERS, d.search]);
  const out: RecordFilter[] = [];
  for (const [field, f] of fieldsOfResource(d)) {
    if (taken.has(field)) continue;
    if (
      f.kind === 'choice' ||
      f.kind === 'choices' ||
      f.kind === 'boolean' ||
      f.kind === 'reference' ||
      f.kind === 'references'
    )
      out.push({ field, kind: f.kind, param: field });
    else if (['integer', 'number', 'date', 'datetime'].includes(f.kind))
      out.push({ field, kind: 'range', gte: `${field}_gte`, lte: `${field}_lte` });
  }
  return out;
}

/** Each query parameter of a resource's filters (`missing` where the description marks missing texts). */
export const filterParamsOf = (d: ResourceDescription): string[] => [
  ...filtersOf(d).flatMap((x) => (x.kind === 'range' ? [x.gte, x.lte] : [x.param])),
  ...(d.missing ? ['missing'] : []),
];

/**
 * The catalogue languages a record lacks some text in, with the translated fields missing in each: the English written
 * and that language's empty (what `missing` marks and filters).
 */
export function missingTexts(d: ResourceDescription, rec: Readonly<Record<string, unknown>>): [string, string[]][] {
  const translated = fieldsOfResource(d).filter(([, f]) => f.kind === 'translated');
  const texts = (rec.translations ?? {}) as RecordTranslations;
  return RECORD_LANGUAGES.map((lang): [string, string[]] => [
    lang,
    translated.filter(([k]) => typeof rec[k] === 'string' && rec[k] !== '' && !texts[lang]?.[k]).map(([k]) => k),
  ]).filter(([, fields]) => fields.length > 0);
}

/** What a saved view of a described list may hold: its search, its order and each of its filters' parameters. */
export const viewKeysOf = (d: ResourceDescription): string[] => [
  ...(hasSearch(d) ? ['q'] : []),
  'sort',
  'order',
  ...filterParamsOf(d),
];

/** The fields a scheduled change may set (`schedule`), in the description's order; none without the line. */
export const scheduledFieldsOf = (d: ResourceDescription): [string, FieldDescription][] =>
  fieldsOfResource(d).filter(([k]) => (d.schedule ?? []).includes(k));
