import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { LiveHub } from './live-hub.js';

/** What every module gets: settings, the database and the live hub. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  hub: LiveHub;
  /**
   * This server instance's id (platform/instances.ts): what its live sockets hold in the database
   * (room presence, watched positions) is recorded under it and given back if the instance dies.
   */
  instanceId: string;
  /** The server's logger (set once the app is built). */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * Counts a text sent on a live socket, from its frame to its answer, with the status its
   * answer carries (200 when saved), as the request histogram counts a POST (set by the metrics
   * when they are on).
   */
  observeLiveSend?(seconds: number, statusCode: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyContextConfig {
    /**
     * A staff route that checks the session inside its own statement: the staff scope's hook
     * only refuses a request without a session cookie (app.ts).
     */
    sessionCheckedByRoute?: boolean;
  }
}

/**
 * The viewer of a staff route (set by the staff scope's hook; its type is declared with the
 * request decoration in app.ts, above the modules that define it).
 */
export function viewerOf<V>(request: { viewer: V | null }): V {
  if (!request.viewer) throw new Error('route is missing the staff guard');
  return request.viewer;
}
