import { initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import type { Locale } from '../../domain/locales';
import type { ResourceDescription } from '../../domain/resourceDescription';
import type { AppAuthProvider, AppDataProvider, Lack } from '../../base/backend';
import { speak } from '../shared/locale';
import { createFirebaseAuthProvider } from './auth';
import { createSession } from './session';
import { subscribeAppStatus } from './status';
import { notAvailable } from './errors';
import { connectEmulators, type EmulatorHosts } from './emulators';

/** The default id of the app status document (collection `app`; no id is prescribed). See docs/decisions.md. */
export const DEFAULT_STATUS_DOC = 'status';

export interface FirebaseProvidersOptions {
  /** An initialised app; tests connect it to the emulators (connectAuthEmulator, …) before or after this call. */
  app: FirebaseApp;
  /** The app status document's id in the collection `app`. */
  statusDoc?: string;
  /** This bundle's version, for the gate's version check when the status document names one (default: the build's). */
  bundleVersion?: string;
  /** The language the set's own errors speak, read at each call (default English; see providers/shared/locale.ts). */
  locale?: () => Locale;
  /** The described resources (resources/<name>/description.ts), each served as the Firestore collection of its name. */
  records?: readonly ResourceDescription[];
}

/**
 * What the screens are told this set lacks before they call (docs/firebase.md): no history of products, users and
 * texts for Activity, no server to send webhooks, no server-side product import, no session list Firebase Auth lets a
 * browser end, no removing a key (it would need every document's rewrite), no substring index for a list's find box,
 * no order beside a filter (a composite index per pair; described.ts reads a filtered list by document id).
 */
export const FIREBASE_LACKS: readonly Lack[] = [
  'activity',
  'webhooks',
  'productImport',
  'endSessions',
  'removeLanguageKey',
  'partialSearch',
  'filteredOrder',
];

// The build's version (vite.config.ts defines it); a runner without that define gets a stand-in.
const BUNDLE_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

type DataCalls = Omit<
  AppDataProvider,
  | 'subscribeAppStatus'
  | 'listViews'
  | 'saveView'
  | 'removeView'
  | 'scheduleSettings'
  | 'scheduledChanges'
  | 'scheduleChange'
  | 'cancelScheduledChange'
>;

/**
 * The provider set over Firebase (Auth, Firestore, Storage). Only firebase/app and firebase/auth load with it, so the
 * public pages stay light; Firestore loads on the first data call or sign-in check, Storage on the first upload.
 */
export function createFirebaseProviders({
  app,
  statusDoc = DEFAULT_STATUS_DOC,
  bundleVersion = BUNDLE_VERSION,
  locale,
  records = [],
}: FirebaseProvidersOptions): {
  authProvider: AppAuthProvider;
  dataProvider: AppDataProvider;
} {
  if (locale) speak(locale);
  const session = createSession(app, statusDoc, bundleVersion);
  let loaded: Promise<DataCalls> | null = null;
  const data = (): Promise<DataCalls> =>
    (loaded ??= import('./data').then(({ createFirebaseData }) => createFirebaseData(session, records)));
  // Each data call waits for the Firestore chunk once, then goes straight through.
  const later =
    <K extends keyof DataCalls>(name: K) =>
    async (...args: Parameters<DataCalls[K]>): Promise<Awaited<ReturnType<DataCalls[K]>>> => {
      const calls = await data();
      const fn = calls[name] as (...a: Parameters<DataCalls[K]>) => Promise<Awaited<ReturnType<DataCalls[K]>>>;
      return fn(...args);
    };
  // Saved views are kept by our own server only (docs/firebase.md): the list has none, and saving says why.
  const views: Pick<AppDataProvider, 'listViews' | 'saveView' | 'removeView'> = {
    listViews: async () => null,
    saveView: async () => Promise.reject(notAvailable()),
    removeView: async () => Promise.reject(notAvailable()),
  };
  const dataProvider = {
    lacks: FIREBASE_LACKS,
    getList: later('getList'),
    getOne: later('getOne'),
    getMany: later('getMany'),
    getManyReference: later('getManyReference'),
    create: later('create'),
    update: later('update'),
    updateMany: later('updateMany'),
    delete: later('delete'),
    deleteMany: later('deleteMany'),
    getMe: later('getMe'),
    updateMe: later('updateMe'),
    uploadImage: later('uploadImage'),
    importProducts: later('importProducts'),
    importRecords: later('importRecords'),
    getHistory: later('getHistory'),
    undoHistory: later('undoHistory'),
    duplicateImages: later('duplicateImages'),
    getUsedBy: later('getUsedBy'),
    // No server to apply a schedule (docs/firebase.md): the form says so where the times would be.
    scheduleSettings: async () => ({ timeZone: '', available: false }),
    // Nor a described record's scheduled changes: Edit says 'Not available with the Firebase back end.' instead.
    scheduledChanges: async () => Promise.reject(notAvailable()),
    scheduleChange: async () => Promise.reject(notAvailable()),
    cancelScheduledChange: async () => Promise.reject(notAvailable()),
    // The figures Firestore can count (dashboard.ts); the others are null, and the page says so in their place.
    getDashboard: later('getDashboard'),
    productIds: later('productIds'),
    bulkProducts: later('bulkProducts'),
    undoBulk: later('undoBulk'),
    recordIds: later('recordIds'),
    bulkRecords: later('bulkRecords'),
    ...views,
    changePassword: later('changePassword'),
    listSessions: later('listSessions'),
    endSession: later('endSession'),
    endOtherSessions: later('endOtherSessions'),
    endUserSessions: later('endUserSessions'),
    listPasskeys: later('listPasskeys'),
    addPasskey: later('addPasskey'),
    renamePasskey: later('renamePasskey'),
    removePasskey: later('removePasskey'),
    getTwoFactor: later('getTwoFactor'),
    startTwoFactor: later('startTwoFactor'),
    confirmTwoFactor: later('confirmTwoFactor'),
    disableTwoFactor: later('disableTwoFactor'),
    renewRecoveryCodes: later('renewRecoveryCodes'),
    subscribeAppStatus: (listener) => subscribeAppStatus(session, listener),
  } satisfies AppDataProvider;
  return { authProvider: createFirebaseAuthProvider(session, records), dataProvider };
}

/** The web app's config as the build passes it (vite.config.ts, from FIREBASE_* variables). */
export type FirebaseWebConfig = Required<
  Pick<FirebaseOptions, 'apiKey' | 'authDomain' | 'projectId' | 'storageBucket' | 'appId'>
>;

/** Starts the Firebase app from the build's config (and emulators, if the build names them) with its provider set. */
export function createFirebaseBackend(
  config: FirebaseWebConfig,
  statusDoc: string,
  bundleVersion: string,
  locale: () => Locale,
  records: readonly ResourceDescription[],
  emulators: EmulatorHosts | null = null,
) {
  const app = initializeApp(config);
  // FIREBASE_EMULATORS at build time (a local trial, the e2e walk): the Local Emulator Suite instead of Google's.
  if (emulators) connectEmulators(app, emulators);
  return createFirebaseProviders({ app, statusDoc, bundleVersion, locale, records });
}
