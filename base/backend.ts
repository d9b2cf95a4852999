import type { AuthProvider, DataProvider, RaRecord, UserIdentity } from 'react-admin';
import type { AppStatus } from '../domain/appStatus';
import type { RoleFlags } from '../domain/permissions';
import type { MeUpdate, StoredUser, User } from '../domain/users';
import type { UploadedImage, UploadState } from '../domain/uploads';
import type { ImportRequest, ImportResult } from '../domain/productImport';
import type { RecordImportResult, RecordImportRow } from '../domain/recordCsv';
import type { HistoryPage } from '../domain/history';
import type { SavedView, ViewCreate } from '../domain/views';
import type { DuplicateCopies } from '../domain/products';
import type { UsedBy } from '../domain/usedBy';
import type { ScheduleSettings } from '../domain/schedule';
import type { ScheduledChange, ScheduledChangeCreate } from '../domain/scheduledChanges';
import type { AccountPasskey, AccountSession } from '../domain/account';
import type { TwoFactorStatus } from '../domain/twoFactor';
import type { BulkRequest, BulkResult, BulkUndoResult, ProductIds } from '../domain/productBulk';
import type { AnyBulkRequest, BulkIds } from '../domain/bulk';
import type { Dashboard } from '../domain/dashboard';

/**
 * The contract between the screens and a back end. Screens know these types and nothing of
 * how a provider set talks to its server: providers/local talks to our own server, providers/firebase to hosted
 * Firebase.
 */

/** The live app status as the browser sees it: null while unknown (not heard yet, or the feed is down). */
export type LiveStatus = AppStatus | null;
export type LiveStatusListener = (status: LiveStatus) => void;

/** A failure from the back end: HTTP-like status (0 when unreachable), a machine code and a message fit to show. */
export interface BackendError extends Error {
  status: number;
  code: string;
}

/** What getPermissions answers: the signed-in user's role flags, or null when nobody is signed in. */
export type Permissions = RoleFlags | null;

/** What getIdentity answers: the stored user record plus react-admin's id and fullName. */
export type Identity = UserIdentity & StoredUser;

export interface SignInParams {
  email: string;
  password: string;
}

export interface ResetPasswordParams {
  token: string;
  newPassword: string;
}

/** react-admin's auth provider plus the identity calls that have no react-admin hook. */
export interface AppAuthProvider extends AuthProvider {
  /** The password step; `secondFactor` when the account asks for a code next (then call verifySecondFactor). */
  login: (params: SignInParams) => Promise<{ redirectTo: string; secondFactor?: boolean }>;
  /** A sign-in's second step: a code from the authenticator app, or a recovery code. */
  verifySecondFactor: (params: { code: string; recovery: boolean }) => Promise<{ redirectTo: string }>;
  getIdentity: () => Promise<Identity>;
  getPermissions: () => Promise<Permissions>;
  /** Whether the signed-in user may open an area of the role matrix (domain/permissions). */
  canAccess: NonNullable<AuthProvider['canAccess']>;
  /** Sends a reset mail if the address belongs to an account; resolves either way. */
  requestPasswordReset: (email: string) => Promise<void>;
  /** Sets a new password with the token from the reset mail. */
  resetPassword: (params: ResetPasswordParams) => Promise<void>;
  /** Signs in with a passkey of this device (the browser asks which); absent where the back end has no passkeys. */
  loginWithPasskey?: () => Promise<{ redirectTo: string }>;
}

/** What a screen is told while a file uploads. */
export interface UploadCallbacks {
  onProgress?: (sent: number, total: number) => void;
  onState?: (state: UploadState, message?: string) => void;
}

/** A running upload: pause, resume and cancel it; `done` settles with the stored image or an error. */
export interface UploadHandle {
  pause(): void;
  resume(): void;
  cancel(): void;
  done: Promise<UploadedImage>;
}

/** A record whose change history a panel shows: one of the console's own, or of a described resource (by its name). */
export type HistoryOf =
  { kind: 'product' | 'user' | 'language'; id: string } | { kind: 'record'; resource: string; id: string };

/**
 * A part of the console a back end may lack (the Firebase one: docs/firebase.md): the Activity page, webhooks, the
 * products' CSV import, ending a user's sessions, removing a language key, the lists' partial-name search and a
 * described list's order beside a filter (its rows then come by id). (A dashboard figure a back end cannot count is
 * null in its answer instead.)
 */
export type Lack =
  'activity' | 'webhooks' | 'productImport' | 'endSessions' | 'removeLanguageKey' | 'partialSearch' | 'filteredOrder';

