import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readRows } from '../db/read.js';
import type { TranslatedLanguage } from '../../domain/productFields.js';
import { searchWordsOf } from '../../domain/searchFold.js';

// How the products list's search box and filters become SQL, on each database (docs/decisions.md, "Partial-name
// search at a million products").

/**
 * What the products list may be narrowed to: words found anywhere in the name (in any catalogue language) or SKU, the
 * engine's filters by field (a category, a status, any field its description adds: core/described.ts,
 * filterConditionsOf), a language some translated text is missing in.
 */
export interface ProductFilter {
  q?: string;
  /** The filters by field as conditions, and the fields they read. */
  fields?: { where: readonly string[]; params: readonly unknown[]; fields: readonly string[] };
  missing?: TranslatedLanguage;
  /** Only products with a scheduled time not yet applied (migration 012). */
  scheduled?: boolean;
}

const likeEscaped = (w: string): string => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// Every word is tested on one text (migration 008): every language's name and the SKU, folded by the server (lower
// case, no accents, migration 020). A word holds no space, so it is found in this text exactly when it is found in a
// name or the SKU.
const LIKE_WORD = "search_text like ? escape '\\'";
const PG_WORD = LIKE_WORD;
// The same test written so that the trigram index cannot serve it, for a word too short to have trigrams: in the
// index condition, such a word made PostgreSQL read the whole index (docs/decisions.md).
const PG_FILTER = 'strpos(search_text, ?) > 0';
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
 * SQLite's words of a search as conditions. The searched text and the words are folded alike (lower case, no accents:
 * the server folds both, domain/searchFold.ts), so a word can be matched with LIKE as well as with the index: only the
 * rarest word is looked up in the index, when it has at most `cap` matches: those few rows are fetched and sorted, the
 * other words checked on each. When every word is common, the page is read down the SKU index, checking each row, and
 * stops at the page's end.
 */
async function sqliteWords(
  db: Kysely<Database>,
  words: string[],
  cap: number,
): Promise<{ where: string[]; params: unknown[]; walk?: true }> {
  const long = words.filter(indexed);
  const like = (ws: string[]) => ({ where: ws.map(() => LIKE_WORD), params: ws.map(likeEscaped), walk: true as const });
  if (long.length === 0) return like(words);
  const counts = await Promise.all(long.map((w) => matchesUpTo(db, w, cap)));
  const rarest = counts.indexOf(Math.min(...counts));
  if (counts[rarest]! > cap) return like(words);
  const others = like(words.filter((w) => w !== long[rarest]));
  return { where: [FTS_WORDS, ...others.where], params: [ftsPhrase([long[rarest]!]), ...others.params] };
}

/**
 * PostgreSQL's words of a search as conditions: only `lookedUp` (a word of three or more characters) is written so
 * that the trigram index can serve it; every other word is a plain test on each row. A short word has no trigrams
 * (in the index condition it made PostgreSQL read the whole index), and a common word's long trigram lists cost more
 * to read than testing the rows the rare word finds (docs/decisions.md).
 */
function postgresWords(
  words: string[],
  lookedUp: string | undefined,
): { where: string[]; params: unknown[]; walk?: true } {
  const i = lookedUp === undefined ? -1 : words.indexOf(lookedUp);
  return {
    where: words.map((_, k) => (k === i ? PG_WORD : PG_FILTER)),
    params: words.map((w, k) => (k === i ? likeEscaped(w) : w)),
  };
}

/**
 * PostgreSQL: of the words the trigram index can serve, the one found least often among the newest `rows` products
 * (the rows a search walks first), the longest on a tie, and whether even that one is common (in more than one of a
 * hundred of those rows): one cheap read down products_search_walk, without reading the table, instead of counting
 * in the index, where a common word's count reads its whole trigram lists.
 */
export async function rarestWord(
  db: Kysely<Database>,
  filter: ProductFilter,
  rows: number,
): Promise<{ word: string | undefined; common: boolean }> {
  const long = searchWords(filter).filter(indexed);
  if (long.length === 0) return { word: undefined, common: true };
  const counts = long.map((_, k) => `count(*) filter (where strpos(t, ?) > 0) as c${k}`).join(', ');
  const sql = `select ${counts} from (select search_text as t from products order by sku desc, id desc limit ?) w`;
  const [r] = await readRows<Record<string, number | string>>(db, sql, [...long, rows]);
  const n = long.map((_, k) => Number(r?.[`c${k}`] ?? 0));
  const best = long.reduce(
    (b, w, k) => (n[k]! < n[b]! || (n[k] === n[b] && [...w].length > [...long[b]!].length) ? k : b),
    0,
  );
  return { word: long[best], common: n[best]! * 100 > rows };
}

// Folded as the stored text is (domain/searchFold.ts): 'orngott' finds 'Örngott'.
const searchWords = (filter: ProductFilter): string[] => searchWordsOf(filter.q);

/**
 * The conditions of a filter, with `?` placeholders, their values in order, and how to read the page. `walk`: read
 * down the covering SKU index products_search_walk, finding each row by this column (SQLite: when every word is
 * common; PostgreSQL: whenever there is a condition). `walkFirst` (PostgreSQL, a word the trigram index can serve):
 * test the first `cap` rows down that index, and if they do not fill the page, gather the matches of `lookedUp`.
 */
export async function productConditions(
  db: Kysely<Database>,
  filter: ProductFilter,
  cap: number,
  lookedUp?: string,
): Promise<{
  where: string[];
  params: unknown[];
  planned: 'kept' | 'each';
  walk: 'rowid' | 'id' | null;
  walkFirst: boolean;
}> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const words = searchWords(filter);
  const { where, params, walk } = postgres ? postgresWords(words, lookedUp) : await sqliteWords(db, words, cap);
  if (filter.fields) {
    where.push(...filter.fields.where);
    params.push(...filter.fields.params);
  }
  if (filter.missing !== undefined) {
    // The languages a product misses some text in, as ',se,' (migration 008).
    where.push('untranslated like ?');
    params.push(`%,${filter.missing},%`);
  }
  if (filter.scheduled) where.push('(active_from is not null or active_until is not null)');
  const by = postgres ? (where.length > 0 ? 'id' : null) : walk === true ? 'rowid' : null;
  return {
    where,
    params,
    planned: words.length > 0 ? 'each' : 'kept',
    walk: by,
    walkFirst: postgres && words.some(indexed),
  };
}
