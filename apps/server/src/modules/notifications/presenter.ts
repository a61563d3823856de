import type { NotificationItem } from '@vialex/domain';
import type { NotificationRow } from './queries.js';

/** A notice as its recipient sees it (contract: notificationResponse). */
export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    momento: row.momento,
    titulo: row.titulo,
    cuerpo: row.cuerpo,
    url: row.url,
    caso: row.caso,
    fechahora: row.fechahora.toISOString(),
    leida: row.leida,
  };
}
