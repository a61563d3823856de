import { MSG, TITLES } from '@vialex/domain';

/** The notification centre's texts (the catalogue's). */
export const NOTIFICATION_TEXTS = {
  titulo: TITLES.notificaciones,
  abrir: MSG.abrirNotificaciones,
  sinLeer: MSG.notificacionesSinLeer,
  vacio: MSG.sinNotificaciones,
  marcarTodas: MSG.marcarTodasLeidas,
  verMas: MSG.verMasNotificaciones,
  cargando: MSG.cargando,
  error: MSG.errorServidor,
  reintentar: MSG.reintentar,
} as const;
