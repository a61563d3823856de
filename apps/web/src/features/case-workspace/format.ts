import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { FORMAT_MESSAGE, LABELS, TIME_ZONE, fmt } from '@vialex/domain';

dayjs.extend(utc);
dayjs.extend(timezone);

/** DD/MM/YYYY HH:mm in Bogotá, whatever the device's zone (spec 2 §9, decisions.md D18). */
export function formatBogota(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(TIME_ZONE).format(FORMAT_MESSAGE) : '';
}

/** DD/MM/YYYY in Bogotá (policy dates). */
export function formatBogotaDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(TIME_ZONE).format('DD/MM/YYYY') : '—';
}

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
