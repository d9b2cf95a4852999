import { doubling } from '../../domain/retry.js';

/** When a failed delivery is tried again, and when it is given up. */
export interface RetryPolicy {
  /** The wait after the first failure; each further failure doubles it. */
  baseMs: number;
  /** The longest wait between two tries. */
  capMs: number;
  /** No try starts later than this after the first one; past it, the delivery has failed. */
  giveUpMs: number;
}

/** Exponential backoff: 10 s doubling, capped at an hour, for a day. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, capMs: 3_600_000, giveUpMs: 24 * 3_600_000 };

/** The wait after the `failures`-th failure in a row (1 → baseMs, 2 → twice that, …), never above capMs. */
export const deliveryWait = (failures: number, policy: RetryPolicy): number =>
  doubling(failures - 1, policy.baseMs, policy.capMs);

/** When to try again after `failures` failures of something first tried at `startMs`, or null to give up. */
export function nextTry(startMs: number, failures: number, nowMs: number, policy: RetryPolicy): number | null {
  const at = nowMs + deliveryWait(failures, policy);
  return at - startMs > policy.giveUpMs ? null : at;
}
