import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { bit, now } from '../db/index.js';
import { AnyViewParams, MAX_VIEWS, type SavedView } from '../../domain/views.js';
import { DomainError, isUniqueViolation } from './errors.js';
import { said } from '../../domain/translate.js';

// Saved views of a list (the products' and each described resource's with `views: true`): preferences, not catalogue
// data, so they keep no history and announce nothing. Which parameters a view may hold is its list's (routes/views.ts
// checks them as the list does).

/** A view to save: its list, its name, its parameters (already checked against its list) and whether it is shared. */
export interface ViewInput {
  resource: string;
  name: string;
  params: Record<string, string>;
  shared: boolean;
}

/** The caller's own views of one list, then those others shared, each by name. */
export async function listViews(db: Kysely<Database>, uid: string, resource: string): Promise<SavedView[]> {
  const rows = await db
    .selectFrom('saved_views as v')
    .leftJoin('users as u', 'u.id', 'v.owner')
    .select(['v.id', 'v.owner', 'v.name', 'v.params', 'v.shared', 'v.created', 'u.first_name', 'u.last_name'])
    .where('v.resource', '=', resource)
    .where((eb) => eb.or([eb('v.owner', '=', uid), eb('v.shared', '=', 1)]))
    .orderBy('v.name')
    .orderBy('v.id')
    .execute();
  const views = rows.map((r) => {
    // Read defensively: what a row holds is checked again, so a bad row shows as no filters rather than breaking the
    // sidebar.
    const params = AnyViewParams.safeParse(JSON.parse(r.params));
    return {
      id: r.id,
      resource,
      name: r.name,
      params: params.success ? params.data : {},
      shared: Boolean(r.shared),
      mine: r.owner === uid,
      ownerName: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
      created: r.created,
    };
  });
  return [...views.filter((v) => v.mine), ...views.filter((v) => !v.mine)];
}

/**
 * Saves a view for `uid`; a name they already use, or more than MAX_VIEWS of their own, is refused, also when many are
 * saved at the same moment.
 */
export async function createView(db: Kysely<Database>, uid: string, input: ViewInput): Promise<SavedView> {
  const row = {
    id: randomUUID(),
    owner: uid,
    resource: input.resource,
    name: input.name,
    params: JSON.stringify(input.params),
    shared: bit(input.shared),
    created: now(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      // Count and insert one save of a person at a time: on PostgreSQL their users row is locked until the commit (40
      // saves at once left 31–35 without it); SQLite's one writer runs the transactions one after another.
      if (trx.getExecutor().adapter instanceof PostgresAdapter)
        await trx.selectFrom('users').select('id').where('id', '=', uid).forUpdate().execute();
      const { n } = await trx
        .selectFrom('saved_views')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('owner', '=', uid)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_VIEWS) throw new DomainError('validation', said('views.tooMany', { max: MAX_VIEWS }));
      await trx.insertInto('saved_views').values(row).execute();
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new DomainError('conflict', said('views.duplicate'), [{ path: '/name', message: said('views.duplicate') }]);
    throw err;
  }
  const [view] = (await listViews(db, uid, input.resource)).filter((v) => v.id === row.id);
  return view!;
}

/**
 * Removes a view: its owner may, and an admin may remove a shared one (a shared view nobody wants any more). Another
 * person's private view is not found for anyone but its owner (nobody else sees it in the list), an admin included;
 * nor is a view of a list the actor may not read (`mayRead`).
 */
export async function deleteView(
  db: Kysely<Database>,
  actor: { uid: string; isAdmin: boolean },
  id: string,
  mayRead: (resource: string) => boolean,
): Promise<void> {
  const view = await db
    .selectFrom('saved_views')
    .select(['owner', 'shared', 'resource'])
    .where('id', '=', id)
    .executeTakeFirst();
  const mine = view?.owner === actor.uid;
  if (!view || (!mine && !view.shared) || !mayRead(view.resource))
    throw new DomainError('not_found', said('views.notFound'));
  if (!mine && !actor.isAdmin) throw new DomainError('forbidden', said('views.notYours'));
  await db.deleteFrom('saved_views').where('id', '=', id).execute();
}
