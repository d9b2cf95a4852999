import {
  doc,
  getDoc,
  orderBy,
  runTransaction,
  serverTimestamp,
  where,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { GetListResult } from 'react-admin';
import { USER_SHOWS, type User, type UserShow } from '../../domain/users';
import { currentMessages } from '../shared/locale';
import { FirebaseBackendError, notAvailable, notFound } from './errors';
import type { Pager } from './pages';
import { toUser } from './documents';

type Data = Record<string, unknown>;
const USERS = 'users';
const FLAGS = ['active', 'isEditor', 'isAdmin'] as const;

/**
 * The staff a users list narrowed by `show` holds, as Firestore selects them: the list's filter and the dashboard's
 * count (dashboard.ts) read the same words. Accounts without a second factor are not here: Firebase Auth keeps that
 * from browsers.
 */
export const USERS_SHOWN: Partial<Record<UserShow, QueryConstraint[]>> = {
  active: [where('active', '==', true)],
  inactive: [where('active', '==', false)],
  admins: [where('active', '==', true), where('isAdmin', '==', true)],
  editors: [where('active', '==', true), where('isEditor', '==', true)],
};

/**
 * The users calls (list, exact email search, get, add, update) over Firestore; `me` is the signed-in account's uid (for
 * the own-flags check).
 */
export function userCalls(db: Firestore, page: Pager, me: () => string | null) {
  const one = async (id: string): Promise<User> => {
    const snap = await getDoc(doc(db, USERS, id));
    if (!snap.exists()) throw notFound();
    return toUser(snap.id, snap.data());
  };

  return {
    one,

    /**
     * The list by created ascending, 10 a page; meta.view 'newest' is the users store's action (created descending,
     * 2 by default: the dashboard); the exact email search is where email == text, limit 1; `show` narrows the list
     * (USERS_SHOWN; one Firestore cannot select says so).
     */
    list: async (filter: Data, perPage: number, after: unknown, view: unknown): Promise<GetListResult<User>> => {
      const { email, show, ...rest } = filter;
      if (Object.keys(rest).some((k) => rest[k] !== undefined && rest[k] !== '')) throw notAvailable();
      if (typeof email === 'string') return page(USERS, [where('email', '==', email)], perPage, undefined, toUser);
      if (view === 'newest') return page(USERS, [orderBy('created', 'desc')], perPage, undefined, toUser);
      const narrow = USER_SHOWS.find((s) => s === show);
      if (show !== undefined && (narrow === undefined || USERS_SHOWN[narrow] === undefined)) throw notAvailable();
      const shown = narrow === undefined ? [] : USERS_SHOWN[narrow]!;
      return page(USERS, [...shown, orderBy('created', 'asc')], perPage, after, toUser);
    },

    /**
     * Edit user: read users/{uid}, then set it to the whole record with active, isEditor, isAdmin and updated as a
     * server timestamp, in one transaction so a change made meanwhile is not overwritten with old fields.
     */
    update: async (id: string, data: Data): Promise<User> => {
      const flags: Partial<Record<(typeof FLAGS)[number], boolean>> = {};
      for (const f of FLAGS) if (typeof data[f] === 'boolean') flags[f] = data[f];
      // The rules refuse it too; saying why here beats the rules' bare refusal.
      if (id === me() && Object.keys(flags).length > 0) {
        const m = currentMessages().users;
        throw new FirebaseBackendError(403, 'forbidden', flags.active === false ? m.selfDeactivate : m.selfDemote);
      }
      await runTransaction(db, async (tx) => {
        const snap = await tx.get(doc(db, USERS, id));
        if (!snap.exists()) throw notFound();
        tx.set(snap.ref, { ...snap.data(), ...flags, updated: serverTimestamp() });
      });
      return one(id);
    },
  };
}
