import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import type { Database, ProductsTable } from '../db/schema.js';
import { bit, now } from '../db/index.js';
import { readPage, readRows } from '../db/read.js';
import type { Product, ProductCreate, ProductUpdate } from '../../domain/products.js';
import { messages } from '../../domain/messages.js';
import { DomainError, isUniqueViolation } from './errors.js';
import { changed } from './events.js';
import { keyOf, thumbnailOf, unstoredKeys } from './files.js';
import { diffOf, inTransaction, record } from './history.js';

type Row = Selectable<ProductsTable>;

/** A products row as the API shapes it. */
export function toProduct(r: Row): Product {
  const images = JSON.parse(r.images) as string[];
  return {
    id: r.id,
    sku: r.sku,
    category: r.category as Product['category'],
    mc: r.mc as Product['mc'],
    name: r.name,
    details: r.details,
    price: r.price,
    active: Boolean(r.active),
    images,
    thumbnails: images.map(thumbnailOf),
    primary: r.primary_image,
    version: r.version,
    created: r.created,
    updated: r.updated,
  };
}

/** A product's fields as its history records them (images as their addresses, in order). */
export const historyValues = (p: Product): Record<string, string | boolean | string[]> => ({
  name: p.name,
  category: p.category,
  mc: p.mc,
  price: p.price,
  details: p.details,
  active: p.active,
  images: p.images,
});

/** What the products list may be narrowed to: words found anywhere in the name or SKU, a category, a status. */
export interface ProductFilter {
  q?: string;
  category?: string;
  active?: boolean;
}

const likeEscaped = (w: string): string => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const LIKE_WORD = "(lower(name) like ? escape '\\' or lower(sku) like ? escape '\\')";
// PostgreSQL: the same test on the text its trigram index holds (migration 006); a word holds no space.
const PG_WORD = "lower(name || ' ' || sku) like ? escape '\\'";
const FTS_WORDS = 'rowid in (select rowid from products_fts where products_fts match ?)';
const ftsPhrase = (words: string[]): string => words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');

/** A word searched through the trigram index: three characters or more (SQLite's trigram tokenizer needs three). */
const indexed = (w: string): boolean => [...w].length >= 3;

/**
 * Above this many index matches for its rarest word, a search walks the SKU index instead of gathering and sorting
 * every match (docs/decisions.md, "Partial-name search at a million products").
 */
export const GATHER_CAP = 2000;

/** How many products the trigram index finds for one word, counted only up to `cap + 1`. */
async function matchesUpTo(db: Kysely<Database>, word: string, cap: number): Promise<number> {
  const sql = 'select count(*) as n from (select 1 from products_fts where products_fts match ? limit ?)';
  const [r] = await readRows<{ n: number }>(db, sql, [ftsPhrase([word]), cap + 1]);
  return Number(r?.n ?? 0);
}

/**
 * SQLite's words of a search as conditions. Every word of ASCII text can be matched with LIKE as well as with the
 * index (both ignore ASCII case), so only the rarest word is looked up in the index, when it has at most `cap`
 * matches: those few rows are fetched and sorted, the other words checked on each. When every word is common, the
 * page is read down the SKU index, checking each row, and stops at the page's end. A word with other letters keeps the
 * single index lookup, whose Unicode case folding LIKE lacks.
 */
async function sqliteWords(db: Kysely<Database>, words: string[], cap: number): Promise<{ where: string[]; params: unknown[]; walk?: true }> {
  const long = words.filter(indexed);
  const like = (ws: string[]) => ({ where: ws.map(() => LIKE_WORD), params: ws.flatMap((w) => [likeEscaped(w), likeEscaped(w)]), walk: true as const });
  if (long.length === 0) return like(words);
  if (!long.every((w) => /^[\x20-\x7e]*$/.test(w))) {
    const short = like(words.filter((w) => !indexed(w)));
    return { where: [FTS_WORDS, ...short.where], params: [ftsPhrase(long), ...short.params] };
  }
  const counts = await Promise.all(long.map((w) => matchesUpTo(db, w, cap)));
  const rarest = counts.indexOf(Math.min(...counts));
  if (counts[rarest]! > cap) return like(words);
  const others = like(words.filter((w) => w !== long[rarest]));
  return { where: [FTS_WORDS, ...others.where], params: [ftsPhrase([long[rarest]!]), ...others.params] };
}

/** The conditions of a filter, with `?` placeholders, and their values in order. */
async function productConditions(
  db: Kysely<Database>,
  filter: ProductFilter,
  cap: number,
): Promise<{ where: string[]; params: unknown[]; planned: 'kept' | 'each'; walk: boolean }> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const words = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const { where, params, walk } = postgres
    ? { where: words.map(() => PG_WORD), params: words.map(likeEscaped) }
    : await sqliteWords(db, words, cap);
  if (filter.category !== undefined) {
    where.push('category = ?');
    params.push(filter.category);
  }
  if (filter.active !== undefined) {
    where.push('active = ?');
    params.push(filter.active ? 1 : 0);
  }
  return { where, params, planned: words.length > 0 ? 'each' : 'kept', walk: walk === true };
}

