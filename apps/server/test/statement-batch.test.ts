import { describe, expect, it, vi } from 'vitest';
import { statementBatch } from '../src/db/statement-batch.js';

/** A statement stand-in that records each batch it ran and answers when told to. */
function recorder<I>() {
  const batches: I[][] = [];
  const pending: { resolve: () => void }[] = [];
  const run = (inputs: I[]) => {
    batches.push(inputs);
    return new Promise<string[]>((resolve) =>
      pending.push({ resolve: () => resolve(inputs.map((i) => `done ${String(i)}`)) }),
    );
  };
  const answerNext = async () => {
    while (pending.length === 0) await new Promise((r) => setImmediate(r));
    pending.shift()!.resolve();
  };
  return { batches, run, answerNext };
}

describe('statementBatch', () => {
  it('runs the calls of one turn as one batch, in order, each answered its own output', async () => {
    const r = recorder<number>();
    const call = statementBatch(r.run);
    const answers = Promise.all([call(1), call(2), call(3)]);
    await r.answerNext();
    expect(await answers).toEqual(['done 1', 'done 2', 'done 3']);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('queues the calls that arrive while a batch runs and runs them together after it', async () => {
    const r = recorder<number>();
    const call = statementBatch(r.run);
    const first = call(1);
    while (r.batches.length === 0) await new Promise((res) => setImmediate(res));
    const later = [call(2), call(3), call(4)];
    // Nothing more runs while the first batch is out.
    await new Promise((res) => setImmediate(res));
    expect(r.batches).toEqual([[1]]);
    await r.answerNext();
    expect(await first).toBe('done 1');
    await r.answerNext();
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('splits a queue longer than maxSize', async () => {
    const r = recorder<number>();
    const call = statementBatch(r.run, { maxSize: 2 });
    const all = Promise.all([1, 2, 3, 4, 5].map((n) => call(n)));
    for (let i = 0; i < 3; i++) await r.answerNext();
    expect(await all).toHaveLength(5);
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('gather: the first call of an idle batcher waits for others, up to ms or until size are queued', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const r = recorder<number>();
      const call = statementBatch(r.run, { gather: { ms: 25, size: 3 } });
      // Calls one by one within the window share one statement…
      const first = [call(1)];
      await vi.advanceTimersByTimeAsync(10);
      first.push(call(2));
      await vi.advanceTimersByTimeAsync(14);
      expect(r.batches).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(r.batches).toEqual([[1, 2]]);
      await r.answerNext();
      expect(await Promise.all(first)).toEqual(['done 1', 'done 2']);
      // …and a full window goes at once, without waiting for the clock.
      const full = [call(3), call(4), call(5)];
      await new Promise((res) => setImmediate(res));
      expect(r.batches).toEqual([
        [1, 2],
        [3, 4, 5],
      ]);
      await r.answerNext();
      expect(await Promise.all(full)).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a batch stuck past stallMs no longer holds the next back; its own calls still wait for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const r = recorder<number>();
      const call = statementBatch(r.run, { stallMs: 2000 });
      let stuckDone = false;
      const stuck = call(1).then((x) => ((stuckDone = true), x));
      while (r.batches.length === 0) await new Promise((res) => setImmediate(res));
      const next = call(2);
      await new Promise((res) => setImmediate(res));
      expect(r.batches).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(2000);
      while (r.batches.length < 2) await new Promise((res) => setImmediate(res));
      expect(r.batches).toEqual([[1], [2]]);
      // The first call still waits for its own statement.
      expect(stuckDone).toBe(false);
      await r.answerNext();
      expect(await stuck).toBe('done 1');
      await r.answerNext();
      expect(await next).toBe('done 2');
    } finally {
      vi.useRealTimers();
    }
  });

  it("fails every call of a batch with the statement's error, and runs the next batch", async () => {
    let fail = true;
    const call = statementBatch(async (inputs: number[]) => {
      if (fail) throw new Error('connection lost');
      return inputs.map((i) => i * 10);
    });
    const results = await Promise.allSettled([call(1), call(2)]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('connection lost'));
    fail = false;
    expect(await call(3)).toBe(30);
  });

  it('fails the calls when the statement answers a different count', async () => {
    const call = statementBatch(async (inputs: number[]) => inputs.slice(1));
    await expect(Promise.all([call(1), call(2)])).rejects.toThrow('1 answers for 2 calls');
  });
});
