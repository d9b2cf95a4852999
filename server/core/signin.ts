import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { Backoff, Throttle } from './throttle.js';

const HOUR = 3600_000;

/** What an identity request is, as far as throttling goes. */
export interface Attempt {
  /** 'passkey': a passkey sign-in's challenge, counted against the address's ceiling as a reset request is. */
  kind: 'signIn' | 'requestReset' | 'reset' | 'passkey';
  /** The client's address. */
  ip: string;
  /** The account's email (sign-in and reset requests), trimmed and lower-case. */
  email: string | null;
}

/**
 * The throttling rules of the identity routes (decisions.md, 'Throttling is ours'): failed sign-ins per account and
 * address together back off, never locking the account itself; each address has a ceiling across accounts; reset
 * mails are capped per account.
 */
export class SignInGuard {
  private readonly backoff: Backoff;
  private readonly perAddress: Throttle;
  private readonly resetMails: Throttle;

  /** `onFailure` hears each failed sign-in (for /metrics): refused by the identity check, or throttled before it. */
  constructor(
    db: Kysely<Database>,
    failuresPerHour: number,
    addressCeiling = 100,
    private readonly onFailure: (reason: 'refused' | 'throttled') => void = () => undefined,
  ) {
    this.backoff = new Backoff(db, failuresPerHour, HOUR);
    this.perAddress = new Throttle(db, addressCeiling, HOUR);
    this.resetMails = new Throttle(db, failuresPerHour, HOUR);
  }

  /**
   * Before the attempt: null to go ahead, or how many seconds to wait (0 when the wait has no set end). Counts what it
   * lets through, but sign-ins, which count only when they fail.
   */
  async admit(a: Attempt): Promise<number | null> {
    const wait = await this.decide(a);
    if (wait !== null && a.kind === 'signIn') this.onFailure('throttled');
    return wait;
  }

  private async decide(a: Attempt): Promise<number | null> {
    const address = `ip:${a.ip}`;
    if (await this.perAddress.blocked(address)) return 0;
    if (a.kind === 'signIn' && a.email) {
      const wait = await this.backoff.waitMs(pairKey(a));
      if (wait > 0) return Math.ceil(wait / 1000);
      return null;
    }
    await this.perAddress.hit(address);
    if (a.kind === 'requestReset' && a.email) {
      // Reset mails per account too, so nobody can flood one inbox from many machines.
      if (await this.resetMails.blocked(`reset:${a.email}`)) return 0;
      await this.resetMails.hit(`reset:${a.email}`);
    }
    return null;
  }

  /** After a refused sign-in. */
  async failed(a: Attempt): Promise<void> {
    this.onFailure('refused');
    await this.perAddress.hit(`ip:${a.ip}`);
    if (a.email) await this.backoff.fail(pairKey(a));
  }

  /** After a successful sign-in: that address starts afresh for that account. */
  async succeeded(a: Attempt): Promise<void> {
    if (a.email) await this.backoff.clear(pairKey(a));
  }
}

const pairKey = (a: Attempt): string => `signin:${a.email}|${a.ip}`;
