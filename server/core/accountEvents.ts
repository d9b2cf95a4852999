import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AccountAction, SignInMethod } from '../../domain/account.js';
import type { HistoryDiff } from '../../domain/history.js';
import { describeAgent } from '../lib/userAgent.js';
import { record } from './history.js';
import { findUserByEmail } from './users.js';

/** Where a request came from: the client's address and its User-Agent header. */
export interface Origin {
  ip: string;
  userAgent?: string | null;
}

/**
 * A throttled pair (account and address) is recorded at most this often, so a script hammering it cannot fill the
 * history.
 */
const THROTTLED_EVERY_MS = 10 * 60_000;

/**
 * Sign-in and account events, kept in the change history as kind 'account' (so the Activity page lists, filters and
 * exports them like any change): the account's uid is the record, and the actor is whoever acted (the account itself,
 * or an admin ending its sessions). Only the address, the browser and counts are kept: never a password, a token,
 * a code, or an email typed that matches no account (it may be a password typed in the wrong field). Recording
 * never fails the request it describes: a failure is logged.
 */
export class AccountEvents {
  private readonly throttledAt = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly warn: (obj: object, msg: string) => void,
    /** Told after each event is kept: the dashboard counts failed sign-ins and second factors (services.ts). */
    private readonly kept: (action: AccountAction) => Promise<void> = async () => undefined,
  ) {}

  /** A successful sign-in, and how. */
  signedIn(uid: string, from: Origin, method: SignInMethod = 'password'): Promise<void> {
    return this.add(uid, uid, 'signedIn', { method: [null, method], ...where(from) });
  }

  /** A refused sign-in: on an account when the email is one's, else with no account named. */
  async signInFailed(email: string | null, from: Origin): Promise<void> {
    const uid = email ? ((await findUserByEmail(this.db, email))?.uid ?? null) : null;
    await this.add(uid, uid ?? '', 'signInFailed', where(from));
  }

  /** A sign-in refused by the throttle before it was tried; one entry per account and address every ten minutes. */
  async signInThrottled(email: string | null, from: Origin): Promise<void> {
    const uid = email ? ((await findUserByEmail(this.db, email))?.uid ?? null) : null;
    // Keyed by the account, not the email typed: a sprayer of made-up emails gets one entry per address, not one each.
    const key = `${uid ?? ''}|${from.ip}`;
    const now = Date.now();
    if ((this.throttledAt.get(key) ?? 0) > now - THROTTLED_EVERY_MS) return;
    if (this.throttledAt.size > 10_000) this.throttledAt.clear();
    this.throttledAt.set(key, now);
    await this.add(uid, uid ?? '', 'signInThrottled', where(from));
  }

  /** A refused passkey sign-in: on the account whose passkey was offered, when one is; never the credential itself. */
  passkeySignInFailed(uid: string | null, from: Origin): Promise<void> {
    return this.add(uid, uid ?? '', 'signInFailed', { method: [null, 'passkey'], ...where(from) });
  }

  /** A passkey of its owner's renamed: the name it had and the one it has. */
  passkeyRenamed(uid: string, before: string | null, name: string, from: Origin): Promise<void> {
    return this.add(uid, uid, 'passkeyRenamed', { passkey: [before ?? '', name], ...where(from) });
  }

  /** A passkey added to (or removed from) its owner's account, by its name; never its key or credential. */
  passkeyChanged(
    uid: string,
    action: 'passkeyAdded' | 'passkeyRemoved',
    name: string | null,
    from: Origin,
  ): Promise<void> {
    return this.add(uid, uid, action, { passkey: [null, name ?? ''], ...where(from) });
  }

  /** A password changed by its owner; `ended` other sessions ended with it. */
  passwordChanged(uid: string, from: Origin, ended: number): Promise<void> {
    return this.add(uid, uid, 'passwordChanged', { ...where(from), sessions: [null, ended] });
  }

  /** Sessions of `uid` ended by `actor` (the account itself, or an admin). Nothing is recorded when none ended. */
  async sessionsEnded(actor: string, uid: string, ended: number, from: Origin): Promise<void> {
    if (ended > 0) await this.add(actor, uid, 'sessionsEnded', { ...where(from), sessions: [null, ended] });
  }

  /** A second factor turned on by its owner (the first code from the authenticator app was right). */
  secondFactorAdded(uid: string, from: Origin): Promise<void> {
    return this.add(uid, uid, 'secondFactorAdded', where(from));
  }

  /** A second factor turned off: by its owner (from an address), or from the command line (`reset-2fa`, no actor). */
  secondFactorRemoved(actor: string | null, uid: string, from: Origin | null): Promise<void> {
    return this.add(actor, uid, 'secondFactorRemoved', from ? where(from) : {});
  }

  /** New recovery codes made by the owner (the old ones stop working); the codes themselves are never kept here. */
  recoveryCodesRenewed(uid: string, from: Origin): Promise<void> {
    return this.add(uid, uid, 'recoveryCodesRenewed', where(from));
  }

  private async add(actor: string | null, uid: string, action: AccountAction, diff: HistoryDiff): Promise<void> {
    try {
      await record(this.db, actor, [{ kind: 'account', recordId: uid, action, diff }]);
      await this.kept(action);
    } catch (err) {
      this.warn({ err, action }, 'could not record an account event');
    }
  }
}

/** The address and browser of a request, as an entry's fields. */
function where(from: Origin): HistoryDiff {
  const { browser, system } = describeAgent(from.userAgent);
  const agent = [browser, system].filter(Boolean).join(', ');
  return { address: [null, from.ip], ...(agent ? { browser: [null, agent] } : {}) };
}
