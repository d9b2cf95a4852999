import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../../domain/retry.js';

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delta-seconds as milliseconds', () => {
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
  });

  it('reads an HTTP date as the time left until it, never negative', () => {
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('answers undefined for no header or one it cannot read', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
    expect(retryAfterMs('1.5', now)).toBeUndefined();
  });
});
