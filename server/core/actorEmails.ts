import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Each entry with the email of the account that made it (`actorEmail`), read in one query for the page, so an admin
 * can tell the account behind a name anyone may give themselves. For admins' answers only (routes decide).
 */
export async function withActorEmails<E extends { actor: string | null }>(
  db: Kysely<Database>,
  entries: E[],
): Promise<(E & { actorEmail?: string })[]> {
  const ids = [...new Set(entries.flatMap((e) => (e.actor ? [e.actor] : [])))];
  if (ids.length === 0) return entries;
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
  const emails = new Map(rows.map((r) => [r.id, r.email]));
  return entries.map((e) => {
    const email = e.actor ? emails.get(e.actor) : undefined;
    return email === undefined ? e : { ...e, actorEmail: email };
  });
}
