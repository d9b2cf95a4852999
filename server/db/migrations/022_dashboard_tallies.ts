import { sql, PostgresAdapter, type Kysely } from 'kysely';

const postgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The dashboard's kept counts (server/core/dashboard.ts), so a request reads a few dozen rows instead of 100,000
 * index entries:
 * - `products_tally`: products by (active, category, untranslated, scheduled), scheduled being 1 when either schedule
 *   time is set (the products list's 'Scheduled' filter);
 * - `history_tally`: history entries by UTC day, kind and actor (with the actor's latest name), a bulk edit's summary
 *   line not counted (its products' own entries are), for the chart of changes per day.
 * Both are kept by triggers on the counted tables, so they move in the transaction of the change that moves them,
 * whatever the writer (a route's commit(), undo, import, bulk edit, the scheduler, the history prune, the move):
 * SQLite's row triggers; PostgreSQL's statement triggers over transition tables (one grouped upsert per statement, so
 * a bulk edit of 10,000 products adds one statement, not 10,000), and TRUNCATE empties the tally too (the move's copy).
 * A row whose count falls to 0 stays (a few dozen at most); readers skip it. Replaces products_counts (021).
 */
const PRODUCT_GROUP = 'active, category, untranslated, scheduled';
const scheduled = (r: string): string =>
  `case when coalesce(${r}.active_from, '') > '' or coalesce(${r}.active_until, '') > '' then 1 else 0 end`;
const HISTORY_GROUP = 'day, kind, actor';
// The day as UTC 'YYYY-MM-DD' (at is ISO-8601 UTC text); '' for the operator's command line (no actor).
const historyRow = (r: string): string =>
  `substr(${r}.at, 1, 10) as day, ${r}.kind as kind, coalesce(${r}.actor, '') as actor, ${r}.actor_name as actor_name`;
const COUNTED = "action not in ('bulkChanged', 'bulkUndone')";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table products_tally (
    active integer not null, category text not null, untranslated text not null,
    scheduled integer not null, n bigint not null, primary key (active, category, untranslated, scheduled))`.execute(
    db,
  );
  await sql`create table history_tally (
    day varchar(10) not null, kind text not null, actor text not null, actor_name text not null,
    n bigint not null, primary key (day, kind, actor))`.execute(db);
  await sql
    .raw(
      `insert into products_tally (${PRODUCT_GROUP}, n)
      select active, category, untranslated, ${scheduled('p')}, count(*) from products p
      group by active, category, untranslated, ${scheduled('p')}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into history_tally (${HISTORY_GROUP}, actor_name, n)
      select day, kind, actor, max(actor_name), count(*) from (select ${historyRow('h')} from history h
      where ${COUNTED}) x group by day, kind, actor`,
    )
    .execute(db);
  if (postgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await db.schema.dropIndex('products_counts').ifExists().execute();
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const add = (r: string, by: string): string => `
    insert or ignore into products_tally (${PRODUCT_GROUP}, n)
      values (${r}.active, ${r}.category, ${r}.untranslated, ${scheduled(r)}, 0);
    update products_tally set n = n ${by} 1 where active = ${r}.active and category = ${r}.category
      and untranslated = ${r}.untranslated and scheduled = ${scheduled(r)};`;
  const same = (f: string) => `old.${f} is new.${f}`;
  await sql
    .raw(`create trigger products_tally_insert after insert on products begin ${add('new', '+')} end`)
    .execute(db);
  await sql
    .raw(`create trigger products_tally_delete after delete on products begin ${add('old', '-')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger products_tally_update after update of active, category, untranslated, active_from, active_until
      on products when not (${same('active')} and ${same('category')} and ${same('untranslated')}
        and ${scheduled('old')} = ${scheduled('new')})
      begin ${add('old', '-')} ${add('new', '+')} end`,
    )
    .execute(db);
  const day = (r: string) => `substr(${r}.at, 1, 10)`;
  await sql
    .raw(
      `create trigger history_tally_insert after insert on history when new.${COUNTED} begin
        insert or ignore into history_tally (${HISTORY_GROUP}, actor_name, n)
          values (${day('new')}, new.kind, coalesce(new.actor, ''), new.actor_name, 0);
        update history_tally set n = n + 1, actor_name = new.actor_name
          where day = ${day('new')} and kind = new.kind and actor = coalesce(new.actor, '');
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger history_tally_delete after delete on history when old.${COUNTED} begin
        update history_tally set n = n - 1
          where day = ${day('old')} and kind = old.kind and actor = coalesce(old.actor, '');
      end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // Each statement's rows, grouped, added (+1 a new row, -1 an old one) in one upsert; groups that net to 0 skipped.
  const products = (rows: string): string => `
    insert into products_tally (${PRODUCT_GROUP}, n)
      select active, category, untranslated, scheduled, sum(d) from (${rows}) x
      group by active, category, untranslated, scheduled having sum(d) <> 0
      order by active, category, untranslated, scheduled
    on conflict (${PRODUCT_GROUP}) do update set n = products_tally.n + excluded.n;`;
  const productRow = (t: string, d: number): string =>
    `select active, category, untranslated, ${scheduled('r')} as scheduled, ${d} as d from ${t} r`;
  const history = (rows: string): string => `
    insert into history_tally (${HISTORY_GROUP}, actor_name, n)
      select day, kind, actor, max(actor_name), sum(d) from (${rows}) x
      group by day, kind, actor having sum(d) <> 0 order by day, kind, actor
    on conflict (${HISTORY_GROUP}) do update set n = history_tally.n + excluded.n,
      actor_name = case when excluded.n > 0 then excluded.actor_name else history_tally.actor_name end;`;
  const historyRows = (t: string, d: number): string =>
    `select ${historyRow('h')}, ${d} as d from ${t} h where ${COUNTED}`;
  const fn = async (name: string, body: string): Promise<void> => {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
      .execute(db);
  };
  await fn('products_tally_insert', products(productRow('new_rows', 1)));
  await fn('products_tally_delete', products(productRow('old_rows', -1)));
  await fn('products_tally_update', products(`${productRow('new_rows', 1)} union all ${productRow('old_rows', -1)}`));
  await fn('products_tally_truncate', 'delete from products_tally;');
  await fn('history_tally_insert', history(historyRows('new_rows', 1)));
  await fn('history_tally_delete', history(historyRows('old_rows', -1)));
  await fn('history_tally_truncate', 'delete from history_tally;');
  for (const [table, event, ref] of [
    ['products', 'insert', 'new table as new_rows'],
    ['products', 'delete', 'old table as old_rows'],
    ['products', 'update', 'old table as old_rows new table as new_rows'],
    ['history', 'insert', 'new table as new_rows'],
    ['history', 'delete', 'old table as old_rows'],
  ] as const)
    await sql
      .raw(
        `create trigger ${table}_tally_${event} after ${event} on ${table} referencing ${ref}
        for each statement execute function ${table}_tally_${event}()`,
      )
      .execute(db);
  for (const table of ['products', 'history'])
    await sql
      .raw(
        `create trigger ${table}_tally_truncate after truncate on ${table}
        for each statement execute function ${table}_tally_truncate()`,
      )
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['products_tally', 'history_tally']) {
    const table = t.replace('_tally', '');
    for (const e of ['insert', 'delete', 'update', 'truncate'])
      await sql.raw(`drop trigger if exists ${t}_${e}${postgres(db) ? ` on ${table}` : ''}`).execute(db);
    if (postgres(db))
      for (const e of ['insert', 'delete', 'update', 'truncate'])
        await sql.raw(`drop function if exists ${t}_${e}()`).execute(db);
    await sql.raw(`drop table ${t}`).execute(db);
  }
  await db.schema
    .createIndex('products_counts')
    .on('products')
    .columns(['active', 'category', 'untranslated'])
    .execute();
}
