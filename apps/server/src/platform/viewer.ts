import type { Cargo } from '@vialex/domain';
import type { usuarios } from '../db/schema/index.js';

/*
 * Who a request is for, as every module's rules read it: the auth module signs staff in and
 * loads this for each request; the rest only read it, so it lives beneath them all.
 */

export type UserRow = typeof usuarios.$inferSelect;

/**
 * The user's columns a request's rules and answers read, and the session check's rules: every
 * staff request loads them, so no more (the whole row was 26 columns to describe and decode).
 */
export const VIEWER_USER_COLUMNS = [
  'id',
  'uiid',
  'nombres',
  'apellidos',
  'identificacion',
  'email',
  'cargo',
  'area',
  'duracion_sesion',
  'disponibilidad',
  'gps',
  'ciudades',
  'foto',
  'estado',
  'login',
  'token_login',
] as const satisfies readonly (keyof UserRow)[];
export type ViewerUser = Pick<UserRow, (typeof VIEWER_USER_COLUMNS)[number]>;

/** The signed-in staff user behind a request. */
export interface Viewer {
  id: string;
  cargo: Cargo;
  user: ViewerUser;
  sessionId: string;
  sessionStarted: Date;
}
