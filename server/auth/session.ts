import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { readRows, readValueNow } from '../db/read.js';
import type { Database, UsersTable } from '../db/schema.js';
import { toUser } from '../core/users.js';
import type { Auth } from './index.js';
import { GENERATION_SQL } from './generations.js';
import type { LiveSession, SessionCache } from './sessionCache.js';

export type { LiveSession } from './sessionCache.js';

type Row = Selectable<UsersTable> & {
  session_id: string;
  session_token: string;
  session_created: unknown;
  session_expires: unknown;
  session_gen: number | string;
};

/** Cookie header → name → value, decoded as the identity library decodes it. */
function cookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      if (!out.has(name)) out.set(name, value.includes('%') ? decodeURIComponent(value) : value);
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

const SESSION_SQL = `select u.*, s."id" as session_id, s."token" as session_token, s."createdAt" as session_created,
  s."expiresAt" as session_expires, coalesce(g."gen", 0) as session_gen
  from auth_session s join auth_user a on a."id" = s."userId" join users u on u."id" = s."userId"
  left join session_generations g on g."uid" = s."userId"
  where s."token" = ?`;

// Signed cookies already checked, per secret: a browser sends the same cookie on every request, and checking it
// again costs as much as the session query. Cleared when full; a forged value is never kept.
const checked = new Map<string, Set<string>>();
const CHECKED_MAX = 10_000;

/** Whether `signature` is the library's signature of `token`: base64 HMAC-SHA256 with the auth secret. */
function signedBy(secret: string, signed: string, token: string, signature: string): boolean {
  let known = checked.get(secret);
  if (known?.has(signed)) return true;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  if (!known) checked.set(secret, (known = new Set()));
  if (known.size >= CHECKED_MAX) known.clear();
  known.add(signed);
  return true;
}

/** Dates come back as Date (PostgreSQL), ISO text or epoch milliseconds (SQLite). */
export function toDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) return new Date(Number(v));
  return new Date(String(v));
}

/**
 * A kept session for this Cookie header whose user's generation is unchanged, checked without a promise where the
 * database answers at once (SQLite outside a transaction). Undefined when that cannot be decided so: nothing kept,
 * a generation moved on (the kept session is dropped), or PostgreSQL; then liveSession decides as always.
 */
export function keptSessionNow(
  db: Kysely<Database>,
  cookieHeader: string | undefined,
  cache: SessionCache | null,
): LiveSession | undefined {
  if (!cookieHeader || !cache) return undefined;
  const kept = cache.get(cookieHeader, Date.now());
  if (!kept) return undefined;
  const gen = readValueNow(db, GENERATION_SQL, [kept.live.user.uid]);
  if (gen === undefined) return undefined;
  if (Number(gen) === kept.gen) return kept.live;
  cache.delete(cookieHeader);
  return undefined;
}

/**
 * The common case of the per-request session check in one query: a correctly signed session cookie whose
 * session is live and not yet due for its sliding refresh. Returns null for everything else (no cookie, a bad
 * signature, a missing, expired or due session, a dont-remember or cached-session cookie), and the caller then
 * asks the identity library, which refreshes, expires and clears cookies as it always did. Profiled in
 * BENCHMARKS.md: the library's getSession was most of every API request's time.
 */
export async function liveSession(
  auth: Auth,
  db: Kysely<Database>,
  cookieHeader: string | undefined,
  cache: SessionCache | null = null,
): Promise<LiveSession | null> {
  if (!cookieHeader) return null;
  const kept = cache?.get(cookieHeader, Date.now());
  if (kept) {
    // Kept, and still good only if nothing about this user changed since it was read (any instance, any writer).
    const [now] = await readRows<{ gen: number | string }>(db, GENERATION_SQL, [kept.live.user.uid]);
    if (Number(now?.gen) === kept.gen) return kept.live;
    cache!.delete(cookieHeader);
  }
  const ctx = await auth.$context;
  const jar = cookies(cookieHeader);
  if (jar.has(ctx.authCookies.dontRememberToken.name) || jar.has(ctx.authCookies.sessionData.name)) return null;
  const signed = jar.get(ctx.authCookies.sessionToken.name);
  const dot = signed ? signed.lastIndexOf('.') : -1;
  if (!signed || dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  if (!signedBy(ctx.secret, signed, token, signature)) return null;

  const [row] = await readRows<Row>(db, SESSION_SQL, [token]);
  if (!row) return null;
  const expires = toDate(row.session_expires).getTime();
  const { expiresIn, updateAge } = ctx.sessionConfig;
  // Expired, or due for the sliding refresh that sends a new cookie: the library's job.
  const refreshAt = expires - expiresIn * 1000 + updateAge * 1000;
  const now = Date.now();
  if (!(expires > now) || refreshAt <= now) return null;
  const live = {
    id: row.session_id,
    token: row.session_token,
    createdAt: toDate(row.session_created),
    user: toUser(row),
  };
  // The generation came from the same statement as the row, so a change committed after it shows as a newer one.
  cache?.set(cookieHeader, { live, gen: Number(row.session_gen), expires, refreshAt, keepUntil: now + cache.ttlMs });
  return live;
}
