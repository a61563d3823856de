/**
 * Calls of one statement that arrive together, run as one statement.
 *
 * A statement's round trip costs the server more than its work when the statement is small: the
 * write to PostgreSQL's socket (a wake-up of its backend on loopback), the read and decoding of
 * the answer, the pool. Under load many such calls are waiting at once (a position from each of
 * a thousand phones every few seconds), so each batch takes every call queued while the previous
 * one ran: one round trip for all of them. One batch runs at a time, unless it stalls. Idle, a call
 * runs on its own once the event loop has read what else arrived; busy, the batches grow with the
 * load.
 *
 * `gather` is for a steady stream between the two, where calls come one by one, each after the
 * last batch has ended, and so each would be a statement of its own: the first call of an idle
 * batcher waits up to `ms` for others, or until `size` are queued, whichever comes first (what
 * Kafka's producer calls linger). A statement a call saves costs PostgreSQL a round trip and a
 * commit; the wait costs the call `ms` at most.
 *
 * `run` gets the queued inputs in arrival order and answers one output for each, in the same
 * order. If it throws, every call of that batch fails with its error.
 */
export function statementBatch<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  opts: BatchOptions = {},
): (input: I) => Promise<O> {
  const maxSize = opts.maxSize ?? 500;
  const gather = opts.gather;
  // A statement stuck on a dead connection (until TCP gives up: minutes) must not hold back every
  // later call: past this, the next batch starts beside it. Its own calls still wait for it.
  const stallMs = opts.stallMs ?? 2000;
  let queue: { input: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  /** The batch the next one waits for, if any. */
  let holding: object | undefined;
  /** The first call's wait for others (gather), while it lasts. */
  let gathering: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(gathering);
    gathering = undefined;
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
      if (holding) return;
      if (gather) {
        if (queue.length === 1) gathering = setTimeout(flush, gather.ms);
        else if (queue.length >= gather.size) flush();
      }
      // The calls of the requests read in this turn of the event loop join the first batch too.
      else if (queue.length === 1) setImmediate(flush);
    });
}

export interface BatchOptions {
  /** The most calls in one batch (default 500). */
  maxSize?: number;
  /** A batch out longer than this no longer holds the next one back (default 2,000 ms). */
  stallMs?: number;
  /** The first call of an idle batcher waits up to `ms` for others, or until `size` are queued. */
  gather?: { ms: number; size: number };
}

/**
 * statementBatch per key (a database handle, a server's context): each key batches its own calls,
 * its batcher made on first use and let go with the key.
 */
export function statementBatchPer<K extends object, I, O>(
  run: (key: K, inputs: I[]) => Promise<O[]>,
  opts?: BatchOptions,
): (key: K, input: I) => Promise<O> {
  const batches = new WeakMap<K, (input: I) => Promise<O>>();
  return (key, input) => {
    let call = batches.get(key);
    if (!call) batches.set(key, (call = statementBatch((inputs: I[]) => run(key, inputs), opts)));
    return call(input);
  };
}
