import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createUser,
  dialects,
  rawToken,
  sessionCookie,
  signInRaw,
  startApp,
  type ApiResult,
  type TestApp,
  type TestUser,
} from '../helpers/index.js';

// Issue 33 item 4: the session lives in the HttpOnly cookie only (routes/auth.ts, routes/account.ts). No answer of
// the identity routes may carry a session's raw token, whichever route the library has and whoever calls it.

/** Every route the identity library serves (its endpoints and its plugins'), with its methods. */
function libraryRoutes(t: TestApp): { path: string; methods: string[] }[] {
  const endpoints = Object.values(t.services.auth.api) as unknown as {
    path?: string;
    options?: { method?: string | string[] };
  }[];
  const routes = new Map<string, Set<string>>();
  for (const e of endpoints) {
    if (typeof e?.path !== 'string' || !e.path.startsWith('/')) continue;
    const given = e.options?.method ?? ['GET', 'POST'];
    const methods = (Array.isArray(given) ? given : [given]).filter((m) => m === 'GET' || m === 'POST');
    const path = e.path.replace(/:[a-zA-Z]+/g, 'x');
    const set = routes.get(path) ?? new Set<string>();
    for (const m of methods.length > 0 ? methods : ['GET', 'POST']) set.add(m);
    routes.set(path, set);
  }
  return [...routes].map(([path, methods]) => ({ path, methods: [...methods] }));
}

describe.each(dialects())('no answer carries a session token (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  /** Signs in: the Cookie header and the raw token of its session, which must be in no answer. */
  async function session(user: TestUser): Promise<{ cookie: string; token: string; answer: ApiResult }> {
    const answer = await signInRaw(t, user.email, user.password);
    expect(answer.status, answer.text).toBe(200);
    return { cookie: cookieHeader(answer.headers), token: rawToken(sessionCookie(answer.headers)!), answer };
  }

  /** Everything a page could read of an answer: its body and every header but Set-Cookie (HttpOnly). */
  const readable = (res: ApiResult): string =>
    res.text + JSON.stringify([...res.headers].filter(([name]) => name.toLowerCase() !== 'set-cookie'));

  it('get-session answers the session without its token', async () => {
    const user = await createUser(t, 'editor');
    const { cookie, token, answer } = await session(user);
    expect(readable(answer)).not.toContain(token);
    const res = await t.api('GET', '/api/auth/get-session', { cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.json.session.userId).toBe(user.uid);
    expect(res.json.session.token).toBeUndefined();
    expect(readable(res)).not.toContain(token);
  });

  it('list-sessions and revoke-session, which deal in tokens, are not served (ours deal in ids)', async () => {
    const user = await createUser(t, 'editor');
    const { cookie } = await session(user);
    const other = await session(user);
    const list = await t.api('GET', '/api/auth/list-sessions', { cookie });
    expect(list.status).toBe(404);
    expect(list.json.error.code).toBe('not_found');
    const revoke = await t.api('POST', '/api/auth/revoke-session', { cookie, body: { token: other.token } });
    expect(revoke.status).toBe(404);
    expect((await t.api('GET', '/api/me', { cookie: other.cookie })).status).toBe(200);
    const ours = await t.api('GET', '/api/me/sessions', { cookie });
    expect(ours.json.items).toHaveLength(2);
  });

  it("no route of the library, called with a session by GET and by POST, answers any session's token", async () => {
    const user = await createUser(t, 'admin');
    const seen: string[] = [];
    let current = await session(user);
    seen.push(current.token);
    const routes = libraryRoutes(t);
    // The library's own list: sessions, sign-out, passkeys and the second factor are all in it.
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/get-session', '/list-sessions', '/sign-out', '/two-factor/enable']),
    );
    const leaks: string[] = [];
    for (const { path, methods } of routes) {
      for (const method of methods) {
        // A call that ended the session (sign-out, revoke-sessions…) is followed by a new sign-in.
        if ((await t.api('GET', '/api/me', { cookie: current.cookie })).status !== 200) {
          current = await session(user);
          seen.push(current.token);
        }
        const body = method === 'POST' ? { token: current.token, password: user.password } : undefined;
        const res = await t.api(method, `/api/auth${path}`, { cookie: current.cookie, body });
        expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
        if (seen.some((token) => readable(res).includes(token))) leaks.push(`${method} ${path} ${res.status}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
