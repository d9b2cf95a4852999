import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';
import { bit, now } from '../db/index.js';
import { readPage, readRows } from '../db/read.js';
import type { MeUpdate, User, UserShow } from '../../domain/users.js';
import { DomainError } from './errors.js';
import { commit, type Outcome } from './commit.js';
import { diffOf } from './history.js';
import { said } from '../../domain/translate.js';

type Row = Selectable<UsersTable>;

/** A users row as the API shapes it. */
export function toUser(r: Row): User {
  return {
    id: r.id,
    uid: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    userType: r.user_type,
    active: Boolean(r.active),
    isAdmin: Boolean(r.is_admin),
    isEditor: Boolean(r.is_editor),
    created: r.created,
    updated: r.updated,
  };
}

/** The User Type column: the highest role a user holds. */
const userType = (u: { isAdmin: boolean; isEditor: boolean }): string =>
  u.isAdmin ? 'admin' : u.isEditor ? 'editor' : 'staff';

/** A person as the users table keeps them: names, email and flags (Register, Add User, the Firebase import). */
export type PersonFields = Pick<User, 'email' | 'firstName' | 'lastName' | 'isAdmin' | 'isEditor' | 'active'>;

/** A person's columns of the users table (email lower-cased, the role columns from the flags). */
export function userColumns(
  u: PersonFields,
): Pick<Row, 'email' | 'first_name' | 'last_name' | 'user_type' | 'active' | 'is_admin' | 'is_editor'> {
  return {
    email: u.email.toLowerCase(),
    first_name: u.firstName,
    last_name: u.lastName,
    user_type: userType(u),
    active: bit(u.active),
    is_admin: bit(u.isAdmin),
    is_editor: bit(u.isEditor),
  };
}

/** The user record with this uid, or null. */
export async function findUser(db: Kysely<Database>, uid: string): Promise<User | null> {
  const [r] = await readRows<Row>(db, 'select * from users where id = ?', [uid]);
  return r ? toUser(r) : null;
}

/** The user record with this email (any case), or null. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | null> {
  const [r] = await readRows<Row>(db, 'select * from users where email = ?', [email.trim().toLowerCase()]);
  return r ? toUser(r) : null;
}

/** A user's fields as their history records them (never a password: it is not in the record). */
const historyValues = (u: User): Record<string, string | boolean> => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  active: u.active,
  isEditor: u.isEditor,
  isAdmin: u.isAdmin,
});

/**
 * Writes the users/{uid} record of the spec's Register call, and its history entry, made by `actor` (null: the CLI).
 */
export async function insertUserRecord(
  db: Kysely<Database>,
  u: PersonFields & { uid: string },
  actor: string | null = null,
): Promise<User> {
  const row: Row = {
    id: u.uid,
    ...userColumns(u),
    created: now(),
    updated: null,
  };
  const user = toUser(row);
  return commit(db, actor, async (trx) => {
    await trx.insertInto('users').values(row).execute();
    return {
      value: user,
      history: [{ kind: 'user', recordId: user.uid, action: 'created', diff: diffOf({}, historyValues(user)) }],
      announce: [{ kind: 'user', id: user.uid, actor, created: true }],
    };
  });
}

/** My Account: updates first and last name and the updated time. */
export async function updateMe(db: Kysely<Database>, uid: string, input: MeUpdate): Promise<User> {
  return commit(db, uid, async (trx) => {
    const before = await findUser(trx, uid);
    const r = await trx
      .updateTable('users')
      .set({ first_name: input.firstName, last_name: input.lastName, updated: now() })
      .where('id', '=', uid)
      .returningAll()
      .executeTakeFirst();
    if (!r || !before) throw new DomainError('not_found', said('account.failure'));
    const after = toUser(r);
    return {
      value: after,
      history: [
        { kind: 'user', recordId: uid, action: 'changed', diff: diffOf(historyValues(before), historyValues(after)) },
      ],
      announce: [{ kind: 'user', id: uid, actor: uid, names: true }],
    };
  });
}

/**
 * Sets any of the active / editor / admin flags, recording the change as `actor`'s (null: the CLI); returns the new
 * record. Announced after commit, so a deactivated user's sessions end (see services.ts), whoever made the change.
 */
export function setFlags(
  db: Kysely<Database>,
  uid: string,
  flags: { active?: boolean; isAdmin?: boolean; isEditor?: boolean },
  actor: string | null = null,
): Promise<User> {
  return commit(db, actor, (trx) => writeFlags(trx, uid, flags, actor));
}

