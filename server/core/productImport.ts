import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProductsTable } from '../db/schema.js';
import { chunks, now } from '../db/index.js';
import { checkProductRow, type ImportResult, type ImportRowIn, type ImportValues } from '../../domain/productImport.js';
import { DomainError, isUniqueViolation } from './errors.js';
import type { Outcome } from './commit.js';
import { existingIds, runImport } from './recordImport.js';
import { planRows, type ImportTarget, type PlannedRow } from '../../domain/recordImport.js';
import type { Change } from './events.js';
import { keyOf, unstoredKeys } from './files.js';
import { diffOf, type NewEntry } from './history.js';
import { historyValues, productColumns, toProduct } from './products.js';
import type { Product } from '../../domain/products.js';
import {
  EDITABLE_PRODUCT_FIELDS,
  flatTranslations,
  mergeTranslations,
  productDescription,
  TRANSLATED_FIELDS,
  type Translations,
} from '../../domain/productFields.js';
import { activeTooEarly } from '../../domain/schedule.js';
import { referencesOf } from '../../domain/resourceDescription.js';
import { said } from '../../domain/translate.js';

type Row = Selectable<ProductsTable>;

/** The fields a row sets on an existing product (images are left as they are). */
const IMPORTED = EDITABLE_PRODUCT_FIELDS.filter((f) => f.kind !== 'images');

/**
 * What an existing product becomes with a row's values: its imported fields, its translations merged with the row's.
 */
interface Update {
  current: Row;
  /** `current` as the API shapes it (read once, for the changes and the history). */
  product: Product;
  values: ImportValues;
  translations: Translations;
}

/**
 * The columns a row sets on an existing product: its fields, and its whole translations with what search and filter
 * read.
 */
const imported = (u: Update): Record<string, unknown> =>
  productColumns({
    ...Object.fromEntries(IMPORTED.map((f) => [f.key, u.values[f.key]])),
    sku: u.current.sku,
    translations: u.translations,
  });

/** The fields (and translated texts, by flat key) an existing product would change to take a row's values. */
function changesOf(p: Product, v: ImportValues, translations: Translations): string[] {
  const before = flatTranslations(p.translations);
  const after = flatTranslations(translations);
  return [
    ...IMPORTED.filter((f) => p[f.key] !== v[f.key]).map((f) => f.key),
    ...TRANSLATED_FIELDS.filter((tf) => before[tf.key] !== after[tf.key]).map((tf) => tf.key),
  ];
}

/** A stored product as the import reads it: its row, and the row as the API shapes it (for changes and history). */
interface Stored {
  row: Row;
  product: Product;
}

/**
 * Products' part in the engine's import (planRows): rows name their product by SKU (an unknown one is a new product),
 * checked by add and edit's rules; a new product needs an image, and only finished uploads; an existing one keeps its
 * images and the translated texts of columns the file leaves out, and is not made active before its 'Active from'.
 */
function productTarget(db: Kysely<Database>): ImportTarget<Stored> {
  const isNew = (p: PlannedRow<Stored>): boolean => p.values.sku !== undefined && !p.current;
  return {
    key: 'sku',
    check: (cells) => checkProductRow(cells),
    keyOf: (_cells, values) => (values.sku as string | undefined) ?? '',
    sameKey: (line) => said('csv.duplicateInFile', { line }),
    read: async (skus) => {
      const out = new Map<string, Stored>();
      for (const part of chunks(skus))
        for (const row of await db.selectFrom('products').selectAll().where('sku', 'in', part).execute())
          out.set(row.sku, { row, product: toProduct(row) });
      return out;
    },
    refusals: async (rows) => {
      // A new product may only point at finished uploads, as in add product.
      const unstored = await unstoredKeys(
        db,
        rows.flatMap((p) => (isNew(p) ? ((p.values.images as string[] | undefined) ?? []) : [])),
      );
      // A reference names a record there is, as in add and edit (core/pointers.ts): looked up once per resource.
      const named = (field: string) =>
        rows.map((p) => p.values[field]).filter((v): v is string => typeof v === 'string' && v !== '');
      const there = new Map<string, Set<string>>();
      for (const { field, to } of referencesOf(productDescription))
        there.set(field, await existingIds(db, to, [...new Set(named(field))]));
      const at = now();
      return (p) => {
        for (const [field, ids] of there) {
          const v = p.values[field];
          if (typeof v === 'string' && v !== '' && !ids.has(v))
            p.errors.push({ field, message: said('records.noSuchReference') });
        }
        const images = p.values.images as string[] | undefined;
        if (isNew(p) && images) {
          if (images.length === 0) p.errors.push({ field: 'images', message: said('images.mustAdd') });
          else if (images.some((a) => unstored.has(keyOf(a))))
            p.errors.push({ field: 'images', message: said('uploads.unfinished') });
        }
        // Made active while its 'Active from' is still to come: refused, as an edit is (domain/schedule.ts).
        const product = p.current?.product;
        const early = { active: true, activeFrom: product?.activeFrom ?? null, activeUntil: null };
        if (p.errors.length === 0 && product && p.values.active && !product.active && activeTooEarly(early, at))
          p.errors.push({ field: 'active', message: said('schedule.notYet') });
      };
    },
    changes: ({ product }, values) =>
      changesOf(product, values as ImportValues, mergeTranslations(product.translations, values.translations as never)),
  };
}