/** react-admin's data provider plus the custom calls screens make through useDataProvider(). */
export interface AppDataProvider extends DataProvider {
  /** What this back end cannot do, said before any call (base/lacks.ts); absent: it lacks nothing. */
  lacks?: readonly Lack[];
  /** Follows the live app status; returns the function that stops following. */
  subscribeAppStatus: (listener: LiveStatusListener) => () => void;
  /** The dashboard's figures: the catalogue's for editors, the staff's for admins; 'not_available' where lacked. */
  getDashboard: () => Promise<Dashboard>;
  /**
   * Hears each committed change the dashboard's figures count (the listener reads them again); resolves with the
   * function that stops (a promise, as react-admin's proxy wants). Absent where the back end has no such feed (the page
   * then reads them on its timer only).
   */
  subscribeDashboard?: (listener: () => void) => Promise<() => void>;
  /** The signed-in user's own record. */
  getMe: () => Promise<User>;
  /** Changes the signed-in user's first and last name; the stored record follows. */
  updateMe: (data: MeUpdate) => Promise<User>;
  /** Starts uploading an image at once; resolves with its handle (a promise, as react-admin's proxy wants). */
  uploadImage: (file: File, callbacks?: UploadCallbacks) => Promise<UploadHandle>;
  /** Checks CSV rows of products (apply false: what each would do, nothing written) or applies them all at once. */
  importProducts: (request: ImportRequest) => Promise<ImportResult>;
  /** The same for a described resource's rows (domain/recordCsv.ts: `id` says which record a row changes). */
  importRecords: (
    resource: string,
    request: { rows: RecordImportRow[]; apply: boolean },
  ) => Promise<RecordImportResult>;
  /** One page of a record's change history, newest first, after an optional cursor ('More'). */
  getHistory: (of: HistoryOf, page?: { after?: string | null; limit?: number }) => Promise<HistoryPage>;
  /**
   * Undoes one history entry (a field change) as an edit from `version`; answers the record as saved. A described
   * resource's entry is undone under its own address (`of`).
   */
  undoHistory: (entryId: string, version: number, of?: HistoryOf) => Promise<RaRecord>;
  /**
   * Duplicate: copies of a record's images (new files, not shared), by field, for Add to start from (a product's under
   * `images`).
   */
  duplicateImages: (resource: string, id: string) => Promise<DuplicateCopies>;
  /**
   * A record's 'Used by': per resource and field pointing to it, how many records do, of the resources the signed-in
   * person may read (domain/usedBy.ts).
   */
  getUsedBy: (resource: string, id: string) => Promise<UsedBy>;
  /** Whether products can be scheduled here, and the shop's time zone the times are shown and entered in. */
  scheduleSettings: () => Promise<ScheduleSettings>;
  /**
   * A described record's scheduled changes (a description's `schedule`): its pending ones, soonest first; one added;
   * one cancelled. Only where scheduleSettings says `available` (not with Firebase: refused as not available).
   */
  scheduledChanges: (resource: string, id: string) => Promise<ScheduledChange[]>;
  scheduleChange: (resource: string, id: string, change: ScheduledChangeCreate) => Promise<ScheduledChange>;
  cancelScheduledChange: (resource: string, id: string, changeId: string) => Promise<void>;
  /**
   * Every product the products list's search and filters match (id and version), up to 10,000: 'Select all N matching'.
   */
  productIds: (filter: Record<string, unknown>) => Promise<ProductIds>;
  /**
   * Sets a status, category or material care on products (at most 500 a call: one transaction each); `batch` continues
   * a change.
   */
  bulkProducts: (request: BulkRequest) => Promise<BulkResult>;
  /**
   * Undoes a whole bulk change (of products, or of `resource`'s records), leaving alone those changed since;
   * 'not_available' where the back end keeps no history.
   */
  undoBulk: (batch: string, resource?: string) => Promise<BulkUndoResult>;
  /** A described list's bulk edit (`bulk: true`): every record its search and filters match, up to 10,000. */
  recordIds: (resource: string, filter: Record<string, unknown>) => Promise<BulkIds>;
  /** Sets the same values on a described resource's records (at most 500 a call); `batch` continues a change. */
  bulkRecords: (resource: string, request: AnyBulkRequest) => Promise<BulkResult>;
  /**
   * Saved views of a list (`resource`'s): the caller's own, then those shared with all staff; null where the back end
   * keeps none.
   */
  listViews: (resource: string) => Promise<SavedView[] | null>;
  /** Saves a list's search, filters (and order) under a name (`resource`: whose list, the products' when left out). */
  saveView: (view: ViewCreate) => Promise<SavedView>;
  /** Removes a saved view (its owner, or an admin). */
  removeView: (id: string) => Promise<void>;
  /** Changes the signed-in person's password; every other session of the account ends. */
  changePassword: (change: { currentPassword: string; newPassword: string }) => Promise<void>;
  /** The signed-in person's sessions (Account Settings → Sessions); 'not_available' where the back end has none. */
  listSessions: () => Promise<AccountSession[]>;
  /** Ends one of the signed-in person's sessions. */
  endSession: (id: string) => Promise<void>;
  /** Ends every session of the signed-in person but this one. */
  endOtherSessions: () => Promise<void>;
  /** An admin ends every session of a user; answers how many ended. */
  endUserSessions: (uid: string) => Promise<number>;
  /** The signed-in person's passkeys (Account Settings → Passkeys); 'not_available' where the back end has none. */
  listPasskeys: () => Promise<AccountPasskey[]>;
  /**
   * Makes a passkey on this device (the browser asks for the screen lock, fingerprint or key) and adds it under a name.
   */
  addPasskey: (name: string) => Promise<void>;
  /** Renames one of the signed-in person's passkeys. */
  renamePasskey: (id: string, name: string) => Promise<void>;
  /** Removes one of the signed-in person's passkeys. */
  removePasskey: (id: string) => Promise<void>;
  /**
   * Whether the signed-in person has a second factor and whether REQUIRE_2FA asks them for one; 'not_available' on
   * Firebase.
   */
  getTwoFactor: () => Promise<TwoFactorStatus>;
  /**
   * Starts turning on an authenticator app (password again): its otpauth:// address and ten recovery codes, shown once.
   */
  startTwoFactor: (password: string) => Promise<TwoFactorSetup>;
  /** Finishes turning it on with the first code the app shows. */
  confirmTwoFactor: (code: string) => Promise<void>;
  /** Turns the second factor off (password again). */
  disableTwoFactor: (password: string) => Promise<void>;
  /** Ten new recovery codes (password again); the old ones stop working. */
  renewRecoveryCodes: (password: string) => Promise<string[]>;
}

/** What turning on an authenticator app gives the page, once. */
export interface TwoFactorSetup {
  /** otpauth://totp/…?secret=…: drawn as a QR code, its secret also shown as text. */
  totpURI: string;
  recoveryCodes: string[];
}
