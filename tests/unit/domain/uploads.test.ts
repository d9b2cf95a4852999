import { describe, expect, it } from 'vitest';
import { chunkPlan, chunkSize, isResumable } from '../../../domain/uploads.js';
import { isRetryable, retryBudget, retryWait } from '../../../domain/retry.js';

describe('upload chunk policy', () => {
  it('sends files up to 262144 bytes in one request and larger ones resumably', () => {
    expect(isResumable(262144)).toBe(false);
    expect(isResumable(262145)).toBe(true);
  });

  it('starts chunks at 262144 bytes and doubles them up to 33554432', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(chunkSize)).toEqual([
      262144, 524288, 1048576, 2097152, 4194304, 8388608, 16777216, 33554432, 33554432, 33554432,
    ]);
    expect(chunkSize(1000)).toBe(33554432);
  });

  it('plans chunks that add up to the file exactly', () => {
    const size = 30 * 1024 * 1024 + 123;
    const plan = chunkPlan(size);
    expect(plan.reduce((a, b) => a + b, 0)).toBe(size);
    expect(plan.slice(0, 3)).toEqual([262144, 524288, 1048576]);
    expect(plan).toHaveLength(7);
    expect(chunkPlan(100)).toEqual([100]);
    expect(chunkPlan(0)).toEqual([]);
  });
});

describe('upload retries', () => {
  it('retries no answer, 408, 429 and 5xx, and nothing else', () => {
    expect([0, 408, 429, 500, 502, 503, 599].every(isRetryable)).toBe(true);
    expect([200, 204, 400, 401, 403, 404, 409, 413, 415].some(isRetryable)).toBe(false);
  });

  it('backs off from 1 s doubling to at most 32 s, with at most 25 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => retryWait(a))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 32000, 32000,
    ]);
    expect(retryWait(2, 0.999)).toBeLessThanOrEqual(5000);
    expect(retryWait(2, 0.5)).toBe(4500);
  });

  it('gives up after 600 s for uploads and 120 s for other requests', () => {
    expect(retryBudget('upload')).toBe(600000);
    expect(retryBudget('operation')).toBe(120000);
  });
});