/**
 * One page of products, newest SKU first (sku descending, then id), after an optional cursor, narrowed by a filter.
 * Every word of `q` must appear in the name or the SKU, in any case. SQLite looks words of three or more characters
 * up in the trigram index (products_fts) and shorter ones with LIKE; PostgreSQL matches on lower(), which its pg_trgm
 * indexes serve (migration 003). No filter is the plain keyset read.
 */
export async function listProducts(
  db: Kysely<Database>,
  opts: { limit: number; after: { key: string; id: string } | null },
  filter: ProductFilter = {},
  cap = GATHER_CAP,
): Promise<{ items: Product[]; more: boolean }> {
  const page = { table: 'products', key: 'sku', order: 'desc' } as const;
  const conditions = await productConditions(db, filter, cap);
  let rows: Row[];
  if (conditions.walk) {
    // Down the covering index (migration 006): each row is checked without reading it; then only the page is read.
    const keys = await readPage<{ rowid: number }>(db, page, opts.after, opts.limit, conditions, 'rowid');
    const marks = keys.map(() => '?').join(', ');
    rows = keys.length === 0 ? [] : await readRows<Row>(db, `select * from products where rowid in (${marks}) order by sku desc, id desc`, keys.map((k) => k.rowid));
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
  if (!r) throw new DomainError('not_found', messages.products.notFound);
  return toProduct(r);
}

/** Refuses image addresses that are not finished uploads. */
async function assertStored(db: Kysely<Database>, images: string[]): Promise<void> {
  const unstored = await unstoredKeys(db, images);
  const missing = images.map(keyOf).filter((k) => unstored.has(k));
  if (missing.length > 0) throw new DomainError('validation', messages.uploads.unfinished, { missing });
}

/** Add product; a duplicate SKU is refused with a clear message. */
export async function createProduct(db: Kysely<Database>, actor: { uid: string }, input: ProductCreate): Promise<Product> {
  await assertStored(db, input.images);
  if (await findProductBySku(db, input.sku)) throw new DomainError('conflict', messages.products.duplicateSku);
  const row: Row = {
    id: randomUUID(),
    sku: input.sku.trim(),
    category: input.category,
    mc: input.mc,
    name: input.name,
    details: input.details,
    price: input.price,
    active: bit(input.active),
    images: JSON.stringify(input.images),
    primary_image: input.images[0] ?? null,
    version: 1,
    created: now(),
    updated: null,
    created_by: actor.uid,
    updated_by: null,
  };
  const product = toProduct(row);
  try {
    // The product and its history entry commit together or not at all.
    await inTransaction(db, async (trx) => {
      await trx.insertInto('products').values(row).execute();
      await record(trx, actor.uid, [{ kind: 'product', recordId: row.id, action: 'created', diff: diffOf({ sku: null }, { sku: row.sku, ...historyValues(product) }) }]);
    });
  } catch (err) {
    // Two editors adding the same SKU at once: the unique index decides.
    if (isUniqueViolation(err)) throw new DomainError('conflict', messages.products.duplicateSku);
    throw err;
  }
  await changed(db, { kind: 'product', id: row.id, version: row.version, actor: actor.uid, created: true });
  return product;
}

/** Edit product, only if nobody saved since `version`; the SKU cannot change. */
export async function updateProduct(
  db: Kysely<Database>,
  actor: { uid: string },
  id: string,
  version: number,
  input: ProductUpdate & { sku?: string },
): Promise<Product> {
  const product = await inTransaction(db, async (trx) => {
    const current = await getProduct(trx, id);
    // From the version the editor loaded only, so the recorded difference is against what they saw.
    if (current.version !== version) throw new DomainError('conflict', messages.products.stale, { current: current.version });
    const { sku, ...changes } = input;
    if (sku !== undefined && sku.trim() !== current.sku) throw new DomainError('validation', messages.products.skuLocked);
    if (changes.images) await assertStored(trx, changes.images);
    const set: Partial<Row> = { version: version + 1, updated: now(), updated_by: actor.uid };
    if (changes.category !== undefined) set.category = changes.category;
    if (changes.mc !== undefined) set.mc = changes.mc;
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.details !== undefined) set.details = changes.details;
    if (changes.price !== undefined) set.price = changes.price;
    if (changes.active !== undefined) set.active = bit(changes.active);
    if (changes.images !== undefined) {
      set.images = JSON.stringify(changes.images);
      set.primary_image = changes.images[0] ?? null;
    }
    const res = await trx.updateTable('products').set(set).where('id', '=', id).where('version', '=', version).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new DomainError('conflict', messages.products.stale, { current: current.version });
    const next = await getProduct(trx, id);
    await record(trx, actor.uid, [{ kind: 'product', recordId: id, action: 'changed', diff: diffOf(historyValues(current), historyValues(next)) }]);
    return next;
  });
  await changed(db, { kind: 'product', id, version: version + 1, actor: actor.uid });
  return product;
}
