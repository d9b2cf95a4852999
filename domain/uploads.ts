import { UPLOAD_CHUNK_MAX, UPLOAD_RESUMABLE_THRESHOLD } from './constants.js';
import { doubling } from './retry.js';

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
  return doubling(n, UPLOAD_RESUMABLE_THRESHOLD, UPLOAD_CHUNK_MAX);
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
