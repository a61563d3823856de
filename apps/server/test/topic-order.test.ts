import { describe, expect, it } from 'vitest';
import { inTopicOrder } from '../src/modules/notifications/topic-order.js';

/** A send that starts when called and ends when the test says so. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    send: () => {
      log.push(`${name} starts`);
      return done.then(() => void log.push(`${name} ends`));
    },
    open: () => open(),
  };
}

/** Lets every callback already queued run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('pushes in Topic order', () => {
  it('a push of a Topic leaves only when the one before it has ended', async () => {
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((n) => gate(log, n));
    const sent = [a, b, c].map((g) => inTopicOrder('room-1', g.send));
    await settle();
    expect(log).toEqual(['a starts']);
    a.open();
    await settle();
    expect(log).toEqual(['a starts', 'a ends', 'b starts']);
    b.open();
    c.open();
    await Promise.all(sent);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);

    // A later push of the Topic, once the chain has emptied, starts at once.
    const d = gate(log, 'd');
    void inTopicOrder('room-1', d.send);
    await settle();
    expect(log.at(-1)).toBe('d starts');
    d.open();
  });

  it('other Topics, and pushes without one, do not wait', async () => {
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((n) => gate(log, n));
    void inTopicOrder('room-2', a.send);
    void inTopicOrder('room-3', b.send);
    void inTopicOrder(undefined, c.send);
    await settle();
    expect(log.sort()).toEqual(['a starts', 'b starts', 'c starts']);
    [a, b, c].forEach((g) => g.open());
  });
});
