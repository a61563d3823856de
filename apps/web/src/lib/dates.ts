import { TIME_ZONE } from '@vialex/domain';

/**
 * Every date the app shows, one format per kind, in Bogotá whatever the device's zone (D18):
 * - a moment (a message, a notice, a list's creation, a session's end): DD/MM/YYYY HH:mm (spec 2 §9);
 * - a record (HISTORIAL DE GESTIÓN, reports, exports, audit): YYYY-MM-DD HH:mm:ss (spec 3 §2);
 * - a day (a policy's dates): DD/MM/YYYY; a time of day: HH:mm.
 * Intl only, no date library: the driver's light route uses it too. An empty or unreadable
 * instant is ''.
 */
type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const bogota = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function parts(instant: string | number | Date | null | undefined): Parts | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) return null;
  const out = {} as Parts;
  for (const p of bogota.formatToParts(d)) if (p.type in PART_NAMES) out[p.type as keyof Parts] = p.value;
  return out;
}
const PART_NAMES = { year: 1, month: 1, day: 1, hour: 1, minute: 1, second: 1 };

type Instant = string | number | Date | null | undefined;

/** DD/MM/YYYY HH:mm. */
export function momentText(at: Instant): string {
  const p = parts(at);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** YYYY-MM-DD HH:mm:ss. */
export function recordText(at: Instant): string {
  const p = parts(at);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : '';
}

/** DD/MM/YYYY. */
export function dayText(at: Instant): string {
  const p = parts(at);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** HH:mm. */
export function hourText(at: Instant): string {
  const p = parts(at);
  return p ? `${p.hour}:${p.minute}` : '';
}
