import { describe, expect, it } from 'vitest';
import { limiter } from '../../../server/lib/limit.js';

describe('limiter', () => {
  it('runs at most n tasks at a time, in the order they came, and frees slots after failures', async () => {
    const run = limiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (n: number, fail = false) =>
      run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(n);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (fail) throw new Error(`task ${n}`);
        return n;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4, true), task(5), task(6)]);
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    // Every slot came back: two more run side by side at once.
    await Promise.all([task(7), task(8)]);
    expect(peak).toBe(2);
    expect(order.slice(-2)).toEqual([7, 8]);
  });
});