async function writeFlags(
  db: Kysely<Database>,
  uid: string,
  flags: { active?: boolean; isAdmin?: boolean; isEditor?: boolean },
  actor: string | null,
): Promise<Outcome<User>> {
  const current = await findUser(db, uid);
  if (!current) throw new DomainError('not_found', said('errors.notFound'));
  // A flag given as undefined keeps its value (a plain spread would overwrite it with undefined).
  const next = {
    active: flags.active ?? current.active,
    isAdmin: flags.isAdmin ?? current.isAdmin,
    isEditor: flags.isEditor ?? current.isEditor,
  };
  const set: Partial<Row> = {
    updated: now(),
    active: bit(next.active),
    is_admin: bit(next.isAdmin),
    is_editor: bit(next.isEditor),
    user_type: userType(next),
  };
  const r = await db.updateTable('users').set(set).where('id', '=', uid).returningAll().executeTakeFirst();
  if (!r) throw new DomainError('not_found', said('errors.notFound'));
  const user = toUser(r);
  return {
    value: user,
    history: [
      { kind: 'user', recordId: uid, action: 'changed', diff: diffOf(historyValues(current), historyValues(user)) },
    ],
    announce: [
      {
        kind: 'user',
        id: uid,
        actor,
        flags: true,
        ...(current.active && !user.active ? { deactivated: true as const } : {}),
      },
    ],
  };
}

/** How many user records exist. */
export async function countUsers(db: Kysely<Database>): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Which users each `show` is, as a condition on the users table: the list's filter and the dashboard's count read the
 * same words, so a figure is the number of rows its link opens. No second factor: neither an authenticator app (the
 * library's flag) nor a passkey, what REQUIRE_2FA would refuse.
 */
export const USERS_SHOWN: Record<UserShow, string> = {
  active: 'active = 1',
  inactive: 'active = 0',
  admins: 'active = 1 and is_admin = 1',
  editors: 'active = 1 and is_editor = 1',
  noSecondFactor: `active = 1
    and exists (select 1 from auth_user a where a."id" = users."id" and not coalesce(a."twoFactorEnabled", false))
    and not exists (select 1 from auth_passkey p where p."userId" = users."id")`,
};

/** One page of users, oldest first (created ascending, then id), after an optional cursor; `show` narrows it. */
export async function listUsers(
  db: Kysely<Database>,
  opts: { limit: number; after: { key: string; id: string } | null; filter?: { show?: UserShow } },
): Promise<{ items: User[]; more: boolean }> {
  const show = opts.filter?.show;
  const rows = await readPage<Row>(
    db,
    { table: 'users', key: 'created', order: 'asc' },
    opts.after,
    opts.limit,
    show === undefined ? undefined : { where: [`(${USERS_SHOWN[show]})`], params: [] },
  );
  return { items: rows.slice(0, opts.limit).map(toUser), more: rows.length > opts.limit };
}

/** The newest users (created descending): the users store's action, for the admin's dashboard card. */
export async function newestUsers(db: Kysely<Database>, limit: number): Promise<User[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toUser);
}

/**
 * A change of a user's flags by an admin (actor) or the operator's CLI (actor null), refusing changes that would
 * lock the shop out: demoting or deactivating yourself, or the last active admin. `force` (CLI only) overrides the
 * last-admin guard for an operator who means it.
 */
export async function changeFlags(
  db: Kysely<Database>,
  actor: { uid: string } | null,
  uid: string,
  flags: { active?: boolean; isAdmin?: boolean; isEditor?: boolean },
  opts: { force?: boolean } = {},
): Promise<{ user: User; deactivated: boolean }> {
  return commit(db, actor?.uid ?? null, async (trx) => {
    const target = await findUser(trx, uid);
    if (!target) throw new DomainError('not_found', said('users.notFound'));
    if (uid === actor?.uid && flags.isAdmin === false) throw new DomainError('forbidden', said('users.selfDemote'));
    if (uid === actor?.uid && flags.active === false) throw new DomainError('forbidden', said('users.selfDeactivate'));
    const losesAdmin = target.isAdmin && target.active && (flags.isAdmin === false || flags.active === false);
    if (losesAdmin && !opts.force) {
      const admins = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('is_admin', '=', 1)
        .where('active', '=', 1)
        .executeTakeFirstOrThrow();
      if (Number(admins.n) <= 1) throw new DomainError('conflict', said('users.lastAdmin'));
    }
    // Its entry and announcement join this commit's.
    const user = await setFlags(trx, uid, flags, actor?.uid ?? null);
    return { value: { user, deactivated: target.active && !user.active } };
  });
}
