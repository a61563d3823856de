import type { Cargo } from '@vialex/domain';
import type { usuarios } from '../db/schema/index.js';

/*
 * Who a request is for, as every module's rules read it: the auth module signs staff in and
 * loads this for each request; the rest only read it, so it lives beneath them all.
 */

export type UserRow = typeof usuarios.$inferSelect;

/** The signed-in staff user behind a request. */
export interface Viewer {
  id: string;
  cargo: Cargo;
  user: UserRow;
  sessionId: string;
  sessionStarted: Date;
}
