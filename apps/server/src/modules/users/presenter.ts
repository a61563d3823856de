import { normalizeDisponibilidad, type Me } from '@vialex/domain';
import { sessionExpiresAt } from '../auth/session.js';
import type { UserRow, Viewer } from '../../platform/viewer.js';
import { photoUrlOf } from './photo-service.js';

/** The signed-in user as the API and the live channel show it. */
export function presentMe(user: UserRow, sessionStarted: Date): Me {
  return {
    id: user.id,
    nombres: user.nombres,
    apellidos: user.apellidos,
    email: user.email,
    cargo: user.cargo as Me['cargo'],
    area: user.area,
    disponibilidad: normalizeDisponibilidad(user.disponibilidad),
    duracion_sesion: user.duracion_sesion,
    gps: user.gps,
    ciudades: user.ciudades,
    foto: photoUrlOf(user),
    sessionExpiresAt: sessionExpiresAt(user, sessionStarted).toISOString(),
  };
}

export const presentViewer = (viewer: Viewer) => presentMe(viewer.user, viewer.sessionStarted);
