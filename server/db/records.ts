import { sql, type Kysely } from 'kysely';
import {
  COLUMN_OF,
  emptyValue,
  type FieldColumn,
  type FieldDescription,
  type RecordsDescription,
} from '../../domain/records.js';
import { bit, type Dialect } from './index.js';

/** The column type each stored form is made with, and the types a table may show for it (lower case). */
const TYPES = { text: 'text', boolean: 'integer', integer: 'bigint' } as const satisfies Record<FieldColumn, string>;
const SEEN: Record<FieldColumn, readonly string[]> = {
  text: ['text'],
  boolean: ['integer'],
  integer: ['bigint', 'integer'],
};

/** The columns of a table and their types, lower case; empty when it has none (it does not exist). */
async function columnsOf(db: Kysely<unknown>, dialect: Dialect, table: string): Promise<Map<string, string>> {
  const rows =
    dialect === 'postgres'
      ? (
          await sql<{
            name: string;
            type: string;
          }>`select column_name as name, data_type as type from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db)
        ).rows
      : (await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db))
          .rows;
  return new Map(rows.map((r) => [r.name, r.type.toLowerCase()]));
}

/** A column's default for the rows a table already has when a field is added: its kind's empty value. */
function defaultOf(f: FieldDescription): string | number {
  const v = emptyValue(f);
  return typeof v === 'boolean' ? bit(v) : v;
}

/**
 * Makes each simple resource's table from its description when it has none: id, version, its fields (unique ones with
 * a unique index), times and authors, and an index for its list's order. When the table exists, compares it with the
 * description: a field added to the description since gets its column (NOT NULL, its kind's empty value in the rows
 * there are, a unique index if unique); a column whose type is not its field's stops the start, naming it. Columns
 * no field names any more are left alone (their data stays; removing one is a migration's decision).
 */
export async function ensureRecordsTables(
  db: Kysely<unknown>,
  dialect: Dialect,
  resources: readonly RecordsDescription[],
): Promise<void> {
  // One transaction, all or nothing (a unique index that cannot be made leaves no column behind); on PostgreSQL under
  // a lock, so instances starting together on one database do it one after the other (two `create table if not
  // exists` at once collide in PostgreSQL's catalogue), each later one seeing what the first made.
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${RECORDS_LOCK})`.execute(trx);
    await ensureIn(trx, dialect, resources);
  });
}

/**
 * The key of the PostgreSQL advisory lock held while the resources' tables are compared and made (any fixed number).
 */
const RECORDS_LOCK = 72_611_002;

async function ensureIn(
  db: Kysely<unknown>,
  dialect: Dialect,
  resources: readonly RecordsDescription[],
): Promise<void> {
  for (const r of resources) {
    const fields = Object.entries(r.fields) as [string, FieldDescription][];
    const existing = await columnsOf(db, dialect, r.name);
    if (existing.size === 0) {
      let table = db.schema
        .createTable(r.name)
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull());
      for (const [k, f] of fields)
        table = table.addColumn(k, TYPES[COLUMN_OF[f.kind]], (c) => (f.unique ? c.notNull().unique() : c.notNull()));
      await table
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('updated', 'text')
        .addColumn('created_by', 'text')
        .addColumn('updated_by', 'text')
        .execute();
    } else {
      const wrong = fields.filter(([k, f]) => existing.has(k) && !SEEN[COLUMN_OF[f.kind]].includes(existing.get(k)!));
      if (wrong.length > 0) {
        const list = wrong.map(
          ([k, f]) =>
            `${r.name}.${k} is ${existing.get(k)}, its description says ${f.kind} (${TYPES[COLUMN_OF[f.kind]]})`,
        );
        throw new Error(
          `The table does not match its description: ${list.join('; ')}. ` +
            `Change the column with a migration, or the field's kind back.`,
        );
      }
      const missing = fields.filter(([k]) => !existing.has(k));
      for (const [k, f] of missing) {
        await db.schema
          .alterTable(r.name)
          .addColumn(k, TYPES[COLUMN_OF[f.kind]], (c) => c.notNull().defaultTo(defaultOf(f)))
          .execute();
        if (!f.unique) continue;
        try {
          await db.schema.createIndex(`${r.name}_${k}_unique`).unique().on(r.name).column(k).execute();
        } catch (err) {
          // The rows there are would share the empty value: the whole transaction goes, the column with it.
          throw new Error(
            `${r.name}.${k}: a unique field added to a table that has ` +
              `records needs a migration that fills it (${String(err)})`,
            { cause: err },
          );
        }
      }
    }
    await db.schema
      .createIndex(`${r.name}_by_${r.sort.field}`)
      .ifNotExists()
      .on(r.name)
      .columns([r.sort.field, 'id'])
      .execute();
  }
}
