import { LABELS, fmt, isClosedStatus, dayText, hourText } from '@vialex/domain';

/*
 * The driver's sentences about their case, one rule each, shared by the status card and the
 * información tab so the two never say different things.
 */

const L = LABELS.cliente;

/** The case's status in the driver's words: the status catalogue ('URI', 'CHOQUE SIMPLE') is the staff's (D6). */
export const clientStatusText = (estado: string) => (isClosedStatus(estado) ? L.estadoCerrado : L.estadoAbierto);

/** 'Llegó a las 10:42' the same day in Bogotá; 'Llegó el 02/03/2026 a las 10:42' after it. */
export function arrivedText(iso: string | null, now = new Date()): string | null {
  const fecha = dayText(iso);
  if (!fecha) return null;
  const hora = hourText(iso);
  return fecha === dayText(now) ? fmt(L.llegoALas, { hora }) : fmt(L.llegoElDia, { fecha, hora });
}
