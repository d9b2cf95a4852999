import type { User } from '../../domain/users.js';

/** A verified session as the access guard uses it. */
export interface LiveSession {
  id: string;
  token: string;
  createdAt: Date;
  user: User;
}

/** A session kept after one full check, with what decides whether it may still be used. */
export interface KeptSession {
  live: LiveSession;
  /** The user's generation read in the same statement as the session and record (server/auth/generations.ts). */
  gen: number;
  /** Epoch ms: the session's expiry, its sliding-refresh time (the library's job), and the end of keeping it. */
  expires: number;
  refreshAt: number;
  keepUntil: number;
}

/**
 * Sessions verified recently, by the exact Cookie header that carried them. A kept session is used only while its
 * user's generation in the database is unchanged (read on every request: one indexed row), it is not yet due for
 * its refresh or expiry, and it was kept less than `ttlMs` ago. The cache saves the cookie parsing, the signature
 * check and the three-table session read; it never decides alone (docs/decisions.md, "Kept sessions").
 */
export class SessionCache {
  private readonly kept = new Map<string, KeptSession>();

  constructor(
    readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  /** Whether sessions are kept at all (SESSION_CACHE_SECONDS=0 turns it off). */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The kept session for this Cookie header, if it is still within its times; a stale one is dropped. */
  get(cookieHeader: string, now: number): KeptSession | undefined {
    const k = this.kept.get(cookieHeader);
    if (!k) return undefined;
    if (now < k.keepUntil && now < k.refreshAt && now < k.expires) return k;
    this.kept.delete(cookieHeader);
    return undefined;
  }

  /** Keeps a session just checked in full. Long headers are not kept, so memory stays bounded. */
  set(cookieHeader: string, k: KeptSession): void {
    if (!this.enabled || cookieHeader.length > 2048) return;
    if (this.kept.size >= this.max) this.kept.clear();
    Object.freeze(k.live.user);
    this.kept.set(cookieHeader, k);
  }

  /** Forgets a session whose user's generation moved on. */
  delete(cookieHeader: string): void {
    this.kept.delete(cookieHeader);
  }
}
