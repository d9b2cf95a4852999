import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../../providers/local/authProvider';
import { userWith } from '../../components/helpers';

type Reply = { status: number; body?: unknown };

/** Answers fetch by path; records every call. */
function server(routes: Record<string, Reply | (() => Reply)>) {
  const calls: { path: string; method: string; body?: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    calls.push({ path, method: init.method ?? 'GET', body: typeof init.body === 'string' ? init.body : undefined });
    const route = routes[path];
    const reply =
      typeof route === 'function'
        ? route()
        : (route ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
  });
  return calls;
}
const unauthenticated = { status: 401, body: { error: { code: 'unauthenticated', message: 'Please sign in.' } } };
const stored = (s: Storage) => JSON.parse(s.getItem('console.user') ?? 'null') as Record<string, unknown> | null;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('local auth provider', () => {
  it('keeps an editor in local storage, without any token', async () => {
    server({
      '/api/auth/sign-in/email': { status: 200, body: { redirect: false, user: {} } },
      '/api/me': { status: 200, body: userWith({ isEditor: true }) },
    });
    await createAuthProvider().login({ email: 'ada@example.com', password: 'secret-pass' });
    expect(stored(localStorage)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      uid: 'u1',
      active: true,
      isAdmin: false,
      isEditor: true,
    });
    expect(stored(sessionStorage)).toBeNull();
  });

  it('keeps everyone else in session storage only', async () => {
    server({
      '/api/auth/sign-in/email': { status: 200, body: {} },
      '/api/me': { status: 200, body: userWith({ isAdmin: true }) },
    });
    await createAuthProvider().login({ email: 'ada@example.com', password: 'secret-pass' });
    expect(stored(sessionStorage)).toMatchObject({ isAdmin: true, isEditor: false });
    expect(stored(localStorage)).toBeNull();
  });

  it('stops after the password of an account with a second factor, and signs in with the code', async () => {
    const calls = server({
      '/api/auth/sign-in/email': { status: 200, body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } },
      '/api/auth/two-factor/verify-backup-code': { status: 200, body: { user: {} } },
      '/api/me': { status: 200, body: userWith() },
      '/api/me/two-factor': { status: 200, body: { enabled: true, required: false } },
    });
    const auth = createAuthProvider();
    expect(await auth.login({ email: 'ada@example.com', password: 'secret-pass' })).toEqual({
      redirectTo: '',
      secondFactor: true,
    });
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/sign-in/email']);
    expect(await auth.verifySecondFactor({ code: ' abcde-12345 ', recovery: true })).toEqual({ redirectTo: '/' });
    expect(calls[1]).toMatchObject({
      path: '/api/auth/two-factor/verify-backup-code',
      body: JSON.stringify({ code: 'abcde-12345' }),
    });
  });

  it(
    'lands a person REQUIRE_2FA covers on the set-up ' + 'page, and sends every refusal for want of one there',
    async () => {
      server({
        '/api/auth/sign-in/email': { status: 200, body: { user: {} } },
        '/api/me': { status: 200, body: userWith({ isAdmin: true }) },
        '/api/me/two-factor': { status: 200, body: { enabled: false, required: true } },
      });
      const auth = createAuthProvider();
      expect(await auth.login({ email: 'ada@example.com', password: 'secret-pass' })).toEqual({
        redirectTo: '/settings/two-factor',
      });
      await expect(auth.checkError({ status: 403, code: 'second_factor_required' })).rejects.toEqual({
        redirectTo: '/settings/two-factor',
        logoutUser: false,
        message: false,
      });
      // Any other 403 is a plain refusal: no redirect, still signed in.
      await expect(auth.checkError({ status: 403, code: 'forbidden' })).resolves.toBeUndefined();
    },
  );

  it('rejects a failed sign-in with the status, and keeps nothing', async () => {
    server({
      '/api/auth/sign-in/email': { status: 429, body: { error: { code: 'throttled', message: 'Too many attempts.' } } },
    });
    await expect(createAuthProvider().login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts.',
    });
    expect(stored(sessionStorage)).toBeNull();
  });

  it('checks the session with the server and refreshes the stored record (role changes show)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let me = userWith({ isEditor: true });
    server({ '/api/me': () => ({ status: 200, body: me }) });
    const auth = createAuthProvider();
    await auth.checkAuth({});
    expect(await auth.getPermissions()).toMatchObject({ isEditor: true });
    me = userWith({ isEditor: false });
    vi.setSystemTime(Date.now() + 60_000);
    await auth.checkAuth({});
    expect(await auth.getPermissions()).toMatchObject({ isEditor: false });
    expect(stored(localStorage)).toBeNull();
  });

  it('sends someone without a session to /signin and forgets the stored record', async () => {
    sessionStorage.setItem('console.user', JSON.stringify(userWith()));
    server({ '/api/me': unauthenticated });
    await expect(createAuthProvider().checkAuth({})).rejects.toMatchObject({ redirectTo: '/signin' });
    expect(stored(sessionStorage)).toBeNull();
  });

  it('asks whether anyone is signed in before /api/me when this browser keeps no one: nothing refused', async () => {
    const calls = server({ '/api/auth/get-session': { status: 200, body: null }, '/api/me': unauthenticated });
    const auth = createAuthProvider();
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/signin', message: false });
    // The first screen's prefetch and the page's own check share one question.
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/signin' });
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/get-session']);
  });

  it('goes on to /api/me when the library knows a session this browser does not keep', async () => {
    const calls = server({
      '/api/auth/get-session': { status: 200, body: { session: { id: 's1' }, user: { id: 'u1' } } },
      '/api/me': { status: 200, body: userWith({ isEditor: true }) },
    });
    await createAuthProvider().checkAuth({});
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/get-session', '/api/me']);
    expect(stored(localStorage)).toMatchObject({ isEditor: true });
  });

  it('signs out on a 401 from any call, but not on a 403', async () => {
    const auth = createAuthProvider();
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/signin' });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
  });

  it('ends the server session on sign-out and clears the stored record', async () => {
    sessionStorage.setItem('console.user', JSON.stringify(userWith()));
    const calls = server({ '/api/auth/sign-out': { status: 200, body: { success: true } } });
    await createAuthProvider().logout({});
    expect(calls).toEqual([{ path: '/api/auth/sign-out', method: 'POST', body: '{}' }]);
    expect(stored(sessionStorage)).toBeNull();
  });

  it('sends a signed-out screen to /signin, but leaves someone already on a public page there', async () => {
    window.history.replaceState(null, '', '/products/products');
    expect(await createAuthProvider().logout({})).toBe('/signin');
    window.history.replaceState(null, '', '/forgot');
    expect(await createAuthProvider().logout({})).toBe(false);
    window.history.replaceState(null, '', '/');
  });

  it('lets each role into its areas only, and denies unknown ones', async () => {
    server({ '/api/me': { status: 200, body: userWith({ isEditor: true }) } });
    const auth = createAuthProvider();
    const can = (resource: string) => auth.canAccess({ resource, action: 'access' });
    expect(await can('products')).toBe(true);
    expect(await can('languages')).toBe(true);
    expect(await can('users')).toBe(false);
    expect(await can('secrets')).toBe(false);
  });

  it('asks for a reset mail pointing at /reset-password', async () => {
    const calls = server({ '/api/auth/request-password-reset': { status: 200, body: { status: true } } });
    await createAuthProvider().requestPasswordReset('ada@example.com');
    expect(JSON.parse(calls[0]!.body ?? '')).toEqual({ email: 'ada@example.com', redirectTo: '/reset-password' });
  });
});
