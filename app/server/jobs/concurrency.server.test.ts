import { describe, expect, it } from 'vitest';
import { mapBounded } from './concurrency.server';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('mapBounded', () => {
  it('keeps the order of the answers and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapBounded([5, 1, 4, 2, 3], 2, async (n) => {
      running += 1;
      most = Math.max(most, running);
      for (let i = 0; i < n; i++) await tick();
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('stops starting items after the first failure and throws it once the others settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = mapBounded([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      await tick();
      settled += 1;
      if (n === 2) throw new Error('falhou o 2');
      return n;
    });
    await expect(run).rejects.toThrow('falhou o 2');
    expect(started.length).toBeLessThanOrEqual(3);
    expect(settled).toBe(started.length);
  });
});
