import { RETRY_OPERATION_MS, RETRY_UPLOAD_MS } from './constants.js';

// When the browser tries a call again, and the one doubling rule every backoff of ours uses (the browser's retries,
// upload chunk sizes, the sign-in throttle's waits, webhook deliveries).

/**
 * Step 0 is `first`, each further step twice the last, never above `cap`. Exact for any step: the exponent stops at 52
 * (past it 2^n is no longer an exact integer, and past 1023 it is Infinity), long after any cap is reached.
 */
export function doubling(step: number, first: number, cap: number): number {
  return Math.min(first * 2 ** Math.min(Math.max(step, 0), 52), cap);
}

/** True for answers worth retrying: no answer at all (0), 408, 429 and 5xx. */
export const isRetryable = (status: number): boolean =>
  status === 0 || status === 408 || status === 429 || status >= 500;

/**
 * Wait before retry number `attempt` (0-based): 1 s doubling, at most 32 s; `random` in [0, 1) adds up to 25 % jitter.
 */
export function retryWait(attempt: number, random = 0): number {
  const base = doubling(attempt, 1000, 32_000);
  return Math.round(base * (1 + 0.25 * random));
}

/** How long to keep retrying before giving up: 600 s for upload requests, 120 s for others. */
export const retryBudget = (kind: 'upload' | 'operation'): number =>
  kind === 'upload' ? RETRY_UPLOAD_MS : RETRY_OPERATION_MS;

/**
 * The wait a `Retry-After` header asks for, in ms: delta-seconds ("120") or an HTTP date (IMF-fixdate, the form
 * RFC 9110 has servers send: "Thu, 01 Jan 2026 00:00:30 GMT"), counted from `now`.
 * Undefined when absent or unreadable (the caller falls back to its own backoff); never negative.
 */
export function retryAfterMs(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
