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
          `The table does not match its description: ${list.join('; ')}. Change the column with a migration, or the field's kind back.`,
        );
      }
      const missing = fields.filter(([k]) => !existing.has(k));
      // All or none: a unique index that cannot be made (the rows would share the empty value) leaves no column behind.
      if (missing.length > 0) {
        await db.transaction().execute(async (trx) => {
          for (const [k, f] of missing) {
            await trx.schema
              .alterTable(r.name)
              .addColumn(k, TYPES[COLUMN_OF[f.kind]], (c) => c.notNull().defaultTo(defaultOf(f)))
              .execute();
            if (!f.unique) continue;
            try {
              await trx.schema.createIndex(`${r.name}_${k}_unique`).unique().on(r.name).column(k).execute();
            } catch (err) {
              throw new Error(
                `${r.name}.${k}: a unique field added to a table that has records needs a migration that fills it (${String(err)})`,
                { cause: err },
              );
            }
          }
        });
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
