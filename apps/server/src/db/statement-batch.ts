/**
 * Calls of one statement that arrive together, run as one statement.
 *
 * A statement's round trip costs the server more than its work when the statement is small: the
 * write to PostgreSQL's socket (a wake-up of its backend on loopback), the read and decoding of
 * the answer, the pool. Under load many such calls are waiting at once (a position from each of
 * a thousand phones every few seconds), so each batch takes every call queued while the previous
 * one ran: one round trip for all of them. One batch runs at a time, unless it stalls. Idle, a call
 * runs on its own once the event loop has read what else arrived (it never waits on a clock);
 * busy, the batches grow with the load.
 *
 * `run` gets the queued inputs in arrival order and answers one output for each, in the same
 * order. If it throws, every call of that batch fails with its error.
 */
export function statementBatch<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  opts: { maxSize?: number; stallMs?: number } = {},
): (input: I) => Promise<O> {
  const maxSize = opts.maxSize ?? 500;
  // A statement stuck on a dead connection (until TCP gives up: minutes) must not hold back every
  // later call: past this, the next batch starts beside it. Its own calls still wait for it.
  const stallMs = opts.stallMs ?? 2000;
  let queue: { input: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  /** The batch the next one waits for, if any. */
  let holding: object | undefined;

  const flush = () => {
    if (holding || queue.length === 0) return;
    const batch = queue.slice(0, maxSize);
    queue = queue.slice(batch.length);
    const self = {};
    holding = self;
    const release = () => {
      if (holding !== self) return;
      holding = undefined;
      flush();
    };
    const stalled = setTimeout(release, stallMs);
    stalled.unref();
    run(batch.map((c) => c.input))
      .then(
        (outputs) => {
          if (outputs.length !== batch.length)
            throw new Error(`statementBatch: ${outputs.length} answers for ${batch.length} calls`);
          batch.forEach((c, i) => c.resolve(outputs[i]));
        },
        (err: unknown) => batch.forEach((c) => c.reject(err)),
      )
      .catch((err: unknown) => batch.forEach((c) => c.reject(err)))
      .finally(() => {
        clearTimeout(stalled);
        release();
      });
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      // The calls of the requests read in this turn of the event loop join the first batch too.
      if (queue.length === 1 && !holding) setImmediate(flush);
    });
}

/**
 * statementBatch per key (a database handle, a server's context): each key batches its own calls,
 * its batcher made on first use and let go with the key.
 */
export function statementBatchPer<K extends object, I, O>(
  run: (key: K, inputs: I[]) => Promise<O[]>,
  opts?: { maxSize?: number; stallMs?: number },
): (key: K, input: I) => Promise<O> {
  const batches = new WeakMap<K, (input: I) => Promise<O>>();
  return (key, input) => {
    let call = batches.get(key);
    if (!call) batches.set(key, (call = statementBatch((inputs: I[]) => run(key, inputs), opts)));
    return call(input);
  };
}
