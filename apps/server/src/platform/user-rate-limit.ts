import { MSG } from '@vialex/domain';
import { AppError } from './errors.js';

export interface UserRateLimitRule {
  /** Calls admitted per user within the window. */
  max: number;
  windowMs: number;
}

export interface UserRateLimitOptions<K extends string> {
  /** One window budget per kind of call; every kind shares the in-flight limit. */
  rules: Record<K, UserRateLimitRule>;
  /** Calls of any kind one user may have running at once. */
  maxInFlight?: number;
  now?: () => number;
}

export const tooManyRequests = () => new AppError(429, 'TOO_MANY_REQUESTS', MSG.demasiadasSolicitudes);

/**
 * Per-user limits for costly work done on behalf of a signed-in user (argon2 hashing and
 * verification share libuv's four threads with static files and every other file or crypto
 * call): at most `maxInFlight` calls of a user running at once (another one is refused at
 * once, it does not wait), and at most `max` admitted calls per kind in a sliding window.
 * Refusals are 429 in the API's error shape with a Retry-After. In memory: the work it guards
 * runs in this process's thread pool, so the counts are per process.
 */
export class UserRateLimit<K extends string> {
  private readonly inFlight = new Map<string, number>();
  private readonly admitted = new Map<string, number[]>();
  private readonly maxInFlight: number;
  private readonly now: () => number;

  constructor(private readonly options: UserRateLimitOptions<K>) {
    this.maxInFlight = options.maxInFlight ?? 1;
    this.now = options.now ?? Date.now;
  }

  /**
   * Runs `work` for this user if the limits allow, or throws 429 without running it.
   * `onRefused` gets the seconds after which a retry may pass (for a Retry-After header).
   */
  async run<T>(
    kind: K,
    userId: string,
    work: () => Promise<T>,
    onRefused?: (retryAfterSeconds: number) => void,
  ): Promise<T> {
    const rule = this.options.rules[kind];
    const running = this.inFlight.get(userId) ?? 0;
    if (running >= this.maxInFlight) {
      onRefused?.(1);
      throw tooManyRequests();
    }
    const now = this.now();
    const key = `${kind}\u0000${userId}`;
    const recent = (this.admitted.get(key) ?? []).filter((t) => t > now - rule.windowMs);
    if (recent.length >= rule.max) {
      this.admitted.set(key, recent);
      onRefused?.(Math.max(1, Math.ceil((recent[0] + rule.windowMs - now) / 1000)));
      throw tooManyRequests();
    }
    recent.push(now);
    this.admitted.set(key, recent);
    this.inFlight.set(userId, running + 1);
    try {
      return await work();
    } finally {
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
      this.sweep(now);
    }
  }

  /** Drops users whose every admitted call left the window, so the maps hold only recent callers. */
  private sweep(now: number): void {
    if (this.admitted.size < 1024) return;
    const longest = Math.max(...Object.values<UserRateLimitRule>(this.options.rules).map((r) => r.windowMs));
    for (const [key, times] of this.admitted) if (!times.some((t) => t > now - longest)) this.admitted.delete(key);
  }
}
