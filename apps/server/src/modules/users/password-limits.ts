import type { FastifyReply, FastifyRequest } from 'fastify';
import { viewerOf, type AppContext } from '../../platform/context.js';
import { UserRateLimit } from '../../platform/user-rate-limit.js';

const MINUTE = 60_000;

/**
 * The routes that hash or verify a password for a signed-in user: one at a time per user (40
 * parallel changes stalled static files for 3 s through argon2's share of the thread pool), and
 * a window budget per kind. 'own' (change own password) also bounds guessing the current password
 * from a session left open; 'admin' (create a user, reset another's password) leaves room for
 * an administrator signing up a team.
 */
export const PASSWORD_LIMITS = {
  own: { max: 10, windowMs: 10 * MINUTE },
  admin: { max: 30, windowMs: 10 * MINUTE },
} as const;
export type PasswordCall = keyof typeof PASSWORD_LIMITS;

// One limiter per running server (the tests start several in one process).
const limiters = new WeakMap<AppContext, UserRateLimit<PasswordCall>>();

/** Runs a password route's work under the signed-in user's limits, or answers 429. */
export function passwordRateLimit(ctx: AppContext) {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = new UserRateLimit({ rules: PASSWORD_LIMITS, maxInFlight: 1 });
    limiters.set(ctx, limiter);
  }
  const active = limiter;
  return <T>(kind: PasswordCall, request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> =>
    active.run(kind, viewerOf(request).id, work, (seconds) => void reply.header('retry-after', String(seconds)));
}
