import { and, sql } from 'drizzle-orm';
import type { Cargo } from '@vialex/domain';
import { liveSessionOf } from '../auth/live-session.js';
import { caseInScope } from '../cases/queries.js';

/*
 * A room this process opened for a session moments ago (sent-rooms.ts), used again by one
 * statement that checks what opening it checked: the session still live as this user with this
 * cargo, the case still in their scope, and the case row still the version the rules were read
 * on (its xmin), so a room blocked, an agent changed or a case archived since, on any instance,
 * makes the statement do nothing and the caller go the full way.
 */

/** The session a statement checks again: its rules and the case in the viewer's scope. */
export interface SessionCheck {
  sessionId: string;
  cargo: Cargo;
}

/**
 * open-in-session.ts's rules, over a statement's case row; its placeholders are `id` (the case),
 * `viewer`, `sid` and `cargo` (sessionValues).
 */
export const sessionGuard = (cargo: Cargo) =>
  and(
    caseInScope({ cargo }),
    liveSessionOf(sql.placeholder('sid'), sql`${sql.placeholder('viewer')}::uuid`, sql.placeholder('cargo')),
  )!;

/** sessionGuard's values. */
export const sessionValues = (caseId: string, viewerId: string, session: SessionCheck) => ({
  id: caseId,
  viewer: viewerId,
  sid: session.sessionId,
  cargo: session.cargo,
});
