/** What the heartbeat needs of a socket (ws's WebSocket has it). */
export interface Pingable {
  ping(): void;
  terminate(): void;
  on(event: 'pong', listener: () => void): unknown;
}

/**
 * Pings each socket it holds once every `intervalMs` and terminates one that did not answer its
 * previous ping (a phone that lost its network leaves no close), calling `onDead` first.
 *
 * The sockets are split into SLOTS groups in turn, and one group is pinged every intervalMs / SLOTS:
 * an instance's thousand sockets are pinged over the interval, not in one burst whose pongs all come
 * back through the proxy at the same instant, holding the requests that arrive then. A socket is
 * still pinged every intervalMs, and dropped 1–2 intervals after its network went. 0 turns it off.
 */
export function heartbeat<S extends Pingable>(intervalMs: number, onDead: (socket: S) => void) {
  /** The groups; a socket's value in its group is whether it answered the last ping. */
  const slots = Array.from({ length: SLOTS }, () => new Map<S, boolean>());
  let added = 0;
  let tick = 0;
  const beat = () => {
    const slot = slots[tick++ % SLOTS];
    for (const [socket, answered] of slot) {
      if (!answered) {
        slot.delete(socket);
        onDead(socket);
        socket.terminate();
        continue;
      }
      slot.set(socket, false);
      try {
        socket.ping();
      } catch {
        // Not open any more: its close event removes it.
      }
    }
  };
  const timer = intervalMs > 0 ? setInterval(beat, intervalMs / SLOTS) : undefined;
  timer?.unref();
  return {
    add(socket: S) {
      const slot = slots[added++ % SLOTS];
      slot.set(socket, true);
      socket.on('pong', () => {
        if (slot.has(socket)) slot.set(socket, true);
      });
    },
    remove(socket: S) {
      for (const slot of slots) slot.delete(socket);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

const SLOTS = 10;
