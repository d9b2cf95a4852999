import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductsTable } from '../db/schema.js';
import { fromStored, toStored } from '../db/describedTables.js';
import { readPage, readRows } from '../db/read.js';
import type { Product, ProductCreate, ProductUpdate } from '../../domain/products.js';
import { emptyValue, fieldsOfResource } from '../../domain/resourceDescription.js';
import { historyValues as recordHistoryValues } from '../../domain/recordHistory.js';
import type { HistoryValue } from '../../domain/history.js';
import {
  mergeTranslations,
  missingLanguages,
  productDescription,
  TRANSLATED_LANGUAGES,
  translatedText,
  type ProductFieldKey,
  type Translations,
} from '../../domain/productFields.js';
import { foldSearch } from '../../domain/searchFold.js';
import { DomainError, isUniqueViolation } from './errors.js';
import { checkSchedule } from './productSchedule.js';
import { thumbnailOf } from './files.js';
import { assertPointers } from './pointers.js';
import { versionedCreate, versionedUpdate, type VersionedTarget } from './versionedUpdate.js';
import { GATHER_CAP, productConditions, rarestWord, type ProductFilter } from './productSearch.js';
import { said } from '../../domain/translate.js';

export { GATHER_CAP } from './productSearch.js';

type Row = Selectable<ProductsTable>;

/**
 * How many rows down the SKU index a PostgreSQL search tests before it picks a way: common words fill a page within
 * a few hundred rows, and a search that gathers pays for these rows first (docs/decisions.md).
 */
const WALK_FIRST = 1000;
/**
 * PostgreSQL: how many times `WALK_FIRST` a search goes on walking when the first rows held a match but did not fill
 * the page (a word with three digits: about one match in a thousand rows); past that, gathering costs less.
 */
const WALK_FURTHER = 15;
/** What products_search_walk holds (migration 008's columns): all a PostgreSQL search tests on each row. */
const WALK_COLUMNS = 'id, sku, search_text, category, active, untranslated';
/** The fields among them a filter by field may read. */
const WALK_FIELDS: ReadonlySet<string> = new Set(['category', 'active']);

/**
 * The columns a product's described fields are stored in (images also set the primary image). The name and
 * `translations` (the product's whole set, see mergeTranslations) go together: they also make what the search and the
 * list's filter read.
 */
export function productColumns(
  values: Partial<Record<ProductFieldKey, unknown>> & { translations?: Translations },
): Partial<Row> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of fieldsOfResource(productDescription)) {
    const v = values[key as ProductFieldKey];
    if (v === undefined) continue;
    out[key] = toStored(f, v);
    if (f.kind === 'images') out.primary_image = (v as string[])[0] ?? null;
  }
  const t = values.translations;
  if (t !== undefined || values.name !== undefined) {
    // The search's text (migrations 008, 020): every language's name and the SKU, folded (lower case, no accents).
    if (t === undefined || typeof values.name !== 'string' || typeof values.sku !== 'string') {
      throw new Error('productColumns: the name, the SKU and the translations are written together');
    }
    out.translations = JSON.stringify(t);
    out.search_text = foldSearch(
      [values.name, ...TRANSLATED_LANGUAGES.map((lang) => translatedText(t, lang, 'name')), values.sku]
        .filter(Boolean)
        .join(' '),
    );
    const missing = missingLanguages(t);
    out.untranslated = missing.length > 0 ? `,${missing.join(',')},` : '';
  }
  return out as Partial<Row>;
}

/** The products' fields, listed once: toProduct runs for every row of every answer. */
const PRODUCT_FIELDS = fieldsOfResource(productDescription);

