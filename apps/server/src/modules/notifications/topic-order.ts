/** The last push of each Topic under way on this instance. */
const tails = new Map<string, Promise<void>>();

/**
 * Pushes of one Topic leave one after another. The push service keeps only the latest of a Topic
 * for a phone that is off, so a burst sent side by side could leave it the second-to-last
 * message if the requests crossed on the way (seen with five chat messages on a busy machine).
 * Without a Topic, `send` starts at once. `send` must not reject: the next one waits on it.
 */
export function inTopicOrder(topic: string | undefined, send: () => Promise<void>): Promise<void> {
  if (!topic) return send();
  const tail = (tails.get(topic) ?? Promise.resolve()).then(send);
  tails.set(topic, tail);
  void tail.finally(() => {
    if (tails.get(topic) === tail) tails.delete(topic);
  });
  return tail;
}
