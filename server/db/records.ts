import type { Kysely } from 'kysely';
import type { RecordsResource } from '../../domain/records.js';

const TYPES = { text: 'text', boolean: 'integer', integer: 'bigint' } as const;

/**
 * Makes the table of each simple resource that does not have one yet, from its description: id, version, its
 * fields (unique ones with a unique index), times and authors, and an index for its list's order. Runs at every start
 * and changes nothing that exists; a later change to a resource's table is a migration like any other.
 */
export async function ensureRecordsTables(db: Kysely<unknown>, resources: readonly RecordsResource[]): Promise<void> {
  for (const r of resources) {
    let table = db.schema
      .createTable(r.name)
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull());
    for (const [k, spec] of Object.entries(r.fields)) {
      table = table.addColumn(k, TYPES[spec.column], (c) => (spec.unique ? c.notNull().unique() : c.notNull()));
    }
    await table
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('updated', 'text')
      .addColumn('created_by', 'text')
      .addColumn('updated_by', 'text')
      .execute();
    await db.schema.createIndex(`${r.name}_by_${r.sort.field}`).ifNotExists().on(r.name).columns([r.sort.field, 'id']).execute();
  }
}
