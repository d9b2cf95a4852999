import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirebaseApp } from 'firebase/app';
import { createFirebaseProviders } from '../../../providers/firebase';
import type { LiveStatus } from '../../../base/backend';

// The Firebase provider set with the SDK mocked at its boundary (firebase/auth, firebase/firestore): what the set
// decides from the SDK's answers. The same calls against the real SDK and emulators: tests/firebase (fb-tests).

type Account = { uid: string };
const sdk = vi.hoisted(() => {
  const state = {
    current: null as Account | null,
    listeners: new Set<(u: Account | null) => void>(),
    docs: {} as Record<string, Record<string, unknown>>,
    snapshots: new Map<string, { next: (s: unknown) => void; error: (e: unknown) => void }>(),
    unsubscribed: [] as string[],
  };
  const setUser = (u: Account | null): void => {
    state.current = u;
    for (const l of state.listeners) l(u);
  };
  return { state, setUser };
});

vi.mock('firebase/auth', () => ({
  getAuth: () => ({
    get currentUser() {
      return sdk.state.current;
    },
  }),
  onAuthStateChanged: (_auth: unknown, cb: (u: Account | null) => void) => {
    sdk.state.listeners.add(cb);
    queueMicrotask(() => cb(sdk.state.current));
    return () => sdk.state.listeners.delete(cb);
  },
  signInWithEmailAndPassword: vi.fn(async (_a: unknown, email: string, password: string) => {
    if (password !== 'right password') throw Object.assign(new Error('bad'), { code: 'auth/invalid-credential' });
    sdk.setUser({ uid: email.split('@')[0] ?? '' });
    return { user: sdk.state.current };
  }),
  signOut: vi.fn(async () => sdk.setUser(null)),
  setPersistence: vi.fn(async () => undefined),
  browserLocalPersistence: 'local-persistence',
  browserSessionPersistence: 'session-persistence',
  sendPasswordResetEmail: vi.fn(async () => undefined),
  confirmPasswordReset: vi.fn(async () => undefined),
}));

vi.mock('firebase/firestore', () => ({
  getFirestore: () => ({}),
  doc: (_db: unknown, ...path: string[]) => ({ path: path.join('/') }),
  getDoc: vi.fn(async (ref: { path: string }) => {
    const data = sdk.state.docs[ref.path];
    return { id: ref.path.split('/')[1], exists: () => data !== undefined, data: () => data };
  }),
  onSnapshot: (ref: { path: string }, next: (s: unknown) => void, error: (e: unknown) => void) => {
    sdk.state.snapshots.set(ref.path, { next, error });
    return () => sdk.state.unsubscribed.push(ref.path);
  },
}));

const { setPersistence, signOut } = await import('firebase/auth');
const staff = (flags: Record<string, unknown>) => ({
  firstName: 'Eva',
  lastName: 'Berg',
  email: 'eva@x.se',
  uid: 'eva',
  ...flags,
});
const make = () => createFirebaseProviders({ app: {} as FirebaseApp, bundleVersion: '9.9.9' });

beforeEach(() => {
  sdk.state.current = null;
  sdk.state.listeners.clear();
  sdk.state.docs = {};
  sdk.state.snapshots.clear();
  sdk.state.unsubscribed = [];
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('Firebase auth provider (SDK mocked)', () => {
  it('signs in an active editor: users/{uid} decides, kept in local storage and local persistence', async () => {
    sdk.state.docs['users/eva'] = staff({ active: true, isEditor: true, isAdmin: false });
    const { authProvider } = make();
    await expect(authProvider.login({ email: 'eva@x.se', password: 'right password' })).resolves.toEqual({
      redirectTo: '/',
    });
    expect(setPersistence).toHaveBeenCalledWith(expect.anything(), 'local-persistence');
    expect(JSON.parse(localStorage.getItem('console.user') ?? 'null')).toMatchObject({ uid: 'eva', isEditor: true });
    await expect(authProvider.getPermissions()).resolves.toMatchObject({
      active: true,
      isEditor: true,
      isAdmin: false,
    });
  });

  it('keeps a non-editor for the tab only', async () => {
    sdk.state.docs['users/eva'] = staff({ active: true, isEditor: false, isAdmin: true });
    await make().authProvider.login({ email: 'eva@x.se', password: 'right password' });
    expect(setPersistence).toHaveBeenCalledWith(expect.anything(), 'session-persistence');
    expect(localStorage.getItem('console.user')).toBeNull();
    expect(sessionStorage.getItem('console.user')).not.toBeNull();
  });

  it.each([
    ['an inactive record', staff({ active: false, isEditor: true })],
    ['no record', undefined],
  ])('refuses %s with the spec message and signs out again', async (_what, record) => {
    if (record) sdk.state.docs['users/eva'] = record;
    const { authProvider } = make();
    const failure = await authProvider
      .login({ email: 'eva@x.se', password: 'right password' })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 401, message: 'Invalid details or email already in use.' });
    expect(signOut).toHaveBeenCalled();
    expect(sdk.state.current).toBeNull();
    expect(localStorage.getItem('console.user')).toBeNull();
  });

  it('refuses a wrong password with the same message, without reading any record', async () => {
    const { getDoc } = await import('firebase/firestore');
    const failure = await make()
      .authProvider.login({ email: 'eva@x.se', password: 'wrong' })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 401, message: 'Invalid details or email already in use.' });
    expect(getDoc).not.toHaveBeenCalled();
  });

  it('ends a session whose record was deactivated meanwhile at the next check', async () => {
    sdk.state.docs['users/eva'] = staff({ active: true, isEditor: true });
    const { authProvider } = make();
    await authProvider.login({ email: 'eva@x.se', password: 'right password' });
    sdk.state.docs['users/eva'] = staff({ active: false, isEditor: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 600); // past the 500 ms the record read is shared
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/signin' });
    expect(sdk.state.current).toBeNull();
  });
});

describe('Firebase live gate (SDK mocked)', () => {
  it('is open before sign-in, follows app/status once signed in, and is open again after sign-out', async () => {
    sdk.state.docs['users/eva'] = staff({ active: true, isEditor: true });
    const { authProvider, dataProvider } = make();
    const heard: LiveStatus[] = [];
    const stop = dataProvider.subscribeAppStatus((s) => heard.push(s));
    await vi.waitFor(() => expect(heard).toEqual([{ active: true, version: '9.9.9' }]));

    await authProvider.login({ email: 'eva@x.se', password: 'right password' });
    await vi.waitFor(() => expect(sdk.state.snapshots.has('app/status')).toBe(true));
    const feed = sdk.state.snapshots.get('app/status')!;
    feed.next({ data: () => ({ active: false }) });
    feed.next({ data: () => ({ active: true, version: '1.0.0' }) });
    feed.next({ data: () => undefined });
    feed.error(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    expect(heard.slice(1)).toEqual([
      { active: false, version: '9.9.9' },
      { active: true, version: '1.0.0' },
      null,
      null,
    ]);

    await authProvider.logout({});
    expect(sdk.state.unsubscribed).toEqual(['app/status']);
    expect(heard.at(-1)).toEqual({ active: true, version: '9.9.9' });
    stop();
  });
});