/** The plan with each row named by its SKU, as the import page reads it. */
async function plan(db: Kysely<Database>, rows: readonly ImportRowIn[]) {
  const { result, work } = await planRows(productTarget(db), rows);
  return { result: { ...result, rows: result.rows.map(({ key, ...row }) => ({ ...row, sku: key })) }, work };
}
type Work = Awaited<ReturnType<typeof plan>>['work'];

/** Writes a plan: new products in batches, each change only if nobody saved that product since it was read. */
async function write(
  trx: Kysely<Database>,
  actor: { uid: string },
  work: Work,
): Promise<Omit<Outcome<never>, 'value'>> {
  const at = now();
  const creates = work.flatMap((w) => (w.current ? [] : [w.values as ImportValues]));
  const updates = work.flatMap(({ current, values }): Update[] => {
    if (!current) return [];
    const v = values as ImportValues;
    const translations = mergeTranslations(current.product.translations, v.translations);
    return [{ current: current.row, product: current.product, values: v, translations }];
  });
  const events: Change[] = [];
  const entries: NewEntry[] = [];
  for (const part of chunks(creates)) {
    const rows = part.map((v) => ({
      id: randomUUID(),
      ...productColumns({ ...v, translations: mergeTranslations({}, v.translations) }),
      version: 1,
      created: at,
      updated: null,
      created_by: actor.uid,
      updated_by: null,
    })) as Row[];
    await trx.insertInto('products').values(rows).execute();
    for (const r of rows) {
      events.push({ kind: 'product', id: r.id, version: 1, actor: actor.uid, created: true });
      entries.push({
        kind: 'product',
        recordId: r.id,
        action: 'created',
        diff: diffOf({}, historyValues(toProduct(r))),
      });
    }
  }
  // Each changed row is matched by id and the version it was read at: fewer updated rows than sent means someone saved
  // one of them meanwhile, and the whole import is undone. PostgreSQL takes 500 rows a statement (a VALUES list joined
  // on id), saving a round trip per row; SQLite runs one prepared statement per row, which it does in microseconds,
  // where a join with a VALUES list scans the whole table (docs/decisions.md, "Applying an import's changed rows").
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  for (const part of chunks(updates)) {
    let updated = 0;
    if (postgres) {
      const sets = part.map(imported);
      const columns = Object.keys(sets[0]!);
      const values = sql.join(
        part.map(({ current: c }, k) => {
          // A number (a flag) is cast: VALUES would otherwise type the parameter as text.
          const cells = columns.map((col) =>
            typeof sets[k]![col] === 'number' ? sql`cast(${sets[k]![col]} as integer)` : sql`${sets[k]![col]}`,
          );
          return sql`(${c.id}, cast(${c.version} as integer), ${sql.join(cells)})`;
        }),
      );
      const assigned = sql.join(columns.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`));
      const res = await sql`with v (id, version, ${sql.join(columns.map((c) => sql.ref(c)))}) as (values ${values})
        update products set ${assigned}, version = products.version + 1, updated = ${at}, updated_by = ${actor.uid}
        from v where products.id = v.id and products.version = v.version`.execute(trx);
      updated = Number(res.numAffectedRows ?? 0);
    } else {
      for (const u of part) {
        const c = u.current;
        const set = Object.entries(imported(u)).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
        const res = await sql`update products set ${sql.join(set)}, version = version + 1, updated = ${at},
            updated_by = ${actor.uid}
          where id = ${c.id} and version = ${c.version}`.execute(trx);
        updated += Number(res.numAffectedRows ?? 0);
      }
    }
    if (updated !== part.length) throw new DomainError('conflict', said('csv.changedMeanwhile'));
  }
  for (const { current, product, values: v, translations } of updates) {
    events.push({ kind: 'product', id: current.id, version: current.version + 1, actor: actor.uid });
    const after: Product = { ...product, ...Object.fromEntries(IMPORTED.map((f) => [f.key, v[f.key]])), translations };
    entries.push({
      kind: 'product',
      recordId: current.id,
      action: 'changed',
      diff: diffOf(historyValues(product), historyValues(after)),
    });
  }
  // In the import's own transaction: every row and its entry, or nothing; announced as one batch once committed.
  return { history: entries, announce: events };
}

/**
 * Products from CSV rows (editors). `apply` false answers what each row would do and writes nothing; `apply` true
 * checks again and writes every row in one transaction, or nothing when any row has an error. Rows that update an
 * existing SKU leave its images as they are, and the translated texts of any column the file leaves out.
 */
export const importProducts = (
  db: Kysely<Database>,
  actor: { uid: string },
  rows: readonly ImportRowIn[],
  apply: boolean,
): Promise<ImportResult> =>
  runImport(
    db,
    actor,
    apply,
    (d) => plan(d, rows),
    (trx, work) => write(trx, actor, work),
    // Someone added one of the new SKUs between the check and the write: the unique index decides, nothing is kept.
    isUniqueViolation,
  );
