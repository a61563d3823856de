// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ARRIVAL_TIMES_MIN_INTERVAL_MS, LABELS, POSITION_STALE_MS, type MapPerson } from '@vialex/domain';
import { destinationHtml, markerHtml } from './marker-html';
import { ageText, arrivalText, isEstimate, isStale, legText, markerModel, mergeLive, refreshDelay } from './model';

const T = LABELS.mapa;
const NOW = Date.parse('2026-03-02T19:30:00.000Z'); // 14:30 in Bogotá
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const person = (over: Partial<MapPerson> = {}): MapPerson => ({
  rol: 'investigador',
  id: 'u-inv',
  nombre: 'Julián Martínez Peña',
  posicion: { lat: 4.65, lng: -74.08 },
  actualizado: ago(30_000),
  gps: true,
  esLugarDelCaso: false,
  ...over,
});

describe('the age of a position', () => {
  it("says 'hace N min' in minutes, hours and days", () => {
    expect(ageText(ago(20_000), NOW)).toBe(T.haceMenosDeUnMin);
    expect(ageText(ago(5 * 60_000 + 10_000), NOW)).toBe('hace 5 min');
    expect(ageText(ago(130 * 60_000), NOW)).toBe('hace 2 h 10 min');
    expect(ageText(ago(3 * 86_400_000 + 60_000), NOW)).toBe('hace 3 d');
    // A clock a little ahead of the device's is not 'in the future'.
    expect(ageText(new Date(NOW + 5_000).toISOString(), NOW)).toBe(T.haceMenosDeUnMin);
  });

  it('is stale past POSITION_STALE_MS, or when its time is unknown', () => {
    expect(isStale(ago(POSITION_STALE_MS), NOW)).toBe(false);
    expect(isStale(ago(POSITION_STALE_MS + 1), NOW)).toBe(true);
    expect(isStale(null, NOW)).toBe(true);
    expect(isStale('not a date', NOW)).toBe(true);
  });
});

