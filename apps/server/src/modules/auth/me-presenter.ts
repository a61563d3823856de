import { normalizeDisponibilidad, userPhotoUrl, type Me } from '@vialex/domain';
import { sessionExpiresAt } from './session.js';
import type { Viewer, ViewerUser } from '../../platform/viewer.js';

/** The signed-in user as the API and the live channel show it. */
export function presentMe(user: ViewerUser, sessionStarted: Date): Me {
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
    foto: user.foto ? userPhotoUrl(user.id, user.foto) : null,
    sessionExpiresAt: sessionExpiresAt(user, sessionStarted).toISOString(),
  };
}

export const presentViewer = (viewer: Viewer) => presentMe(viewer.user, viewer.sessionStarted);
