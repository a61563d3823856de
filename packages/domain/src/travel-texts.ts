import { LABELS } from './labels.js';
import { fmt } from './messages.js';

/*
 * How far and how long a trip is, in words: the case map's arrival times and the driver's
 * 'En camino · 9 min (3,1 km)' alike. Numbers as Colombia writes them (',' before the decimals, '.'
 * between thousands), without Intl: its first number formatter of a page loads ICU's data on
 * the phone's main thread.
 */

const T = LABELS.mapa;

/** '1.234' from 1234: a whole number with Colombia's thousands separator. */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** '4,3 km' from a kilometre up (one decimal, rounded half up), '850 m' below. */
export function distanceText(metres: number): string {
  const m = Math.max(0, metres);
  if (m >= 1000) {
    const tenths = Math.round(m / 100);
    return fmt(T.kilometros, { n: `${grouped(Math.floor(tenths / 10))},${tenths % 10}` });
  }
  return fmt(T.metros, { n: grouped(Math.round(m)) });
}

/** '12 min' (at least 1), '1 h 5 min'. */
export function durationText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return fmt(T.minutos, { n: minutes });
  return fmt(T.horas, { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** '12 min (4,3 km)': a leg of a route as the map and the case keep it. */
export function tripText(leg: { duracionS: number; distanciaM: number }): string {
  return `${durationText(leg.duracionS)} (${distanceText(leg.distanciaM)})`;
}
