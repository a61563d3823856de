import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry.js';

describe('retryDelayMs', () => {
  it('doubles from 2 s up to 30 s', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => retryDelayMs(n, middle))).toEqual([
      2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('spreads each wait by a quarter either way', () => {
    expect(retryDelayMs(1, () => 0)).toBe(1500);
    expect(retryDelayMs(1, () => 0.999999)).toBe(2500);
    expect(retryDelayMs(9, () => 0)).toBe(22500);
    const waits = new Set(Array.from({ length: 50 }, () => retryDelayMs(3)));
    expect(waits.size).toBeGreaterThan(10);
    for (const w of waits) expect(w >= 6000 && w <= 10000).toBe(true);
  });
});
