import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';
import { bit, now } from '../db/index.js';
import type { MeUpdate, User } from '../../domain/users.js';
import { DomainError } from './errors.js';
import { messages } from '../../domain/messages.js';

type Row = Selectable<UsersTable>;

/** A users row as the API shapes it. */
export function toUser(r: Row): User {
  return {
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

/** The user record with this uid, or null. */
export async function findUser(db: Kysely<Database>, uid: string): Promise<User | null> {
  const r = await db.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirst();
  return r ? toUser(r) : null;
}

/** The user record with this email (any case), or null. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | null> {
  const r = await db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return r ? toUser(r) : null;
}

/** Writes the users/{uid} record of the spec's Register call. */
export async function insertUserRecord(
  db: Kysely<Database>,
  u: { uid: string; email: string; firstName: string; lastName: string; isAdmin: boolean; isEditor: boolean; active: boolean },
): Promise<User> {
  const row: Row = {
    id: u.uid,
    email: u.email.toLowerCase(),
    first_name: u.firstName,
    last_name: u.lastName,
    user_type: u.isAdmin ? 'admin' : u.isEditor ? 'editor' : 'staff',
    active: bit(u.active),
    is_admin: bit(u.isAdmin),
    is_editor: bit(u.isEditor),
    created: now(),
    updated: null,
  };
  await db.insertInto('users').values(row).execute();
  return toUser(row);
}

/** My Account: updates first and last name and the updated time. */
export async function updateMe(db: Kysely<Database>, uid: string, input: MeUpdate): Promise<User> {
  const r = await db
    .updateTable('users')
    .set({ first_name: input.firstName, last_name: input.lastName, updated: now() })
    .where('id', '=', uid)
    .returningAll()
    .executeTakeFirst();
  if (!r) throw new DomainError('not_found', messages.account.failure);
  return toUser(r);
}

/** Sets any of the active / editor / admin flags; returns the new record. */
export async function setFlags(
  db: Kysely<Database>,
  uid: string,
  flags: { active?: boolean; isAdmin?: boolean; isEditor?: boolean },
): Promise<User> {
  const set: Partial<Row> = { updated: now() };
  if (flags.active !== undefined) set.active = bit(flags.active);
  if (flags.isAdmin !== undefined) set.is_admin = bit(flags.isAdmin);
  if (flags.isEditor !== undefined) set.is_editor = bit(flags.isEditor);
  const r = await db.updateTable('users').set(set).where('id', '=', uid).returningAll().executeTakeFirst();
  if (!r) throw new DomainError('not_found', messages.errors.notFound);
  return toUser(r);
}

/** How many user records exist. */
export async function countUsers(db: Kysely<Database>): Promise<number> {
  const r = await db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
