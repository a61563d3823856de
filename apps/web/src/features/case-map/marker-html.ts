import { LABELS } from '@vialex/domain';
import type { MarkerModel, Rol } from './model';

/**
 * The markers' own drawing (inline SVG in an L.divIcon: no marker images from another origin,
 * which the Content-Security-Policy forbids): a pin of the role's colour and glyph with a label
 * under it. A stale or location-off position is grey and dashed, with its age in the label.
 */

/** Material icons' paths (24×24): the client, the accident's place, the lawyer, the investigator, the destination. */
const GLYPHS = {
  cliente:
    'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4',
  lugar:
    'M18 1c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5m.5 6h-1V3h1zm0 1v1h-1V8zm-.59 5c.06.16.09.33.09.5 0 .83-.67 1.5-1.5 1.5s-1.5-.67-1.5-1.5c0-.39.15-.74.39-1.01-1.63-.66-2.96-1.91-3.71-3.49H5.81l1.04-3H11c0-.69.1-1.37.29-2H6.5c-.66 0-1.21.42-1.42 1.01L3 11v8c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1h12v1c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-6.68c-1.05.51-2.16.69-3.09.68M7.5 15c-.83 0-1.5-.67-1.5-1.5S6.67 12 7.5 12s1.5.67 1.5 1.5S8.33 15 7.5 15',
  abogado:
    'm5.2497 8.0687 2.83-2.8268 14.1342 14.15-2.83 2.8269zm4.2361-4.2415 2.828-2.8288 5.6577 5.656-2.828 2.8288zM.999 12.3147l2.8284-2.8284 5.6569 5.6568-2.8285 2.8285zM1 21h12v2H1z',
  investigador:
    'M10.35 14.01C7.62 13.91 2 15.27 2 18v2h9.54c-2.47-2.76-1.23-5.89-1.19-5.99m9.08 4.01c.36-.59.57-1.28.57-2.02 0-2.21-1.79-4-4-4s-4 1.79-4 4 1.79 4 4 4c.74 0 1.43-.22 2.02-.57L20.59 22 22 20.59zM16 18c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2',
  destino: 'M14.4 6 14 4H5v17h2v-7h5.6l.4 2h7V6z',
} as const;

/** Each role's colour (white glyphs on them pass 4.5:1); stale and off positions are grey. */
export const ROLE_COLORS: Record<Rol | 'destino', string> = {
  cliente: '#b71c1c',
  abogado: '#6a1b9a',
  investigador: '#0d47a1',
  destino: '#37474f',
};
export const STALE_COLOR = '#757575';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The pin's size: the icon's box, and where its tip is (the position). */
export const PIN = { width: 40, height: 48, labelHeight: 22 } as const;

export function pinSvg(color: string, glyph: string, dashed: boolean): string {
  const stroke = dashed
    ? `stroke="#424242" stroke-width="2" stroke-dasharray="4 3"`
    : `stroke="#ffffff" stroke-width="2"`;
  return (
    `<svg class="vx-pin" width="${PIN.width}" height="${PIN.height}" viewBox="0 0 40 48" aria-hidden="true" focusable="false">` +
    `<path d="M20 47C20 47 37 29.5 37 18A17 17 0 0 0 3 18C3 29.5 20 47 20 47Z" fill="${color}" ${stroke}/>` +
    `<g transform="translate(9 7) scale(0.9167)" fill="#ffffff"><path d="${glyph}"/></g>` +
    `</svg>`
  );
}

export interface MarkerHtml {
  html: string;
  className: string;
}

/** The HTML of a person's marker: the pin and a label (the role, and the age when stale or off). */
export function markerHtml(m: MarkerModel): MarkerHtml {
  const grey = m.state === 'stale' || m.state === 'off';
  const glyph = m.state === 'place' ? GLYPHS.lugar : GLYPHS[m.rol];
  const label =
    m.state === 'off'
      ? `${m.etiqueta} · ${LABELS.mapa.ubicacionDesactivada}`
      : m.state === 'stale'
        ? `${m.etiqueta} · ${m.edad ?? LABELS.mapa.posicionAntigua}`
        : m.etiqueta;
  return {
    className: `vx-marker vx-marker--${m.state}`,
    html:
      `<div class="vx-marker__body" data-testid="map-marker-${m.rol}" data-state="${m.state}">` +
      pinSvg(grey ? STALE_COLOR : ROLE_COLORS[m.rol], glyph, grey) +
      `<span class="vx-marker__label">${escape(label)}</span>` +
      `</div>`,
  };
}

/** The destination's marker, when no client marker stands there (the case's place or the default place). */
export function destinationHtml(label: string): MarkerHtml {
  return {
    className: 'vx-marker vx-marker--destino',
    html:
      `<div class="vx-marker__body" data-testid="map-marker-destino" data-state="place">` +
      pinSvg(ROLE_COLORS.destino, GLYPHS.destino, false) +
      `<span class="vx-marker__label">${escape(label)}</span>` +
      `</div>`,
  };
}
