import { z } from 'zod';
import { DISPONIBILIDADES, normalizeDisponibilidad, userActions, type Cargo } from '@vialex/domain';
import type { Viewer } from '../auth/session.js';
import type { UserRow } from './queries.js';

export const userResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  identificacion: z.number(),
  telefono: z.string(),
  email: z.string(),
  cargo: z.string(),
  area: z.string(),
  estado: z.boolean(),
  ciudades: z.array(z.string()),
  disponibilidad: z.enum(DISPONIBILIDADES as [string, ...string[]]),
  login: z.boolean(),
  duracion_sesion: z.number(),
  creado: z.string(),
  actions: z.object({
    edit: z.boolean(),
    deactivate: z.boolean(),
    assignCities: z.boolean(),
    changePassword: z.boolean(),
    changeArea: z.boolean(),
    changeCargo: z.boolean(),
    manageStatus: z.boolean(),
  }),
});
export type UserResponse = z.infer<typeof userResponse>;

/** A user row with what this viewer may do with it (the web shows actions from this). */
export function presentUser(row: UserRow, viewer: Viewer): UserResponse {
  return {
    id: row.id,
    nombres: row.nombres,
    apellidos: row.apellidos,
    identificacion: row.identificacion,
    telefono: row.telefono,
    email: row.email,
    cargo: row.cargo,
    area: row.area,
    estado: row.estado,
    ciudades: row.ciudades,
    disponibilidad: normalizeDisponibilidad(row.disponibilidad),
    login: row.login,
    duracion_sesion: row.duracion_sesion,
    creado: row.creado.toISOString(),
    // What this viewer may do with this user: the user policy's rules (policies/user.ts).
    actions: userActions(viewer, { id: row.id, cargo: row.cargo as Cargo }),
  };
}
