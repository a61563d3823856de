import { TIME_ZONE } from '@vialex/domain';

const parts = (iso: string, opts: Intl.DateTimeFormatOptions) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('es-CO', { timeZone: TIME_ZONE, hourCycle: 'h23', ...opts }).formatToParts(d))
    out[p.type] = p.value;
  return out;
};

/** DD/MM/YYYY HH:mm in Bogotá whatever the phone's zone (spec 2 §9), without a date library on this route. */
export function formatBogota(iso: string | null | undefined): string {
  if (!iso) return '';
  const p = parts(iso, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** HH:mm in Bogotá. */
export function formatBogotaTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const p = parts(iso, { hour: '2-digit', minute: '2-digit' });
  return p ? `${p.hour}:${p.minute}` : '';
}
