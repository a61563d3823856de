import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartbeat } from '../src/platform/heartbeat.js';

/** A socket that counts its pings and answers them unless told not to. */
class FakeSocket extends EventEmitter {
  pings = 0;
  terminated = false;
  constructor(private answers = true) {
    super();
  }
  ping() {
    this.pings++;
    if (this.answers) queueMicrotask(() => this.emit('pong'));
  }
  terminate() {
    this.terminated = true;
  }
}

const INTERVAL = 30_000;

describe('heartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings each socket once an interval, a tenth of them at a time', async () => {
    const beat = heartbeat<FakeSocket>(INTERVAL, () => {});
    const sockets = Array.from({ length: 100 }, () => new FakeSocket());
    for (const s of sockets) beat.add(s);
    const pinged = () => sockets.reduce((n, s) => n + s.pings, 0);
    // Each tenth of the interval pings a tenth of the sockets, not all of them at once.
    for (let k = 1; k <= 10; k++) {
      await vi.advanceTimersByTimeAsync(INTERVAL / 10);
      expect(pinged()).toBe(10 * k);
    }
    expect(sockets.every((s) => s.pings === 1)).toBe(true);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(sockets.every((s) => s.pings === 2 && !s.terminated)).toBe(true);
    beat.stop();
  });

  it('drops a socket that did not answer its ping at its next one, and forgets one removed', async () => {
    const dead: FakeSocket[] = [];
    const beat = heartbeat<FakeSocket>(INTERVAL, (s) => dead.push(s));
    const silent = new FakeSocket(false);
    const lively = new FakeSocket();
    const gone = new FakeSocket(false);
    for (const s of [silent, lively, gone]) beat.add(s);
    beat.remove(gone);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect([silent.pings, lively.pings, gone.pings]).toEqual([1, 1, 0]);
    expect(silent.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(silent.terminated).toBe(true);
    expect(dead).toEqual([silent]);
    expect(lively.terminated).toBe(false);
    expect(gone.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(silent.pings).toBe(1);
    expect(lively.pings).toBe(3);
    beat.stop();
  });

  it('pings nothing with an interval of 0', async () => {
    const beat = heartbeat<FakeSocket>(0, () => {});
    const s = new FakeSocket();
    beat.add(s);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(s.pings).toBe(0);
    beat.stop();
  });
});
