import { EmailAuthProvider, reauthenticateWithCredential, updatePassword, updateProfile } from 'firebase/auth';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { firestoreOf } from './db';
import type { DataProvider, GetListResult, RaRecord } from 'react-admin';
import { PAGE_SIZE } from '../../domain/constants';
import type { ResourceDescription } from '../../domain/resourceDescription';
import type { MeUpdate, User } from '../../domain/users';
import type { BulkRequest } from '../../domain/productBulk';
import type { AnyBulkRequest } from '../../domain/bulk';
import type { DuplicateCopies } from '../../domain/products';
import { productDescription } from '../../domain/productFields';
import { currentMessages } from '../shared/locale';
import { readStoredUser, storeUser } from '../shared/userStorage';
import type { AppDataProvider, HistoryOf, UploadCallbacks } from '../../base/backend';
import type { RecordImportRow } from '../../domain/recordCsv';
import { FirebaseBackendError, guarded, notAvailable, notFound, toBackendError } from './errors';
import { languageCalls } from './languages';
import { createPager } from './pages';
import { pagesByCursor } from '../shared/pageCursors';
import { productCalls } from './products';
import { bulkCalls } from './productBulk';
import { describedCalls, usedByOf } from './described';
import type { Session } from './session';
import { addStaff } from './staff';
import { userCalls } from './users';
import { fullName } from '../../domain/names';
import { imageAddressOf } from './imageAddress';
import { firebaseDashboard } from './dashboard';
import { DASHBOARD_NEWEST } from '../../domain/dashboard';

type Data = Record<string, unknown>;
const KEYS = /^languages\/(en|se)\/keys$/;

