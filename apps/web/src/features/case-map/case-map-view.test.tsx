import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG, type CaseMap, type LiveEvent, topics } from '@vialex/domain';
import { live } from '../../lib/live';
import { useGeoStore } from '../../lib/geo';
import type { MapCanvasProps } from './map-canvas';
import { CaseMapView } from './case-map-view';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

// Leaflet needs a real layout; the canvas is checked in the browser tests. Here it shows what it was given.
vi.mock('./map-canvas', () => ({
  MapCanvas: ({ people, ruta, destino, onPick }: MapCanvasProps) => (
    <div
      data-testid="canvas"
      data-destino={destino ? `${destino.lat},${destino.lng}` : 'none'}
      data-ruta={ruta?.puntos.length ?? 0}
    >
      {onPick && (
        <button type="button" data-testid="canvas-pick" onClick={() => onPick({ lat: 4.7, lng: -74.05 })}>
          pick
        </button>
      )}
      {people.map((m) => (
        <span key={m.rol} data-testid={`canvas-${m.rol}`} data-state={m.state}>
          {m.posicion ? `${m.posicion.lat},${m.posicion.lng}` : 'none'}
        </span>
      ))}
    </div>
  ),
}));

const T = LABELS.mapa;
const CASE = 'c1';
const recent = () => new Date(Date.now() - 30_000).toISOString();

const ACTIONS: CaseMap['acciones'] = { marcarLlegada: true, motivoLlegada: null, marcarLugar: false, navegar: false };
const caseMap = (over: Partial<CaseMap> = {}): CaseMap => ({
  caso: 12,
  destino: { lat: 4.651, lng: -74.081, direccion: 'Calle 26 # 68-10, Bogotá' },
  centro: { lat: 4.6097, lng: -74.0817 },
  lugar: { origen: 'direccion', por: null, direccionNoUbicada: false, direccion: 'CALLE 26 # 68-10' },
  personas: [
    {
      rol: 'cliente',
      id: null,
      nombre: 'MARÍA FERNÁNDEZ GIL',
      posicion: { lat: 4.651, lng: -74.081 },
      actualizado: null,
      gps: true,
      esLugarDelCaso: true,
    },
    {
      rol: 'abogado',
      id: 'u-abo',
      nombre: 'Felipe Castro Niño',
      posicion: { lat: 4.66, lng: -74.09 },
      actualizado: new Date(Date.now() - 9 * 60_000).toISOString(),
      gps: true,
      esLugarDelCaso: false,
    },
    {
      rol: 'investigador',
      id: 'u-inv',
      nombre: 'Julián Martínez Peña',
      posicion: { lat: 4.64, lng: -74.07 },
      actualizado: recent(),
      gps: true,
      esLugarDelCaso: false,
    },
  ],
  ruta: {
    puntos: [
      { lat: 4.64, lng: -74.07 },
      { lat: 4.645, lng: -74.075 },
      { lat: 4.651, lng: -74.081 },
    ],
    distanciaM: 4320,
    duracionS: 720,
    estimado: false,
  },
  tiempos: {
    investigador: { distanciaM: 4320, duracionS: 720, estimado: false },
    abogado: { distanciaM: 2100, duracionS: 420, estimado: false },
  },
  proveedor: 'osrm',
  llegada: { marcada: false, fecha: null },
  acciones: ACTIONS,
  teselas: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', atribucion: '© OpenStreetMap' },
  topics: [topics.location('u-abo'), topics.location('u-inv')],
  ...over,
});

let map: CaseMap;
let api: FakeApi;
const ARRIVAL = `POST /api/casos/${CASE}/llegada`;

beforeEach(() => {
  map = caseMap();
  api = fakeApi({
    [`GET /api/casos/${CASE}/mapa`]: () => json(map),
    [ARRIVAL]: () => json({ message: MSG.llegadaMarcada, fecha: new Date().toISOString() }),
  });
});
afterEach(() => vi.useRealTimers());

function renderMap() {
  return renderWithApp(<CaseMapView caseId={CASE} />);
}

/** What the server's live channel would deliver on a topic. */
function deliver(topic: string, event: LiveEvent) {
  act(() => {
    (live as unknown as { dispatch(data: string): void }).dispatch(JSON.stringify({ type: 'event', topic, event }));
  });
}

const mapReads = () => api.calls.filter((r) => r.method === 'GET' && r.url === `/api/casos/${CASE}/mapa`).length;

