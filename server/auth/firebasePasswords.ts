import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../db/index.js';
import type { Auth } from './index.js';
import { hashPassword } from './password.js';
import { verifyFirebaseScrypt, type FirebaseHash, type FirebaseHashParams } from './firebaseScrypt.js';

// Passwords brought from Firebase: the hash and the project's parameters wait in firebase_passwords
// (migration 019) until the person's first sign-in, which checks the password against them, stores it as ours
// (argon2id, password.ts) and deletes the row. A person who has a password of ours never uses the Firebase one.

/** Keeps (or replaces) the Firebase hash of an account. */
export async function keepFirebasePassword(
  db: Kysely<Database>,
  uid: string,
  stored: FirebaseHash,
  p: FirebaseHashParams,
): Promise<void> {
  const row = {
    hash: stored.hash,
    salt: stored.salt,
    signer_key: p.signerKey,
    salt_separator: p.saltSeparator,
    rounds: p.rounds,
    mem_cost: p.memCost,
    imported: now(),
  };
  await db
    .insertInto('firebase_passwords')
    .values({ user_id: uid, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/** The Firebase hash an account still waits to sign in with, or null. */
export async function firebasePasswordOf(
  db: Kysely<Database>,
  uid: string,
): Promise<(FirebaseHash & { params: FirebaseHashParams }) | null> {
  const r = await db.selectFrom('firebase_passwords').selectAll().where('user_id', '=', uid).executeTakeFirst();
  if (!r) return null;
  return {
    hash: r.hash,
    salt: r.salt,
    params: {
      signerKey: r.signer_key,
      saltSeparator: r.salt_separator,
      rounds: Number(r.rounds),
      memCost: Number(r.mem_cost),
    },
  };
}

/** Forgets an account's Firebase hash (it has a password of ours now). */
export async function forgetFirebasePassword(db: Kysely<Database>, uid: string): Promise<void> {
  await db.deleteFrom('firebase_passwords').where('user_id', '=', uid).execute();
}

/**
 * Before a sign-in with email and password reaches the identity library: when the account has no password of ours
 * and a Firebase hash that this password matches, the password becomes ours (argon2id) and the Firebase hash is
 * forgotten, so the library's own check then lets the person in. Anything else changes nothing (the library refuses
 * a wrong password as usual). True when a password was taken over.
 */
export async function adoptFirebasePassword(
  auth: Auth,
  db: Kysely<Database>,
  email: unknown,
  password: unknown,
): Promise<boolean> {
  if (typeof email !== 'string' || typeof password !== 'string' || password === '') return false;
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase(), { includeAccounts: true });
  if (!found) return false;
  const uid = found.user.id;
  const waiting = await firebasePasswordOf(db, uid);
  if (!waiting) return false;
  const credential = found.accounts.find((a) => a.providerId === 'credential');
  if (credential?.password) {
    // A password of ours exists (set through a reset link, say): the Firebase one is never used again.
    await forgetFirebasePassword(db, uid);
    return false;
  }
  if (!(await verifyFirebaseScrypt(password, waiting, waiting.params))) return false;
  const ours = await hashPassword(password);
  // Taken by one sign-in only: of two at once, the one that deletes the row sets the password.
  const taken = await db.deleteFrom('firebase_passwords').where('user_id', '=', uid).executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) return false;
  if (credential) await ctx.internalAdapter.updatePassword(uid, ours);
  else await ctx.internalAdapter.linkAccount({ userId: uid, providerId: 'credential', accountId: uid, password: ours });
  return true;
}