/** A products row as the API shapes it. */
export function toProduct(r: Row): Product {
  const row = r as unknown as Record<string, unknown>;
  const stored: Record<string, unknown> = {};
  for (const [key, f] of PRODUCT_FIELDS) stored[key] = fromStored(f, row[key]);
  const fields = stored as Pick<Product, ProductFieldKey>;
  return {
    id: r.id,
    ...fields,
    translations: JSON.parse(r.translations) as Translations,
    thumbnails: fields.images.map(thumbnailOf),
    primary: r.primary_image,
    activeFrom: r.active_from ?? null,
    activeUntil: r.active_until ?? null,
    version: r.version,
    created: r.created,
    updated: r.updated,
  };
}

/**
 * A product's fields as its history records them: the engine's (domain/recordHistory.ts), with the scheduled times
 * only when set (one applied or cleared shows as cleared).
 */
export const historyValues = (p: Product): Record<string, HistoryValue> =>
  recordHistoryValues(productDescription, p as unknown as Record<string, unknown>, ['activeFrom', 'activeUntil']);

export type { ProductFilter } from './productSearch.js';

/**
 * One page of products, newest SKU first (sku descending, then id), after an optional cursor, narrowed by a filter.
 * Every word of `q` must appear in the name or the SKU, in any case. SQLite looks words of three or more characters
 * up in the trigram index (products_fts) and shorter ones with LIKE; PostgreSQL matches on lower(), which its pg_trgm
 * index serves (migration 006) for the rarest word only. No filter is the plain keyset read.
 */
export async function listProducts(
  db: Kysely<Database>,
  opts: { limit: number; after: { key: string; id: string } | null },
  filter: ProductFilter = {},
  cap = GATHER_CAP,
): Promise<{ items: Product[]; more: boolean }> {
  const page = { table: 'products', key: 'sku', order: 'desc' } as const;
  const conditions = await productConditions(db, filter, cap);
  // The page's rows found down the covering index products_search_walk (SQLite: migration 006, by rowid; PostgreSQL:
  // 007, by id): each row is tested without reading it, then only the page's rows are read.
  const walked = async (column: 'rowid' | 'id', walk: Parameters<typeof readPage>[4]): Promise<Row[]> => {
    const keys = await readPage<Record<string, unknown>>(db, page, opts.after, opts.limit, walk, column);
    const marks = keys.map(() => '?').join(', ');
    return keys.length === 0
      ? []
      : readRows<Row>(
          db,
          `select * from products where ${column} in (${marks}) order by sku desc, id desc`,
          keys.map((k) => k[column]),
        );
  };
  let rows: Row[];
  if (conditions.walkFirst) {
    // PostgreSQL (docs/decisions.md, "Partial-name search at a million products"): common words fill the page within
    // the first `WALK_FIRST` rows down the SKU index (`cap`, when fewer, lets the tests force each way). Otherwise, if
    // even the rarest word is common the walk goes on to the page's end. If those rows held a match but too few, the
    // next are likely near: the walk goes `WALK_FURTHER` times as far. Failing that, the rarest word's matches are
    // gathered through the trigram index, tested for the other words and sorted.
    const first = Math.min(cap, WALK_FIRST);
    // The scheduled times and most fields are not in the covering index: read only when filtered on.
    const scanColumns = [
      WALK_COLUMNS,
      ...(filter.scheduled ? ['active_from, active_until'] : []),
      ...(filter.fields?.fields ?? []).filter((f) => !WALK_FIELDS.has(f)).map((f) => `"${f}"`),
    ].join(', ');
    const walk = (scanFirst?: number) => walked('id', { ...conditions, scanFirst, scanColumns });
    rows = first > 0 ? await walk(first) : [];
    if (rows.length <= opts.limit) {
      const rarest = await rarestWord(db, filter, Math.max(first, 1));
      if (rarest.common && first > 0) {
        rows = await walk();
      } else {
        if (rows.length > 0) rows = await walk(first * WALK_FURTHER);
        if (rows.length <= opts.limit) {
          rows = await readPage<Row>(db, page, opts.after, opts.limit, {
            ...(await productConditions(db, filter, cap, rarest.word)),
            sortMatches: true,
          });
        }
      }
    }
  } else if (conditions.walk) {
    // SQLite's common words, or PostgreSQL's words too short for the trigram index or only a category or status.
    rows = await walked(conditions.walk, conditions);
  } else {
    rows = await readPage<Row>(db, page, opts.after, opts.limit, conditions);
  }
  return { items: rows.slice(0, opts.limit).map(toProduct), more: rows.length > opts.limit };
}

