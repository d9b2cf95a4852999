import { RETRY_OPERATION_MS, RETRY_UPLOAD_MS, UPLOAD_CHUNK_MAX, UPLOAD_RESUMABLE_THRESHOLD } from './constants.js';

/** An upload's states, as the spec names them. */
export type UploadState = 'running' | 'paused' | 'success' | 'canceled' | 'error';

/** What a finished upload answers: the stored image's address and its thumbnail. */
export interface UploadedImage {
  address: string;
  thumbnail: string;
  width: number;
  height: number;
}

/** Whether a file goes in one request (up to the threshold) or resumably in chunks. */
export const isResumable = (size: number): boolean => size > UPLOAD_RESUMABLE_THRESHOLD;

/** The size of chunk number n (0-based): 262144 bytes, doubling each time, at most 33554432. */
export function chunkSize(n: number): number {
  return Math.min(UPLOAD_RESUMABLE_THRESHOLD * 2 ** Math.min(n, 30), UPLOAD_CHUNK_MAX);
}

/** The chunk sizes that carry a file of `size` bytes from the start. */
export function chunkPlan(size: number): number[] {
  const plan: number[] = [];
  for (let sent = 0, n = 0; sent < size; n++) {
    const c = Math.min(chunkSize(n), size - sent);
    plan.push(c);
    sent += c;
  }
  return plan;
}

/** True for answers worth retrying: no answer at all (0), 408, 429 and 5xx. */
export const isRetryable = (status: number): boolean => status === 0 || status === 408 || status === 429 || status >= 500;

/** Wait before retry number `attempt` (0-based): 1 s doubling, at most 32 s; `random` in [0, 1) adds up to 25 % jitter. */
export function retryDelay(attempt: number, random = 0): number {
  const base = Math.min(1000 * 2 ** attempt, 32_000);
  return Math.round(base * (1 + 0.25 * random));
}

/** How long to keep retrying before giving up: 600 s for upload requests, 120 s for others. */
export const retryBudget = (kind: 'upload' | 'operation'): number => (kind === 'upload' ? RETRY_UPLOAD_MS : RETRY_OPERATION_MS);

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
