import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { meets, type Access } from '../../domain/permissions.js';
import type { User } from '../../domain/users.js';
import type { Auth } from '../auth/index.js';
import type { Database } from '../db/schema.js';
import { findUser } from '../core/users.js';
import { keptSessionNow, liveSession, type LiveSession } from '../auth/session.js';
import { DomainError } from '../core/errors.js';
import { SessionCache } from '../auth/sessionCache.js';
import { meetsSecondFactor, policyCovers } from '../auth/twoFactor.js';
import type { SecondFactorPolicy } from '../../domain/twoFactor.js';
import { said } from '../../domain/translate.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (a list: all its levels). Every route must say, or the server refuses to start. */
    access?: Access | readonly Access[];
    /** Open to a person REQUIRE_2FA covers who has no second factor yet (what the set-up page needs). */
    beforeSecondFactor?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user's record, set by the access guard on every non-public route. */
    user: User | null;
    sessionId: string | null;
  }
}

/**
 * Deny by default: each route declares its access and the guard checks it on every request. Answers how a route
 * that is public to the guard (the identity library's) finds the request's active user, with the same kept sessions.
 */
export function registerAccess(
  app: FastifyInstance,
  options: { auth: Auth; db: Kysely<Database>; absoluteMs: number; cacheMs: number; require2fa: SecondFactorPolicy },
): (req: FastifyRequest, reply: FastifyReply) => Promise<User | null> {
  const deps = { ...options, cache: new SessionCache(options.cacheMs) };
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  // Each route that is not public gets its own guard, made once with the route's levels: a public route (the app's
  // files, the health check, the feed) runs no guard, and a guarded one reads nothing of its options per request.
  app.addHook('onRoute', (route) => {
    const given = route.config?.access;
    if (!given) {
      // Static files of the browser app and the API docs are public; any other /api route must say.
      if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
        throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it (config.access).`);
      }
      route.config = { ...route.config, access: 'public' };
      return;
    }
    const levels: readonly Access[] = typeof given === 'string' ? [given] : [...given];
    if (levels.every((level) => level === 'public')) return;
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // First among the route's own hooks, as the one guard for every route was before them.
    route.onRequest = [guardOf(levels, route.config?.beforeSecondFactor === true, deps), ...own];
  });
  return (req, reply) => currentUser(req, reply, deps);
}

/**
 * The onRequest check of a route open to `levels`, before the body is parsed and validated: a caller who may not use a
 * route learns nothing of its schema. A callback rather than an async function, so a kept session checked at once
 * (SQLite) for a person REQUIRE_2FA does not cover costs no promise.
 */
function guardOf(
  levels: readonly Access[],
  beforeSecondFactor: boolean,
  deps: { auth: Auth; db: Kysely<Database>; absoluteMs: number; cache: SessionCache; require2fa: SecondFactorPolicy },
): onRequestHookHandler {
  const allowed = (user: User): boolean => levels.every((level) => meets(user, level));
  return (req, reply, done) => {
    const kept = keptSessionNow(deps.db, req.headers.cookie, deps.cache);
    if (kept && usable(kept, deps.absoluteMs)) {
      const user = take(req, kept);
      if (!allowed(user)) return done(new DomainError('forbidden', said('errors.forbidden')));
      if (beforeSecondFactor || !policyCovers(deps.require2fa, user)) return done();
    }
    currentUser(req, reply, deps)
      .then(async (user) => {
        if (!user) return new DomainError('unauthenticated', said('errors.unauthenticated'));
        if (!allowed(user)) return new DomainError('forbidden', said('errors.forbidden'));
        // REQUIRE_2FA, on every route but the set-up page's (a query only when the policy covers this person).
        if (!beforeSecondFactor && (await lacksSecondFactor(deps.db, deps.require2fa, user))) {
          return new DomainError('second_factor_required', said('twoFactor.required'));
        }
        return undefined;
      })
      .then((refusal) => done(refusal), done);
  };
}

/** The person a Cookie header signs in now (no kept session: read afresh), or null. */
export const userNow = (
  cookie: string | undefined,
  deps: { auth: Auth; db: Kysely<Database>; absoluteMs: number },
): Promise<User | null> => currentUser({ headers: { cookie }, user: null, sessionId: null }, null, deps);

/**
 * Whether REQUIRE_2FA covers this person and they have no second factor yet: then only the set-up page's routes answer.
 */
export async function lacksSecondFactor(
  db: Kysely<Database>,
  policy: SecondFactorPolicy,
  user: User,
): Promise<boolean> {
  return policyCovers(policy, user) && !(await meetsSecondFactor(db, user.uid));
}

/** What the session check reads of a request (and sets on it): an open event stream checks again with its cookie. */
export interface Caller {
  headers: { cookie?: string };
  user: User | null;
  sessionId: string | null;
}

/** Resolves the session cookie to an active user record, or null; ends sessions past their absolute timeout. */
export async function currentUser(
  req: Caller,
  reply: FastifyReply | null,
  deps: { auth: Auth; db: Kysely<Database>; absoluteMs: number; cache?: SessionCache },
): Promise<User | null> {
  if (req.user) return req.user;
  // The common case in one query (or a kept session and its generation); anything unusual goes to the library below.
  const live = await liveSession(deps.auth, deps.db, req.headers.cookie, deps.cache ?? null);
  if (live) return accept(req, live.user, live.id, live.createdAt, live.token, deps);
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  const { headers: out, response: found } = await deps.auth.api.getSession({ headers, returnHeaders: true });
  // A sliding refresh of the session comes back as a new cookie; pass it on.
  const cookies = out.getSetCookie();
  if (cookies.length > 0 && reply) void reply.header('set-cookie', cookies);
  if (!found) return null;
  const user = await findUser(deps.db, found.user.id);
  return accept(req, user, found.session.id, new Date(found.session.createdAt), found.session.token, deps);
}

/**
 * Whether a session may be taken as it is: its record active and its absolute timeout not passed (a session past it
 * goes through accept, which ends it).
 */
const usable = (live: LiveSession, absoluteMs: number): boolean =>
  live.user.active && Date.now() - live.createdAt.getTime() <= absoluteMs;

/** Makes the session's user the request's. */
function take(req: Caller, live: LiveSession): User {
  req.user = live.user;
  req.sessionId = live.id;
  return live.user;
}

/** Ends a session past its absolute timeout; otherwise takes its user if the record is active. */
async function accept(
  req: Caller,
  user: User | null,
  sessionId: string,
  createdAt: Date,
  token: string,
  deps: { auth: Auth; absoluteMs: number },
): Promise<User | null> {
  if (Date.now() - createdAt.getTime() > deps.absoluteMs) {
    const ctx = await deps.auth.$context;
    await ctx.internalAdapter.deleteSession(token);
    return null;
  }
  // Role and active changes take effect on the next request: the record is read, or its generation checked, every time.
  if (!user || !user.active) return null;
  return take(req, { id: sessionId, token, createdAt, user });
}
