import { normalizeDisponibilidad, userActions, type Cargo, type UserResponse } from '@vialex/domain';
import type { Viewer } from '../../platform/viewer.js';
import { photoUrlOf } from './photo-service.js';
import type { UserRow } from './queries.js';

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
    foto: photoUrlOf(row),
    // What this viewer may do with this user: the user policy's rules (policies/user.ts).
    actions: userActions(viewer, { id: row.id, cargo: row.cargo as Cargo }),
  };
}
