import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Mailer } from '../mail/index.js';
import type { Auth } from './index.js';
import type { Database } from '../db/schema.js';
import { NewUser, type User } from '../../domain/users.js';
import { fullName } from '../../domain/names.js';
import { findUserByEmail, insertUserRecord } from '../core/users.js';
import { DomainError } from '../core/errors.js';
import { hashPassword } from './password.js';
import { DEFAULT_LOCALE, type Locale } from '../../domain/locales.js';
import { issueSaid, said, say } from '../../domain/translate.js';

/**
 * The spec's Register: an account with a password, display name = first and last name, and users/{uid} with
 * active = true; `actor` is the admin who added it (null: the CLI or the first start), for the change history.
 */
export async function registerUser(
  auth: Auth,
  db: Kysely<Database>,
  input: NewUser,
  actor: string | null = null,
): Promise<User> {
  const parsed = NewUser.safeParse(input);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: `/${i.path.join('/')}`, message: issueSaid(i.message) }));
    throw new DomainError('validation', fields[0]!.message, fields);
  }
  const u = parsed.data;
  if (await findUserByEmail(db, u.email)) throw new DomainError('conflict', said('users.duplicateEmail'));
  const ctx = await auth.$context;
  const account = await ctx.internalAdapter.createUser(
    { email: u.email, name: fullName(u), emailVerified: true },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: account.id,
    providerId: 'credential',
    accountId: account.id,
    password: await hashPassword(u.password),
  });
  return insertUserRecord(db, { uid: account.id, ...u }, actor);
}

/** Sets a new password for a user, ends their sessions and voids their reset links. */
export async function setPassword(auth: Auth, uid: string, password: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.updatePassword(uid, await hashPassword(password));
  await ctx.internalAdapter.deleteUserSessions(uid);
  await ctx.adapter.deleteMany({ model: 'verification', where: [{ field: 'value', value: uid }] });
}

/** Ends every session of a user (deactivation, password change). */
export async function endSessions(auth: Auth, uid: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(uid);
}

/** Keeps the auth account's display name equal to first and last name. */
export async function syncDisplayName(
  auth: Auth,
  uid: string,
  u: { firstName: string; lastName: string },
): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.updateUser(uid, { name: fullName(u) });
}

const INVITE_HOURS = 72;

/** An admin's 'Add user': Register with an unusable random password, then mail a link to set one. */
export async function inviteUser(
  auth: Auth,
  db: Kysely<Database>,
  mailer: Mailer,
  publicUrl: string,
  input: { email: string; firstName: string; lastName: string; isEditor: boolean; isAdmin: boolean },
  /** The inviting admin's language: the mail is written in it. */
  locale: Locale = DEFAULT_LOCALE,
  /** The inviting admin's uid, for the change history. */
  actor: string | null = null,
): Promise<User> {
  const user = await registerUser(
    auth,
    db,
    { ...input, password: randomBytes(48).toString('base64url').slice(0, 64) },
    actor,
  );
  await sendInvitation(auth, mailer, publicUrl, user, locale);
  return user;
}

/**
 * The invitation mail: a link to set a password, valid INVITE_HOURS (the same kind of token the forgot flow makes, so
 * /reset-password completes it). Used by 'Add user' and by the Firebase import for a person whose hash it could not
 * read.
 */
export async function sendInvitation(
  auth: Auth,
  mailer: Mailer,
  publicUrl: string,
  user: { uid: string; email: string; firstName: string },
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const ctx = await auth.$context;
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.uid,
    expiresAt: new Date(Date.now() + INVITE_HOURS * 3600_000),
  });
  // `welcome`: the page speaks to someone choosing their first password, not to one who forgot theirs.
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&welcome=1`;
  await mailer.send({
    to: user.email,
    subject: say(locale, 'mail.inviteSubject'),
    text: say(locale, 'mail.inviteBody', { firstName: user.firstName, hours: INVITE_HOURS, link }),
  });
}
