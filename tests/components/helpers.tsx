import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { render, type RenderResult } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { mayAccess } from '../../providers/shared/access';
import { resourceDescriptions } from '../../resources/descriptions';
import type { StoredUser, User } from '../../domain/users';
import type { AppAuthProvider, AppDataProvider, LiveStatusListener } from '../../base/backend';
import { i18nProvider } from '../../src/i18n';
import { darkTheme, theme } from '../../src/theme';
import { PublicProviders } from '../../src/public/PublicContext';

/** A user record with the given role flags. */
export function userWith(flags: Partial<StoredUser> = {}): User {
  const uid = flags.uid ?? 'u1';
  return {
    id: uid,
    uid,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 'staff',
    active: true,
    isAdmin: false,
    isEditor: false,
    created: '2024-01-01T00:00:00.000Z',
    updated: null,
    ...flags,
  };
}

const notSignedIn = (): Promise<never> => Promise.reject({ redirectTo: '/signin', message: false });

/** An auth provider over a fixed user (null: nobody signed in), each method a spy. */
export function fakeAuthProvider(user: User | null, overrides: Partial<AppAuthProvider> = {}): AppAuthProvider {
  return {
    login: vi.fn(async () => ({ redirectTo: '/' })),
    verifySecondFactor: vi.fn(async () => ({ redirectTo: '/' })),
    logout: vi.fn(async () => '/signin'),
    checkAuth: vi.fn(async () => (user ? undefined : notSignedIn())),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () =>
      user ? { ...user, id: user.uid, fullName: `${user.firstName} ${user.lastName}` } : notSignedIn(),
    ),
    getPermissions: vi.fn(async () => user),
    // The providers' own rule (areas, and the described resources by their access).
    canAccess: vi.fn(async ({ resource, action }: { resource: string; action: string }) =>
      mayAccess(user, resource, action, resourceDescriptions),
    ),
    requestPasswordReset: vi.fn(async () => undefined),
    resetPassword: vi.fn(async () => undefined),
    ...overrides,
  };
}

/**
 * For a test whose data provider refuses on purpose: react-admin logs each refusal (console.error, outside
 * production), so the test expects that line (`expect(logged).toHaveBeenCalledWith(error)`) instead of printing it.
 */
export function refusalLog() {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  onTestFinished(() => logged.mockRestore());
  return logged;
}

/** A data provider whose live status is active on the bundle's version unless told otherwise. */
export function fakeDataProvider(overrides: Partial<AppDataProvider> = {}): AppDataProvider {
  const unsupported = vi.fn(async () => Promise.reject(new Error('not in this test')));
  return {
    getList: unsupported,
    getOne: unsupported,
    getMany: unsupported,
    getManyReference: unsupported,
    create: unsupported,
    update: unsupported,
    updateMany: unsupported,
    delete: unsupported,
    deleteMany: unsupported,
    subscribeAppStatus: vi.fn((listener: LiveStatusListener) => {
      listener({ active: true, version: '0.1.1' });
      return () => undefined;
    }),
    listViews: vi.fn(async () => []),
    saveView: unsupported,
    removeView: unsupported,
    getDashboard: vi.fn(async () => ({})),
    getMe: vi.fn(async () => userWith()),
    updateMe: vi.fn(async (data) => ({ ...userWith(), ...data })),
    uploadImage: unsupported,
    importProducts: unsupported,
    importRecords: unsupported,
    duplicateImages: unsupported,
    getUsedBy: vi.fn(async () => []),
    scheduleSettings: vi.fn(async () => ({ timeZone: 'Europe/Stockholm', available: true })),
    // A record's Edit page with `schedule` lists no pending change unless a test gives some.
    scheduledChanges: vi.fn(async () => []),
    scheduleChange: unsupported,
    cancelScheduledChange: unsupported,
    productIds: unsupported,
    bulkProducts: unsupported,
    recordIds: unsupported,
    bulkRecords: unsupported,
    undoBulk: unsupported,
    // Screens with a History panel show it empty unless a test gives entries.
    getHistory: vi.fn(async () => ({ items: [], next: null })),
    undoHistory: unsupported,
    changePassword: unsupported,
    listSessions: vi.fn(async () => []),
    getTwoFactor: vi.fn(async () => ({ enabled: false, required: false })),
    startTwoFactor: unsupported,
    confirmTwoFactor: unsupported,
    disableTwoFactor: unsupported,
    renewRecoveryCodes: unsupported,
    endSession: unsupported,
    endOtherSessions: unsupported,
    endUserSessions: unsupported,
    listPasskeys: vi.fn(async () => []),
    addPasskey: unsupported,
    renamePasskey: unsupported,
    removePasskey: unsupported,
    ...overrides,
  };
}

interface Options {
  authProvider?: AppAuthProvider;
  dataProvider?: AppDataProvider;
  path?: string;
}

/** Renders a piece of the console inside react-admin's context, a router at `path`, and the toast area. */
export function renderInAdmin(ui: ReactNode, options: Options = {}): RenderResult {
  const { authProvider = fakeAuthProvider(userWith()), dataProvider = fakeDataProvider(), path = '/' } = options;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        theme={theme}
        darkTheme={darkTheme}
      >
        {ui}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Renders a public page (sign-in, forgot, reset) as the console does: no react-admin, its own toast area. */
export function renderPublic(ui: ReactNode, options: Pick<Options, 'authProvider' | 'path'> = {}): RenderResult {
  const { authProvider = fakeAuthProvider(null), path = '/' } = options;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PublicProviders authProvider={authProvider}>{ui}</PublicProviders>
    </MemoryRouter>,
  );
}