/** The product with exactly this SKU, or null (no partial matches). */
export async function findProductBySku(db: Kysely<Database>, sku: string): Promise<Product | null> {
  const [r] = await readRows<Row>(db, 'select * from products where sku = ?', [sku.trim()]);
  return r ? toProduct(r) : null;
}

/** The product with this id; 'No products' when there is none. */
export async function getProduct(db: Kysely<Database>, id: string): Promise<Product> {
  const [r] = await readRows<Row>(db, 'select * from products where id = ?', [id]);
  if (!r) throw new DomainError('not_found', said('products.notFound'));
  return toProduct(r);
}

/** Add product; a duplicate SKU is refused with a clear message. */
export async function createProduct(
  db: Kysely<Database>,
  actor: { uid: string },
  input: ProductCreate,
): Promise<Product> {
  // Its images finished uploads, its references to records there are (as a described resource's).
  await assertPointers(db, productDescription, input);
  if (await findProductBySku(db, input.sku)) throw new DomainError('conflict', said('products.duplicateSku'));
  const { activeFrom, activeUntil, ...fields } = input;
  const columns = (at: string): Row =>
    ({
      ...productColumns({
        // A field left out (an optional one) holds its kind's empty value.
        ...Object.fromEntries(fieldsOfResource(productDescription).map(([k, f]) => [k, emptyValue(f)])),
        ...fields,
        sku: input.sku.trim(),
        translations: mergeTranslations({}, input.translations),
      }),
      ...checkSchedule({}, { active: fields.active, activeFrom, activeUntil }, at),
    }) as Row;
  try {
    return await versionedCreate(db, productEdit, actor, columns, (row) => toProduct(row as Row));
  } catch (err) {
    // Two editors adding the same SKU at once: the unique index decides.
    if (isUniqueViolation(err)) throw new DomainError('conflict', said('products.duplicateSku'));
    throw err;
  }
}

/**
 * Edit product, only if nobody saved since `version` (versionedUpdate, as every described resource's edit); the SKU
 * cannot change, a schedule is checked, and the name and translations write the search's text with them.
 */
export async function updateProduct(
  db: Kysely<Database>,
  actor: { uid: string },
  id: string,
  version: number,
  input: ProductUpdate & { sku?: string },
): Promise<Product> {
  const { sku, activeFrom, activeUntil, ...changes } = input;
  return versionedUpdate(db, productEdit, actor, id, version, async (trx, current, at) => {
    if (sku !== undefined && sku.trim() !== current.sku)
      throw new DomainError('validation', said('products.skuLocked'));
    const schedule = checkSchedule(current, { active: changes.active, activeFrom, activeUntil }, at);
    await assertPointers(trx, productDescription, changes);
    const named = changes.name !== undefined || changes.translations !== undefined;
    const texts = named
      ? {
          name: changes.name ?? current.name,
          sku: current.sku,
          translations: mergeTranslations(current.translations, changes.translations),
        }
      : {};
    return { ...productColumns({ ...changes, ...texts }), ...schedule };
  });
}

/** What products' create, edit and delete are to the shared versioned create, update and delete. */
export const productEdit: VersionedTarget<Product> = {
  table: 'products',
  owner: { kind: 'product', resource: null },
  read: getProduct,
  stored: (p) => ({
    ...productColumns({ ...p, translations: mergeTranslations(p.translations, undefined) }),
    active_from: p.activeFrom,
    active_until: p.activeUntil,
  }),
  historyValues,
  stale: said('products.stale'),
};
