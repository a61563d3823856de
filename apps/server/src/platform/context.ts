import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { LiveHub } from './live-hub.js';
import type { Viewer } from '../modules/auth/session.js';

/** What every module gets: settings, the database and the live hub. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  hub: LiveHub;
  /** The server's logger (set once the app is built). */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** The viewer of a route that ran the staff guard. */
export function viewerOf(request: { viewer: Viewer | null }): Viewer {
  if (!request.viewer) throw new Error('route is missing the staff guard');
  return request.viewer;
}
