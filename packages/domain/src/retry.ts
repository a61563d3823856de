const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * The wait before a client's next attempt after its n-th failure in a row (ms): 2 s, 4 s, 8 s… up
 * to 30 s, each spread by ±25 %. The spread matters after an outage: the phones whose sends failed
 * during it come back over seconds, not all in the second the server returns.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}