/** Every data call except the live status (status.ts, needed before this chunk loads); Firestore is in this chunk. */
export function createFirebaseData(
  session: Session,
  records: readonly ResourceDescription[] = [],
): Omit<AppDataProvider, 'subscribeAppStatus' | 'scheduleSettings'> {
  const db = firestoreOf(session.app);
  const page = createPager(db);
  const uid = (): string | null => session.auth.currentUser?.uid ?? null;
  const products = productCalls(db, page);
  const bulk = bulkCalls(db);
  const users = userCalls(db, page, uid);
  const languages = languageCalls(db, () => readStoredUser()?.isAdmin === true);
  const cast = <T>(r: unknown): T => r as T;
  // The described resources, each the collection of its name (providers/firebase/described.ts).
  // Each history entry names who acted as the console knows them now (a later rename does not rewrite it).
  const actor = () => {
    const id = uid();
    const stored = readStoredUser();
    return id ? { uid: id, name: stored?.uid === id ? fullName(stored) : '' } : null;
  };
  // An image is a download address of the app's own bucket (the rules ask the same).
  const image = imageAddressOf(session.app.options.storageBucket ?? '');
  const simple = new Map(records.map((d) => [d.name, describedCalls(db, page, d, actor, image, records)]));

  const one = async (resource: string, id: string): Promise<RaRecord> => {
    if (resource === 'products') return products.one(id);
    if (resource === 'users') return users.one(id);
    if (resource === 'languages') return languages.one(id);
    const calls = simple.get(resource);
    if (calls) return calls.one(id);
    throw notAvailable();
  };

  const methods: DataProvider = {
    // react-admin's pages (1, 2, 3…) read as cursor pages (providers/shared/pageCursors.ts).
    getList: pagesByCursor(async (resource, { pagination, filter, sort, meta }, after) => {
      const perPage = pagination?.perPage ?? PAGE_SIZE;
      const f = (filter ?? {}) as Data;
      let result: GetListResult<RaRecord>;
      if (resource === 'products') result = await products.list(f, perPage, after);
      else if (resource === 'users') result = await users.list(f, perPage, after, meta?.view);
      else if (simple.has(resource)) {
        // Another order than the description's needs a Firestore index nobody declared: said, not ignored.
        const own = records.find((d) => d.name === resource)!.sort;
        if (meta?.sorted === true && (sort?.field !== own.field || sort.order.toLowerCase() !== own.order))
          throw notAvailable();
        result = await simple.get(resource)!.list(f, perPage, after);
      } else throw notAvailable();
      return cast<GetListResult & { meta: { next: string | null } }>(result);
    }),
    getOne: async (resource, { id }) => ({ data: cast(await one(resource, String(id))) }),
    getMany: async (resource, { ids }) => ({
      data: cast(await Promise.all(ids.map((id) => one(resource, String(id))))),
    }),
    getManyReference: async () => Promise.reject(notAvailable()),
    create: async (resource, { data }) => {
      if (resource === 'products') return { data: cast(await products.create(data as Data)) };
      if (resource === 'users') return { data: cast(await addStaff(session.app, db, data as Data)) };
      const calls = simple.get(resource);
      if (calls) return { data: cast(await calls.create(data as Data)) };
      throw notAvailable();
    },
    update: async (resource, { id, data, previousData, meta }) => {
      const key = String(id);
      if (resource === 'products') return { data: cast(await products.update(key, data as Data, previousData)) };
      if (resource === 'users') return { data: cast(await users.update(key, data as Data)) };
      if (resource === 'languages' && meta?.replace === true)
        return { data: cast(await languages.replace(key, data as Data, previousData)) };
      const keys = KEYS.exec(resource);
      if (keys?.[1]) return { data: cast(await languages.addKey(keys[1], key, (data as Data).value, previousData)) };
      const calls = simple.get(resource);
      if (calls) return { data: cast(await calls.update(key, data as Data, previousData)) };
      throw notAvailable();
    },
    // A described resource's record is deleted as on the server (If-Match: its version); removing a language key,
    // deleting products or users and bulk changes are not offered with Firebase (README).
    updateMany: async () => Promise.reject(notAvailable()),
    delete: async (resource, { id, previousData }) => {
      const calls = simple.get(resource);
      if (!calls) throw notAvailable();
      // Products may point to a described record too (their reference fields).
      return { data: cast(await calls.delete(String(id), previousData, [...records, productDescription])) };
    },
    deleteMany: async () => Promise.reject(notAvailable()),
  };

  // Every call answers failures as BackendError (status, code, message), as the local set does.
  const guardedMethods = Object.fromEntries(
    Object.entries(methods).map(([name, fn]) => [
      name,
      (...args: unknown[]) => guarded(() => (fn as (...a: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as unknown as DataProvider;

  return {
    ...guardedMethods,
    getDashboard: () =>
      guarded(() =>
        firebaseDashboard(db, readStoredUser(), records, async () => {
          const newest = await users.list({}, DASHBOARD_NEWEST, undefined, 'newest');
          return newest.data;
        }),
      ),
    getMe: () =>
      guarded(async () => {
        const me = await session.record();
        if (!me) throw notFound();
        return me;
      }),
    /** Update details: the display name, then users/{uid} with firstName, lastName and updated. */
    updateMe: (change: MeUpdate) =>
      guarded(async (): Promise<User> => {
        const account = session.auth.currentUser;
        if (!account) throw new FirebaseBackendError(401, 'unauthenticated', currentMessages().errors.unauthenticated);
        await updateProfile(account, { displayName: fullName(change) });
        await updateDoc(doc(db, 'users', account.uid), {
          firstName: change.firstName,
          lastName: change.lastName,
          updated: serverTimestamp(),
        });
        session.forget();
        const me = await session.record();
        if (!me) throw notFound();
        // The header and the stored record show the new name at once.
        storeUser(me);
        return me;
      }),
    uploadImage: async (file: File, callbacks?: UploadCallbacks) => {
      const account = await session.ready();
      if (!account) throw new FirebaseBackendError(401, 'unauthenticated', currentMessages().errors.unauthenticated);
      // Storage loads with the first image, not with the console.
      const { storageOf, uploadImage } = await import('./uploads');
      return uploadImage(storageOf(session.app), account.uid, file, callbacks);
    },
    importProducts: async () => Promise.reject(notAvailable()),
    // A described resource's history is kept beside each record (providers/firebase/recordHistory.ts); the
    // products', users' and texts' only by our server (docs/firebase.md).
    getHistory: (of: HistoryOf, opts: { after?: string | null; limit?: number } = {}) =>
      guarded(async () => {
        const calls = of.kind === 'record' ? simple.get(of.resource) : undefined;
        if (!calls) throw notAvailable();
        return calls.history(of.id, opts);
      }),
    undoHistory: (entryId: string, version: number, of?: HistoryOf) =>
      guarded(async () => {
        const calls = of?.kind === 'record' ? simple.get(of.resource) : undefined;
        if (!calls || !of) throw notAvailable();
        return calls.undo(of.id, entryId, version);
      }),
    // A described resource's file: the server's plan, applied in one transaction (providers/firebase/described.ts).
    importRecords: (resource: string, request: { rows: RecordImportRow[]; apply: boolean }) =>
      guarded(async () => {
        const calls = simple.get(resource);
        if (!calls) throw notAvailable();
        return calls.importRows(request.rows, request.apply);
      }),
    /**
     * Duplicate: each image of each images field (a product's `images`) copied to a new object of the caller's in
     * Storage (not shared with the original).
     */
    duplicateImages: (resource: string, id: string) =>
      guarded(async () => {
        const account = await session.ready();
        if (!account) throw new FirebaseBackendError(401, 'unauthenticated', currentMessages().errors.unauthenticated);
        const d = resource === 'products' ? productDescription : records.find((r) => r.name === resource);
        if (!d || (resource !== 'products' && d.duplicate !== true)) throw notAvailable();
        const record = (await one(resource, id)) as Record<string, unknown>;
        const { copyImages, storageOf } = await import('./uploads');
        const out: DuplicateCopies = {};
        for (const [field, spec] of Object.entries(d.fields)) {
          if (spec.kind !== 'images') continue;
          const images = await copyImages(storageOf(session.app), account.uid, (record[field] as string[]) ?? []);
          out[field] = { images, thumbnails: images };
        }
        return out;
      }),
    getUsedBy: (resource: string, id: string) =>
      guarded(async () => {
        if (!simple.has(resource) && resource !== 'products') throw notAvailable();
        await one(resource, id);
        return usedByOf(db, resource, [...records, productDescription], id, readStoredUser());
      }),
    productIds: (filter: Record<string, unknown>) => guarded(() => bulk.productIds(filter)),
    bulkProducts: (request: BulkRequest) => guarded(() => bulk.bulkProducts(request)),
    // No history in Firestore: a bulk change cannot be undone (docs/firebase.md).
    undoBulk: async () => Promise.reject(notAvailable()),
    // A described list's (`bulk: true`): the engine's over Firestore (providers/firebase/bulk.ts), without Undo.
    recordIds: (resource: string, filter: Record<string, unknown>) =>
      guarded(async () => {
        const calls = simple.get(resource);
        if (!calls) throw notAvailable();
        return calls.ids(filter);
      }),
    bulkRecords: (resource: string, request: AnyBulkRequest) =>
      guarded(async () => {
        const calls = simple.get(resource);
        if (!calls) throw notAvailable();
        return calls.bulk(request);
      }),
    /**
     * Through the SDK: the current password signs in again (Firebase asks a recent sign-in), then the new one is set.
     */
    changePassword: async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => {
      const account = session.auth.currentUser;
      const m = currentMessages();
      if (!account?.email) throw new FirebaseBackendError(401, 'unauthenticated', m.errors.unauthenticated);
      try {
        await reauthenticateWithCredential(account, EmailAuthProvider.credential(account.email, currentPassword));
        await updatePassword(account, newPassword);
      } catch (err) {
        const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
        if (code === 'auth/wrong-password' || code === 'auth/invalid-credential')
          throw new FirebaseBackendError(400, 'INVALID_PASSWORD', m.account.password.wrong);
        if (code === 'auth/weak-password') throw new FirebaseBackendError(400, 'PASSWORD_TOO_SHORT', m.reset.tooShort);
        throw toBackendError(err);
      }
    },
    // Firebase Auth keeps no session list a browser may read or end (docs/firebase.md).
    listSessions: async () => Promise.reject(notAvailable()),
    endSession: async () => Promise.reject(notAvailable()),
    endOtherSessions: async () => Promise.reject(notAvailable()),
    endUserSessions: async () => Promise.reject(notAvailable()),
    // Firebase Auth has no passkeys a web app may add (docs/firebase.md): the screen says so instead of failing.
    listPasskeys: async () => Promise.reject(notAvailable()),
    addPasskey: async () => Promise.reject(notAvailable()),
    renamePasskey: async () => Promise.reject(notAvailable()),
    removePasskey: async () => Promise.reject(notAvailable()),
    // Second factors need Google Identity Platform, not plain Firebase Auth (docs/firebase.md): shown as unavailable.
    getTwoFactor: async () => Promise.reject(notAvailable()),
    startTwoFactor: async () => Promise.reject(notAvailable()),
    confirmTwoFactor: async () => Promise.reject(notAvailable()),
    disableTwoFactor: async () => Promise.reject(notAvailable()),
    renewRecoveryCodes: async () => Promise.reject(notAvailable()),
  };
}
