import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readRows } from '../db/read.js';
import type { AccountSession } from '../../domain/account.js';
import { describeAgent } from '../lib/userAgent.js';
import type { Auth } from './index.js';
import { toDate } from './session.js';

interface Row {
  id: string;
  token: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: unknown;
  updatedAt: unknown;
  expiresAt: unknown;
}

const SESSIONS_SQL = `select "id", "token", "ipAddress", "userAgent", "createdAt", "updatedAt", "expiresAt"
  from auth_session where "userId" = ?`;

/**
 * A user's sessions still alive (not expired, not past the absolute timeout), newest first; tokens never leave here.
 */
async function liveRows(db: Kysely<Database>, uid: string, absoluteMs: number): Promise<Row[]> {
  const now = Date.now();
  const rows = await readRows<Row>(db, SESSIONS_SQL, [uid]);
  return rows
    .filter((r) => toDate(r.expiresAt).getTime() > now && now - toDate(r.createdAt).getTime() <= absoluteMs)
    .sort((a, b) => toDate(b.createdAt).getTime() - toDate(a.createdAt).getTime());
}

/** Account Settings → Sessions: each live session of `uid`, with browser and system from its User-Agent. */
export async function listSessionsOf(
  db: Kysely<Database>,
  uid: string,
  currentId: string | null,
  absoluteMs: number,
): Promise<AccountSession[]> {
  return (await liveRows(db, uid, absoluteMs)).map((r) => {
    const { browser, system } = describeAgent(r.userAgent);
    return {
      id: r.id,
      browser,
      system,
      address: r.ipAddress || null,
      signedIn: toDate(r.createdAt).toISOString(),
      lastUsed: toDate(r.updatedAt).toISOString(),
      current: r.id === currentId,
    };
  });
}

/** How many session rows a user has (expired ones too: what ending them all removes). */
export async function countSessions(db: Kysely<Database>, uid: string): Promise<number> {
  const [row] = await readRows<{ n: number | string }>(
    db,
    'select count(*) as n from auth_session where "userId" = ?',
    [uid],
  );
  return Number(row?.n ?? 0);
}

/**
 * Ends one session of `uid` by its id; false when it is not one of theirs. Through the library's adapter, so it is
 * gone for every instance at once (the session check reads the row, and the delete moves the user's generation on).
 */
export async function endSessionOf(auth: Auth, db: Kysely<Database>, uid: string, id: string): Promise<boolean> {
  const [row] = await readRows<{ token: string }>(
    db,
    'select "token" from auth_session where "id" = ? and "userId" = ?',
    [id, uid],
  );
  if (!row) return false;
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteSession(row.token);
  return true;
}

/** Ends every session of `uid`, or every one but `keepId`; answers how many ended. */
export async function endSessionsOf(
  auth: Auth,
  db: Kysely<Database>,
  uid: string,
  keepId: string | null = null,
): Promise<number> {
  const rows = await readRows<{ id: string; token: string }>(
    db,
    'select "id", "token" from auth_session where "userId" = ?',
    [uid],
  );
  const ctx = await auth.$context;
  if (keepId === null) {
    await ctx.internalAdapter.deleteUserSessions(uid);
    return rows.length;
  }
  const others = rows.filter((r) => r.id !== keepId);
  for (const r of others) await ctx.internalAdapter.deleteSession(r.token);
  return others.length;
}
