import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { RecordsDescription } from '../../domain/records.js';
import { said } from '../../domain/translate.js';
import { DomainError } from './errors.js';
import { commit } from './commit.js';
import { diffOf } from './history.js';
import { getProduct, historyValues } from './products.js';
import { assertNotPointedTo } from './records.js';

/**
 * Deletes a product, as the engine deletes a described resource's record (core/records.ts, deleteRecord): only if
 * nobody saved since `version`, only when no record of a described resource points to it, its history entry keeping
 * every value it had (Activity names it by its SKU), announced as an update is (webhooks, the live lists, the
 * storefront's caches). Its images are left to the sweep (core/files.ts), which keeps only images a product names.
 * Only reached when the products' description has `access.delete` (routes/products.ts).
 */
export async function deleteProduct(
  db: Kysely<Database>,
  all: readonly RecordsDescription[],
  actor: { uid: string },
  id: string,
  version: number,
): Promise<void> {
  const current = await getProduct(db, id);
  const stale = () => new DomainError('conflict', said('products.stale'), { current: current.version });
  if (current.version !== version) throw stale();
  await assertNotPointedTo(db, 'products', all, id);
  await commit(db, actor.uid, async (trx) => {
    const res = await trx.deleteFrom('products').where('id', '=', id).where('version', '=', version).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw stale();
    return {
      value: undefined,
      history: [{ kind: 'product', recordId: id, action: 'deleted', diff: diffOf(historyValues(current), {}) }],
      announce: [{ kind: 'product', id, version: version + 1, actor: actor.uid }],
    };
  });
}
