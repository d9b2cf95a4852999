import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readRows } from '../db/read.js';
import { BULK_MAX, type ProductIds } from '../../domain/productBulk.js';
import { productDescription } from '../../domain/productFields.js';
import { activeTooEarly } from '../../domain/schedule.js';
import { said } from '../../domain/translate.js';
import type { BulkTarget } from './bulk.js';
import { recordBulk } from './described.js';
import { productConditions, rarestWord, type ProductFilter } from './productSearch.js';

/**
 * The products list's bulk edit: the engine's for a described resource (core/described.ts, recordBulk: any field its
 * kind sets in bulk, a reference checked to point to a record), with the products' own history, named by SKU; making
 * active a product whose 'Active from' is still to come is refused, as an edit is (domain/schedule.ts), and one already
 * active keeps its status as it is.
 */
export const productBulk: BulkTarget = {
  ...recordBulk(productDescription),
  owner: { kind: 'product', resource: null },
  label: { column: 'sku', key: 'sku' },
  extra: ['active_from'],
  refuse: (r, values, at) =>
    values.active === true &&
    !r.active &&
    activeTooEarly({ active: true, activeFrom: r.active_from as string | null, activeUntil: null }, at)
      ? said('schedule.notYet')
      : undefined,
  notFound: said('bulk.notFound'),
};

/**
 * The id and version of every product a search and filters match, in the list's order, up to BULK_MAX: what 'Select
 * all N matching' selects. The same conditions as the list (core/productSearch.ts), read without the rows' texts;
 * PostgreSQL looks the rarest word up in the trigram index, SQLite in products_fts when it has at most BULK_MAX
 * matches.
 */
export async function listProductIds(db: Kysely<Database>, filter: ProductFilter): Promise<ProductIds> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const lookedUp = postgres ? (await rarestWord(db, filter, 1000)).word : undefined;
  const c = await productConditions(db, filter, BULK_MAX, lookedUp);
  const where = c.where.length > 0 ? `where ${c.where.join(' and ')} ` : '';
  const rows = await readRows<{ id: string; version: number }>(
    db,
    `select id, version from products ${where}order by sku desc, id desc limit ?`,
    [...c.params, BULK_MAX + 1],
    c.planned,
  );
  return {
    items: rows.slice(0, BULK_MAX).map((r) => ({ id: r.id, version: Number(r.version) })),
    more: rows.length > BULK_MAX,
  };
}
