import { sql, PostgresAdapter, type Kysely } from 'kysely';

const postgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The change history: one row per recorded change, written in the same transaction as the change. `seq` is a
 * database sequence, so entries of one record come in the order their changes committed (a product's edits hold its
 * row lock until commit), and it is the keyset of every page (newest first). `diff` is JSON {field: [old, new]}.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const seq = postgres(db)
    ? sql`seq bigint generated always as identity primary key`
    : sql`seq integer primary key autoincrement`;
  await sql`create table history (
    ${seq},
    at text not null,
    actor text,
    actor_name text not null,
    kind text not null,
    resource text,
    record_id text not null,
    action text not null,
    diff text not null
  )`.execute(db);
  // One record's history, newest first.
  await db.schema.createIndex('history_record').on('history').columns(['kind', 'record_id', 'seq']).execute();
  // The Activity page's filters: by person, by kind, by date (and the daily prune by date).
  await db.schema.createIndex('history_actor').on('history').columns(['actor', 'seq']).execute();
  await db.schema.createIndex('history_kind').on('history').columns(['kind', 'seq']).execute();
  await db.schema.createIndex('history_at').on('history').columns(['at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('history').execute();
}
