import { z } from 'zod';
import {
  DISPONIBILIDADES,
  USER_STATUS_VISIBLE,
  can,
  canWriteUsers,
  mayAssignCities,
  mayWriteUser,
  normalizeDisponibilidad,
  type Cargo,
} from '@vialex/domain';
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
  const cargo = row.cargo as Cargo;
  const self = row.id === viewer.id;
  const writable = mayWriteUser(viewer.cargo, cargo) || (self && canWriteUsers(viewer.cargo));
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
    actions: {
      edit: writable,
      deactivate: writable && !self,
      assignCities: mayAssignCities(viewer.cargo, cargo),
      // One's own password is the key button's (it asks for the current one).
      changePassword: can(viewer.cargo, 'usuarios.changeOtherPassword') && !self,
      changeArea: viewer.cargo === 'Administrador',
      changeCargo: writable && !self,
      manageStatus: USER_STATUS_VISIBLE[viewer.cargo].includes(cargo),
    },
  };
}
