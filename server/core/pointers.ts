import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readRows } from '../db/read.js';
import { fieldsOfResource, type ResourceDescription } from '../../domain/resourceDescription.js';
import { said } from '../../domain/translate.js';
import { DomainError } from './errors.js';
import { keyOf, unstoredKeys } from './files.js';

// What a record points to, checked on add and edit of a described resource's record and of a product.

const refusal = (field: string, message: ReturnType<typeof said>) => [{ path: `/${field}`, message }];

/** Refuses a reference to a record that does not exist, and image addresses that are not finished uploads. */
export async function assertPointers(
  db: Kysely<Database>,
  r: ResourceDescription,
  values: Record<string, unknown>,
): Promise<void> {
  for (const [k, spec] of fieldsOfResource(r)) {
    const v = values[k];
    if (spec.kind === 'reference' && typeof v === 'string' && v !== '') {
      const [hit] = await readRows<{ id: string }>(db, `select id from "${spec.to}" where id = ?`, [v]);
      if (!hit)
        throw new DomainError(
          'validation',
          said('records.noSuchReference'),
          refusal(k, said('records.noSuchReference')),
        );
    }
    if (spec.kind === 'images' && Array.isArray(v) && v.length > 0) {
      const unstored = await unstoredKeys(db, v as string[]);
      const missing = (v as string[]).map(keyOf).filter((key) => unstored.has(key));
      if (missing.length > 0) throw new DomainError('validation', said('uploads.unfinished'), { missing });
    }
  }
}
