import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * What a kept session depends on, each with the column naming its user: the session row, the identity library's
 * account and our user record. Any update or delete of one of them bumps that user's generation.
 */
const WATCHED = [
  ['auth_session', 'userId'],
  ['auth_user', 'id'],
  ['users', 'id'],
] as const;

/**
 * Per-user generation numbers kept by the database itself (docs/decisions.md, "Kept sessions"): triggers bump a
 * user's number in the same transaction as any change to their sessions, account or record, whoever writes it
 * (a route, the identity library, the CLI, another instance). Made after the identity library's tables exist, so
 * not a migration; safe to run on every start.
 */
export async function installGenerations(db: Db): Promise<void> {
  if (db.dialect === 'postgres') {
    await db.kysely.transaction().execute(async (trx) => {
      // Two instances starting at once on one database make these one after the other.
      await sql`select pg_advisory_xact_lock(7310421)`.execute(trx);
      await sql`create table if not exists session_generations (uid text primary key, gen integer not null)`.execute(
        trx,
      );
      await sql`create or replace function bump_session_generation() returns trigger language plpgsql as $$
        begin
          insert into session_generations (uid, gen) values (to_jsonb(old) ->> tg_argv[0], 1)
            on conflict (uid) do update set gen = session_generations.gen + 1;
          return null;
        end $$`.execute(trx);
      for (const [table, column] of WATCHED) {
        await sql`create or replace trigger ${sql.raw(`${table}_session_generation`)}
          after update or delete on ${sql.table(table)}
          for each row execute function bump_session_generation(${sql.lit(column)})`.execute(trx);
      }
    });
    return;
  }
  const k = db.kysely;
  await sql`create table if not exists session_generations (uid text primary key, gen integer not null)`.execute(k);
  for (const [table, column] of WATCHED) {
    for (const event of ['update', 'delete']) {
      await sql`create trigger if not exists ${sql.raw(`${table}_session_generation_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          insert into session_generations (uid, gen) values (old.${sql.ref(column)}, 1)
            on conflict (uid) do update set gen = gen + 1;
        end`.execute(k);
    }
  }
}

/** A user's generation now: 0 until their sessions, account or record first change. */
export const GENERATION_SQL = 'select coalesce((select gen from session_generations where uid = ?), 0) as gen';
