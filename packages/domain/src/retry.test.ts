import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, retryDelayMs } from './retry.js';

const middle = () => 0.5;

describe('retryDelayMs', () => {
  it('doubles from 2 s up to 30 s', () => {
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

describe('reconnectDelayMs', () => {
  it('dials again within the first second after an open socket closed, spread over all of it', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(0);
    expect(reconnectDelayMs(0, middle)).toBe(500);
    expect(reconnectDelayMs(0, () => 0.999999)).toBe(1000);
  });

  it('then waits 2 s, doubling up to 30 s, ±25 %, while the dials fail', () => {
    expect([1, 2, 3, 4, 5, 12].map((n) => reconnectDelayMs(n, middle))).toEqual([
      2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(reconnectDelayMs(1, () => 0)).toBe(1500);
  });
});