describe('a person’s marker', () => {
  it('a recent position is live', () => {
    const m = markerModel(person(), NOW);
    expect(m).toMatchObject({ state: 'live', etiqueta: 'Investigador', estado: `${T.enVivo} · ${T.haceMenosDeUnMin}` });
  });

  it("an old position is stale with 'hace N min', never live", () => {
    const m = markerModel(person({ rol: 'abogado', actualizado: ago(9 * 60_000) }), NOW);
    expect(m).toMatchObject({ state: 'stale', etiqueta: 'Abogado', edad: 'hace 9 min' });
    expect(m.estado).toBe(`${T.posicionAntigua} · hace 9 min`);
    const html = markerHtml(m);
    expect(html.className).toContain('vx-marker--stale');
    expect(html.html).toContain('data-state="stale"');
    expect(html.html).toContain('stroke-dasharray');
    expect(html.html).toContain('Abogado · hace 9 min');
  });

  it("location off shows 'Ubicación desactivada', with or without a last position", () => {
    const off = markerModel(person({ gps: false, actualizado: ago(3 * 60_000) }), NOW);
    expect(off).toMatchObject({ state: 'off', estado: `${T.ubicacionDesactivada} · hace 3 min` });
    expect(markerHtml(off).html).toContain(`Investigador · ${T.ubicacionDesactivada}`);
    const offNowhere = markerModel(person({ gps: false, posicion: null, actualizado: null }), NOW);
    expect(offNowhere).toMatchObject({ state: 'off', estado: T.ubicacionDesactivada, posicion: null });
  });

  it("no position: 'Sin ubicación' (listed below the map only)", () => {
    expect(markerModel(person({ posicion: null, actualizado: null }), NOW)).toMatchObject({
      state: 'none',
      estado: T.sinUbicacion,
    });
  });

  it('the client at the accident’s place is the place, which has no age', () => {
    const m = markerModel(
      person({ rol: 'cliente', id: null, nombre: 'MARÍA FERNÁNDEZ GIL', actualizado: null, esLugarDelCaso: true }),
      NOW,
    );
    expect(m).toMatchObject({ state: 'place', etiqueta: T.lugarDelCaso, estado: T.destino });
    expect(markerHtml(m).html).toContain('data-testid="map-marker-cliente"');
    const client = markerModel(person({ rol: 'cliente', nombre: 'MARÍA' }), NOW);
    expect(client).toMatchObject({ state: 'live', etiqueta: T.roles.cliente });
  });

  it('each role has its own pin; names and labels are escaped', () => {
    const pins = (['cliente', 'abogado', 'investigador'] as const).map(
      (rol) => markerHtml(markerModel(person({ rol }), NOW)).html,
    );
    expect(new Set(pins.map((h) => /fill="(#[0-9a-f]+)"/.exec(h)?.[1])).size).toBe(3);
    expect(destinationHtml('<b>x</b>').html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('the arrival times', () => {
  it("'Investigador: 12 min (4,3 km)', metres below a kilometre, hours past an hour", () => {
    expect(legText('investigador', { distanciaM: 4320, duracionS: 720, estimado: false })).toBe(
      'Investigador: 12 min (4,3 km)',
    );
    expect(legText('abogado', { distanciaM: 850, duracionS: 20, estimado: true })).toBe('Abogado: 1 min (850 m)');
    expect(legText('investigador', { distanciaM: 12_000, duracionS: 3900, estimado: false })).toBe(
      'Investigador: 1 h 5 min (12,0 km)',
    );
    expect(legText('abogado', null)).toBe(`Abogado: sin tiempo (falta su ubicación)`);
    expect(legText('abogado', null, { sinLugar: true })).toBe(`Abogado: sin tiempo (el caso no tiene ubicación)`);
    expect(legText('abogado', null, { asignado: false })).toBe('Abogado: Sin asignar');
  });

  it('an estimate is said so', () => {
    const leg = { distanciaM: 1, duracionS: 1, estimado: false };
    expect(isEstimate({ proveedor: 'estimate', tiempos: { investigador: null, abogado: null } })).toBe(true);
    expect(isEstimate({ proveedor: 'osrm', tiempos: { investigador: leg, abogado: null } })).toBe(false);
    expect(
      isEstimate({ proveedor: 'google', tiempos: { investigador: leg, abogado: { ...leg, estimado: true } } }),
    ).toBe(true);
  });

  it('the arrival in Bogotá time, with its date when not today', () => {
    expect(arrivalText('2026-03-02T19:05:00.000Z', NOW)).toBe('Llegó a las 14:05');
    expect(arrivalText('2026-03-01T13:05:00.000Z', NOW)).toBe('Llegó el 01/03/2026 a las 08:05');
    // 02:00 UTC on the 3rd is still the 2nd in Bogotá.
    expect(arrivalText('2026-03-03T02:00:00.000Z', Date.parse('2026-03-03T03:00:00.000Z'))).toBe('Llegó a las 21:00');
  });
});

describe('live positions', () => {
  const readAt = NOW - 10_000;
  it('a position as new as the server’s moves the marker, aged from when it was heard; an older one does not', () => {
    const people = [person({ actualizado: ago(60_000) }), person({ rol: 'abogado', id: 'u-abo' })];
    const merged = mergeLive(
      people,
      {
        // The server's clock says 4 minutes ago (a device clock behind): heard now, it is live.
        'u-inv': { lat: 4.7, lng: -74.1, at: ago(50_000), gps: true, heardAt: NOW },
        'u-abo': { lat: 9, lng: 9, at: ago(60_000), gps: true, heardAt: NOW },
      },
      readAt,
    );
    expect(merged[0].posicion).toEqual({ lat: 4.7, lng: -74.1 });
    expect(merged[0].actualizado).toBe(new Date(NOW).toISOString());
    expect(markerModel(merged[0], NOW).state).toBe('live');
    // The map read again has a newer position of the lawyer than the one heard: the server's stands.
    expect(merged[1]).toEqual(people[1]);
  });

  it('location turned off keeps the last position, drawn as off', () => {
    const [p] = mergeLive(
      [person()],
      { 'u-inv': { lat: null, lng: null, at: null, gps: false, heardAt: NOW } },
      readAt,
    );
    expect(p.posicion).toEqual({ lat: 4.65, lng: -74.08 });
    expect(markerModel(p, NOW).state).toBe('off');
  });

  it('the times are read again at most every ARRIVAL_TIMES_MIN_INTERVAL_MS', () => {
    expect(refreshDelay(NOW - 4_000, NOW)).toBe(ARRIVAL_TIMES_MIN_INTERVAL_MS - 4_000);
    expect(refreshDelay(NOW - ARRIVAL_TIMES_MIN_INTERVAL_MS - 1, NOW)).toBe(0);
  });
});
