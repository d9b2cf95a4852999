import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, deliveryWait, nextTry } from '../../../server/core/deliveryRetry.js';

const S = 1000;
const H = 3600 * S;

describe('webhook retry schedule', () => {
  it('waits 10 s after the first failure, doubling, capped at an hour', () => {
    const delays = Array.from({ length: 12 }, (_, i) => deliveryWait(i + 1, DEFAULT_RETRY) / S);
    expect(delays).toEqual([10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600, 3600]);
    expect(deliveryWait(5000, DEFAULT_RETRY)).toBe(H);
  });

  it('keeps trying for a day from the first try, then gives up', () => {
    const start = 0;
    let at = start;
    let tries = 1;
    for (;;) {
      const next = nextTry(start, tries, at, DEFAULT_RETRY);
      if (next === null) break;
      expect(next - at).toBe(deliveryWait(tries, DEFAULT_RETRY));
      at = next;
      tries++;
    }
    // 10 s … 2560 s (about 85 minutes in all), then hourly until the day is over: 9 + 22 waits.
    expect(at - start).toBeLessThanOrEqual(24 * H);
    expect(at - start + H).toBeGreaterThan(24 * H);
    expect(tries).toBe(32);
  });
});
