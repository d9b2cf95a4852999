import { sql, type Kysely } from 'kysely';
import type { FieldDescription } from '../../domain/resourceDescription.js';
import { kindOf } from '../../domain/fieldKinds.js';
import { fieldSchema } from '../../domain/recordSchemas.js';
import { textOf } from '../../domain/translate.js';
import {
  addSortIndex,
  addUnique,
  columnsOf,
  dropSortIndexes,
  hasIndex,
  isPostgres,
  sortIndex,
  sortIndexName,
  uniqueIndex,
} from './tableIndexes.js';

// A field whose kind changes how its value is held (an integer made a number with a decimal, a date made a line):
// `npm run resources` writes a migration that carries every record's value over when no value can be lost on the way
// (conversionOf), and stops, saying what to write, when one could. The migration checks each carried value against
// the field's new rule and fails as a whole, naming the record, when one does not pass: one column never holds two
// scales, and a start whose columns are held otherwise than their descriptions say stops (checkDescribedTables).

/** How a column's values are held, as a migration's step records it (describedTables.ts's ColumnStep). */
export interface HeldColumn {
  type: 'text' | 'integer' | 'bigint';
  default: string | number;
  stored: string;
  unique?: boolean;
}

/** One column's values carried from one held form to another: plain data in a generated migration's step. */
export interface Conversion {
  from: HeldColumn;
  to: HeldColumn;
  /** The field as described when the migration was written: every value carried over must pass its rule. */
  field: FieldDescription;
}

type Carry = (v: unknown) => unknown;
const decimalsOf = (stored: string): number | undefined => {
  const m = /^number:(\d)$/.exec(stored);
  return m ? Number(m[1]) : undefined;
};
const scaled = (d: number): { there: Carry; back: Carry } => ({
  there: (v) => Number(v) * 10 ** d,
  back: (v) => Number(v) / 10 ** d,
});
const kept: { there: Carry; back: Carry } = { there: (v) => v, back: (v) => v };

/**
 * How a value held as `from` is held as `to`, and back, when every value can be carried over whole (an integer as
 * a number with decimals, a number with more decimals, a yes/no as 0 or 1, a date or a number as a line, one choice
 * as several); undefined when some could not be (fewer decimals, a line as a number).
 */
export function conversionOf(from: string, to: string): { there: Carry; back: Carry } | undefined {
  const dFrom = decimalsOf(from);
  const dTo = decimalsOf(to);
  if (from === 'integer' && dTo !== undefined) return scaled(dTo);
  if (dFrom !== undefined && dTo !== undefined && dTo > dFrom) return scaled(dTo - dFrom);
  if (from === 'boolean' && to === 'integer') return kept;
  if ((from === 'date' || from === 'datetime') && to === 'text') return kept;
  if (from === 'integer' && to === 'text') return { there: (v) => String(Number(v)), back: (v) => Number(v) };
  if (dFrom !== undefined && to === 'text')
    return { there: (v) => String(Number(v) / 10 ** dFrom), back: (v) => Math.round(Number(v) * 10 ** dFrom) };
  if (from === 'text' && to === 'choices')
    return {
      there: (v) => JSON.stringify(v === '' || v === null ? [] : [String(v)]),
      back: (v) => (JSON.parse(String(v ?? '[]')) as string[])[0] ?? '',
    };
  return undefined;
}

/** Why the generator writes no migration for a kind whose values could not all be carried over, and what to write. */
export const kindChangeRefusal = (table: string, column: string, from: string, to: string, file: string): string =>
  `${table}.${column} is held as ${from}, its description says ${to}, and not every value held as ${from} can be ` +
  `held as ${to} without losing some: put its kind back in ${file}, or describe a new field beside it (with its ` +
  `fill), copy the values over yourself and drop this one with npm run resources -- --drop ${table}.${column}`;

/**
 * Carries a column's values over to another held form (`back`: the migration's `down`), on either database: a new
 * column of the new type is filled record by record, each value checked against the field's rule, then takes the
 * old one's place and its indexes. A value that does not pass throws, naming the record: the migration changes
 * nothing (it runs in one transaction).
 */
export async function convertColumn(
  db: Kysely<unknown>,
  table: string,
  column: string,
  c: Conversion,
  back = false,
): Promise<void> {
  const carry = conversionOf(c.from.stored, c.to.stored);
  if (!carry) throw new Error(`${table}.${column}: no conversion from ${c.from.stored} to ${c.to.stored}`);
  const to = back ? c.from : c.to;
  const existing = await columnsOf(db, isPostgres(db), table);
  if (!existing.has(column)) return;
  const temp = `${column}__converted`;
  await db.schema
    .alterTable(table)
    .addColumn(temp, to.type, (b) => b.notNull().defaultTo(to.default))
    .execute();
  const rows = await sql<{
    id: string;
    v: unknown;
  }>`select id, ${sql.ref(column)} as v from ${sql.table(table)}`.execute(db);
  const schema = fieldSchema(c.field);
  for (const row of rows.rows) {
    const value = (back ? carry.back : carry.there)(row.v);
    const whole = to.type === 'text' || Number.isInteger(value);
    if (back && (!whole || String(carry.there(value)) !== String(row.v)))
      throw new Error(
        `${table}.${column}: the record ${row.id} holds ${String(row.v)} as ${c.to.stored}, which has no place in ` +
          `${c.from.stored}, so no value was converted back`,
      );
    if (!back) {
      const read = kindOf(c.field).fromStored(c.field, value);
      const checked = schema.safeParse(read);
      if (!checked.success) {
        const why = textOf(checked.error.issues[0]?.message ?? '', 'en');
        throw new Error(
          `${table}.${column}: the record ${row.id} holds ${JSON.stringify(read)}, which a ${c.field.kind} field ` +
            `described so cannot hold (${why}), so no value was converted: take this migration out and put the ` +
            'description back, change that record, and run npm run resources again',
        );
      }
    }
    const held = value as string | number;
    await sql`update ${sql.table(table)} set ${sql.ref(temp)} = ${held} where id = ${row.id}`.execute(db);
  }
  const unique = await hasIndex(db, table, uniqueIndex(table, column));
  const listed = await hasIndex(db, table, sortIndex(table, column));
  const sorted = await hasIndex(db, table, sortIndexName(table, { field: column, text: true }));
  await db.schema.dropIndex(uniqueIndex(table, column)).ifExists().execute();
  await db.schema.dropIndex(sortIndex(table, column)).ifExists().execute();
  await dropSortIndexes(db, table, column);
  await db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema.alterTable(table).renameColumn(temp, column).execute();
  if (unique) await addUnique(db, table, column);
  if (listed) await db.schema.createIndex(sortIndex(table, column)).on(table).columns([column, 'id']).execute();
  if (sorted) await addSortIndex(db, table, { field: column, text: to.type === 'text' });
}
