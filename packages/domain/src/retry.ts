const MAX_WAIT_MS = 30_000;

/**
 * `firstMs` doubling `n` times, up to 30 s, each spread by ±25 %. The spread matters after an
 * outage: the phones whose sends or sockets failed during it come back over seconds, not all in
 * the second the server returns.
 */
function backoffMs(firstMs: number, n: number, random: () => number): number {
  const base = Math.min(MAX_WAIT_MS, firstMs * 2 ** Math.max(0, n));
  return Math.round(base * (0.75 + random() * 0.5));
}

/** The wait before a client sends again after its n-th failure in a row (ms): 2 s, 4 s, 8 s… */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  return backoffMs(2_000, failures - 1, random);
}

/**
 * The wait before the live channel dials again (ms). After an open socket closed, anywhere in the
 * first second: the sockets of a server that died or restarted come back spread over it, half of
 * them within half a second. Then 2 s, 4 s… ±25 % while the dials fail (`attempt` counts the
 * dials since the socket was last open).
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  if (attempt <= 0) return Math.round(random() * 1_000);
  return backoffMs(1_000, attempt, random);
}
