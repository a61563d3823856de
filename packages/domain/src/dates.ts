import { BOGOTA_OFFSET_MS } from './constants.js';

/**
 * Every date Vialex writes for people, one format per kind, in Bogotá whatever the device's or
 * the server's zone (D18): the app's screens and the server's PDFs alike.
 * - a moment (a message, a notice, a list's creation, a session's end): DD/MM/YYYY HH:mm (spec 2 §9);
 * - a record (HISTORIAL DE GESTIÓN, reports, exports, audit): YYYY-MM-DD HH:mm:ss (spec 3 §2);
 * - a day (a policy's dates): DD/MM/YYYY; a time of day: HH:mm.
 * No date library and no Intl: Bogotá's clock is UTC's moved by its fixed offset. In the app, the
 * first Intl formatter of a page loads ICU's data, 20–50 ms of the main thread at every load on a
 * 2-core machine, more on a phone. An empty or unreadable instant is ''.
 */
type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const two = (n: number) => String(n).padStart(2, '0');

function parts(instant: string | number | Date | null | undefined): Parts | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  if (Number.isNaN(ms)) return null;
  const d = new Date(ms - BOGOTA_OFFSET_MS);
  return {
    year: String(d.getUTCFullYear()).padStart(4, '0'),
    month: two(d.getUTCMonth() + 1),
    day: two(d.getUTCDate()),
    hour: two(d.getUTCHours()),
    minute: two(d.getUTCMinutes()),
    second: two(d.getUTCSeconds()),
  };
}

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
