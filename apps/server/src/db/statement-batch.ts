/**
 * Calls of one statement that arrive together, run as one statement.
 *
 * A statement's round trip costs the server more than its work when the statement is small: the
 * write to PostgreSQL's socket (a wake-up of its backend on loopback), the read and decoding of
 * the answer, the pool. Under load many such calls are waiting at once (a position from each of
 * a thousand phones every few seconds), so each batch takes every call queued while the previous
 * one ran: one round trip for all of them. One batch runs at a time. Idle, a call runs on its own
 * once the event loop has read what else arrived (no timer); busy, the batches grow with the load.
 *
 * `run` gets the queued inputs in arrival order and answers one output for each, in the same
 * order. If it throws, every call of that batch fails with its error.
 */
export function statementBatch<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  opts: { maxSize?: number } = {},
): (input: I) => Promise<O> {
  const maxSize = opts.maxSize ?? 500;
  let queue: { input: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  let running = false;

  const flush = () => {
    if (running || queue.length === 0) return;
    running = true;
    const batch = queue.slice(0, maxSize);
    queue = queue.slice(batch.length);
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
        running = false;
        flush();
      });
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      // The calls of the requests read in this turn of the event loop join the first batch too.
      if (queue.length === 1 && !running) setImmediate(flush);
    });
}