describe('CaseMapView', () => {
  it('shows both times, the route, the three people and their states', async () => {
    renderMap();
    expect(await screen.findByTestId('map-time-investigador')).toHaveTextContent('Investigador: 12 min (4,3 km)');
    expect(screen.getByTestId('map-time-abogado')).toHaveTextContent('Abogado: 7 min (2,1 km)');
    expect(screen.queryByTestId('map-estimate')).toBeNull();
    expect(screen.getByTestId('canvas')).toHaveAttribute('data-ruta', '3');
    expect(screen.getByTestId('canvas-cliente')).toHaveAttribute('data-state', 'place');
    expect(screen.getByTestId('canvas-abogado')).toHaveAttribute('data-state', 'stale');
    expect(screen.getByTestId('canvas-investigador')).toHaveAttribute('data-state', 'live');
    const legend = screen.getByTestId('map-legend');
    expect(within(legend).getByTestId('map-person-cliente')).toHaveTextContent(T.lugarDelCaso);
    expect(within(legend).getByTestId('map-person-abogado')).toHaveTextContent(`${T.posicionAntigua} · hace 9 min`);
    expect(within(legend).getByTestId('map-person-investigador')).toHaveTextContent(T.enVivo);
    expect(screen.queryByTestId('map-no-place')).toBeNull();
    expect(screen.getByTestId('map-place-source')).toHaveTextContent(T.lugarDireccion);
  });

  it("labels a straight-line estimate, says the case has no place (never a default address), lists 'Sin ubicación' and 'Ubicación desactivada'", async () => {
    map = caseMap({
      proveedor: 'estimate',
      destino: null,
      lugar: { origen: null, por: null, direccionNoUbicada: false, direccion: '' },
      tiempos: { investigador: null, abogado: null },
      ruta: null,
    });
    map.personas[0] = { ...map.personas[0], posicion: null, esLugarDelCaso: false };
    map.personas[1] = { ...map.personas[1], posicion: null, actualizado: null };
    map.personas[2] = { ...map.personas[2], gps: false };
    renderMap();
    expect(await screen.findByTestId('map-estimate')).toHaveTextContent(T.estimadoLineaRecta);
    expect(screen.getByTestId('map-no-place')).toHaveTextContent(T.sinLugar);
    expect(screen.getByTestId('canvas')).toHaveAttribute('data-destino', 'none');
    expect(screen.getByTestId('map-time-investigador')).toHaveTextContent(
      'Investigador: sin tiempo (el caso no tiene ubicación)',
    );
    expect(screen.getByTestId('map-person-abogado')).toHaveTextContent(T.sinUbicacion);
    expect(screen.getByTestId('map-person-cliente')).toHaveTextContent(T.sinUbicacion);
    expect(screen.getByTestId('map-person-investigador')).toHaveTextContent(T.ubicacionDesactivada);
    expect(screen.getByTestId('canvas')).toHaveAttribute('data-ruta', '0');
  });

  it('marks the arrival: the button disappears and the Bogotá time shows', async () => {
    const fecha = '2026-03-02T19:05:00.000Z';
    api.on({
      [ARRIVAL]: () => {
        map = { ...map, llegada: { marcada: true, fecha }, acciones: { ...ACTIONS, marcarLlegada: false } };
        return json({ message: MSG.llegadaMarcada, fecha });
      },
    });
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: T.marcarLlegada }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('¿Confirmar llegada al sitio del caso # 12?');
    fireEvent.click(within(confirm).getByRole('button', { name: T.siLlegue }));
    expect(await screen.findByTestId('map-arrival')).toHaveTextContent(/14:05/);
    expect(screen.queryByRole('button', { name: T.marcarLlegada })).toBeNull();
    expect(await screen.findByText(`${MSG.llegadaMarcada} · caso #12`)).toBeInTheDocument();
    expect(api.calls.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('an arrival already marked (409) says so and the button goes', async () => {
    api.on({
      [ARRIVAL]: () => {
        map = {
          ...map,
          llegada: { marcada: true, fecha: new Date().toISOString() },
          acciones: { ...ACTIONS, marcarLlegada: false },
        };
        return json({ statusCode: 409, code: 'ARRIVAL_ALREADY_MARKED', message: MSG.llegadaYaMarcada }, 409);
      },
    });
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: T.marcarLlegada }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: T.siLlegue }));
    expect(await screen.findByText(MSG.llegadaYaMarcada)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: T.marcarLlegada })).toBeNull());
    expect(screen.getByTestId('map-arrival')).toBeInTheDocument();
  });

  it('warns in the confirmation when the phone is far from the place', async () => {
    // About 2.2 km north of the place.
    useGeoStore.setState({ position: { lat: 4.671, long: -74.081, at: Date.now() } });
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: T.marcarLlegada }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByTestId('confirm-warning')).toHaveTextContent('Está a 2,2 km del sitio del caso');
    fireEvent.click(within(confirm).getByRole('button', { name: MSG.cancelar }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(api.calls.filter((r) => r.method === 'POST')).toHaveLength(0);
    useGeoStore.setState({ position: null });
  });

  it('without a place the arrival waits and says why; the pin is dropped with a tap, confirmed', async () => {
    map = caseMap({
      destino: null,
      lugar: { origen: null, por: null, direccionNoUbicada: true, direccion: 'VEREDA EL SILENCIO' },
      acciones: { ...ACTIONS, motivoLlegada: MSG.llegadaSinLugar, marcarLugar: true },
      tiempos: { investigador: null, abogado: null },
      ruta: null,
    });
    renderMap();
    expect(await screen.findByTestId('map-no-place')).toHaveTextContent(
      'No se pudo ubicar la dirección «VEREDA EL SILENCIO». Marque el lugar en el mapa.',
    );
    expect(screen.getByRole('button', { name: T.marcarLlegada })).toBeDisabled();
    expect(screen.getByText(MSG.llegadaSinLugar)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: T.marcarLugar }));
    expect(screen.getByTestId('map-picking')).toHaveTextContent(T.marqueLugar);
    fireEvent.click(screen.getByTestId('canvas-pick'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('¿Marcar aquí el lugar del caso # 12?');
    fireEvent.click(within(confirm).getByRole('button', { name: T.siMarcar }));
    await waitFor(() =>
      expect(api.calls.some((r) => r.method === 'PUT' && r.url === `/api/casos/${CASE}/lugar`)).toBe(true),
    );
  });

  it("'Navegar' hands the place to the phone's navigators; an agent not assigned reads 'Sin asignar'", async () => {
    map = caseMap({ acciones: { ...ACTIONS, navegar: true } });
    map.personas = map.personas.filter((p) => p.rol !== 'abogado');
    renderMap();
    expect(await screen.findByTestId('map-time-abogado')).toHaveTextContent('Abogado: Sin asignar');
    fireEvent.click(screen.getByRole('button', { name: T.navegar }));
    expect(await screen.findByTestId('map-navigate-google')).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=4.651,-74.081&travelmode=driving',
    );
    expect(screen.getByTestId('map-navigate-waze')).toHaveAttribute(
      'href',
      'https://waze.com/ul?ll=4.651,-74.081&navigate=yes',
    );
    expect(screen.getByTestId('map-navigate-geo')).toHaveAttribute('href', 'geo:4.651,-74.081?q=4.651,-74.081');
  });

  it('no arrival button for who may not mark it', async () => {
    map = caseMap({ acciones: { ...ACTIONS, marcarLlegada: false } });
    renderMap();
    expect(await screen.findByTestId('map-no-arrival')).toHaveTextContent(T.sinLlegada);
    expect(screen.queryByRole('button', { name: T.marcarLlegada })).toBeNull();
  });

  it('no investigator yet: the times say Sin asignar, and no line says the investigator has not arrived', async () => {
    map = caseMap({ acciones: { ...ACTIONS, marcarLlegada: false } });
    map = { ...map, personas: map.personas.filter((p) => p.rol !== 'investigador') };
    renderMap();
    expect(await screen.findByTestId('map-time-investigador')).toBeInTheDocument();
    expect(screen.queryByTestId('map-no-arrival')).toBeNull();
  });

  it('a refusal is said in the server’s words', async () => {
    api.on(() => json({ statusCode: 403, code: 'FORBIDDEN', message: MSG.noAutorizado }, 403));
    renderMap();
    expect(await screen.findByText(MSG.noAutorizado)).toBeInTheDocument();
  });

  it('moves a marker on its live position and reads the times again only after the interval', async () => {
    renderMap();
    await screen.findByTestId('canvas-investigador');
    expect(mapReads()).toBe(1);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const at = new Date().toISOString();
    deliver(topics.location('u-inv'), {
      name: 'location.changed',
      id: 'u-inv',
      lat: 4.645,
      lng: -74.075,
      at,
      gps: true,
    });
    expect(screen.getByTestId('canvas-investigador')).toHaveTextContent('4.645,-74.075');
    // The stale lawyer reports: live again, at once.
    deliver(topics.location('u-abo'), {
      name: 'location.changed',
      id: 'u-abo',
      lat: 4.655,
      lng: -74.085,
      at,
      gps: true,
    });
    expect(screen.getByTestId('canvas-abogado')).toHaveAttribute('data-state', 'live');
    // Every 4 s for 40 s: no read of the map meanwhile.
    for (let i = 0; i < 10; i++) {
      deliver(topics.location('u-inv'), {
        name: 'location.changed',
        id: 'u-inv',
        lat: 4.645 + i / 1000,
        lng: -74.075,
        at: new Date().toISOString(),
        gps: true,
      });
      await act(() => vi.advanceTimersByTimeAsync(4_000));
    }
    expect(mapReads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    await waitFor(() => expect(mapReads()).toBe(2));
    // Turned off: the marker stays where it was, drawn as off.
    deliver(topics.location('u-inv'), {
      name: 'location.changed',
      id: 'u-inv',
      lat: null,
      lng: null,
      at: null,
      gps: false,
    });
    expect(screen.getByTestId('canvas-investigador')).toHaveAttribute('data-state', 'off');
    expect(screen.getByTestId('map-person-investigador')).toHaveTextContent(T.ubicacionDesactivada);
  });

  it('a write on this case announced live reads the map again (an arrival seen by a coordinator)', async () => {
    map = caseMap({ acciones: { ...ACTIONS, marcarLlegada: false } });
    renderMap();
    await screen.findByTestId('map-no-arrival');
    map = { ...map, llegada: { marcada: true, fecha: new Date().toISOString() } };
    deliver(topics.list('casos'), { name: 'list.changed', list: 'casos', id: 'other' });
    deliver(topics.list('casos'), { name: 'list.changed', list: 'casos', id: CASE });
    expect(await screen.findByTestId('map-arrival')).toBeInTheDocument();
    expect(mapReads()).toBe(2);
  });
});
