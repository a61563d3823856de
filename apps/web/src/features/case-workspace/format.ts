import { LABELS, fmt, momentText } from '@vialex/domain';

/** The header's name for the domain's momentText (DD/MM/YYYY HH:mm in Bogotá): the same formatter, not a copy. */
export const formatBogota = momentText;

const T = LABELS.espacio.tiempo;
/** The time between two instants in short words: '5 min', '2 h 10 min', '3 d 4 h'. */
export function elapsed(fromIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return T.menosDeUnMinuto;
  if (minutes < 60) return fmt(T.minutos, { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return fmt(T.horas, { h: hours, m: minutes % 60 });
  return fmt(T.dias, { d: Math.floor(hours / 24), h: hours % 24 });
}
