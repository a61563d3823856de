import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { LABELS, MSG, type CaseMap, type LiveEvent, topics } from '@vialex/domain';
import { createQueryClient } from '../../lib/query-client';
import { live } from '../../lib/live';
import type { MapCanvasProps } from './map-canvas';
import { CaseMapView } from './case-map-view';

// Leaflet needs a real layout; the canvas is checked in the browser tests. Here it shows what it was given.
vi.mock('./map-canvas', () => ({
  MapCanvas: ({ people, ruta, destino }: MapCanvasProps) => (
    <div data-testid="canvas" data-destino={`${destino.lat},${destino.lng}`} data-ruta={ruta?.puntos.length ?? 0}>
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

const caseMap = (over: Partial<CaseMap> = {}): CaseMap => ({
  destino: { lat: 4.651, lng: -74.081, direccion: 'Calle 26 # 68-10, Bogotá', porDefecto: false },
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
  acciones: { marcarLlegada: true },
  teselas: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', atribucion: '© OpenStreetMap' },
  topics: [topics.location('u-abo'), topics.location('u-inv')],
  ...over,
});

let map: CaseMap;
let requests: { method: string; url: string }[];
let arrivalReply: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  map = caseMap();
  requests = [];
  arrivalReply = () => json({ message: MSG.llegadaMarcada, fecha: new Date().toISOString() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      requests.push({ method, url });
      if (method === 'GET' && url === `/api/casos/${CASE}/mapa`) return json(map);
      if (method === 'POST' && url === `/api/casos/${CASE}/llegada`) return arrivalReply();
      return json({ statusCode: 404, code: 'NOT_FOUND', message: MSG.casoNoExiste }, 404);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderMap() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarProvider>
        <CaseMapView caseId={CASE} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

/** What the server's live channel would deliver on a topic. */
function deliver(topic: string, event: LiveEvent) {
  act(() => {
    (live as unknown as { dispatch(data: string): void }).dispatch(JSON.stringify({ type: 'event', topic, event }));
  });
}

const mapReads = () => requests.filter((r) => r.method === 'GET' && r.url === `/api/casos/${CASE}/mapa`).length;

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
    expect(screen.queryByTestId('map-default-place')).toBeNull();
  });

  it("labels a straight-line estimate, says the case has no location, lists 'Sin ubicación' and 'Ubicación desactivada'", async () => {
    map = caseMap({
      proveedor: 'estimate',
      destino: { lat: 9.3228, lng: -74.5704, direccion: 'Calle 10 # 5-20, Santa Ana, Magdalena', porDefecto: true },
      tiempos: { investigador: null, abogado: null },
      ruta: null,
    });
    map.personas[0] = { ...map.personas[0], posicion: null, esLugarDelCaso: false };
    map.personas[1] = { ...map.personas[1], posicion: null, actualizado: null };
    map.personas[2] = { ...map.personas[2], gps: false };
    renderMap();
    expect(await screen.findByTestId('map-estimate')).toHaveTextContent(T.estimadoLineaRecta);
    expect(screen.getByTestId('map-default-place')).toHaveTextContent('Calle 10 # 5-20, Santa Ana, Magdalena');
    expect(screen.getByTestId('map-time-investigador')).toHaveTextContent('Investigador: sin tiempo');
    expect(screen.getByTestId('map-person-abogado')).toHaveTextContent(T.sinUbicacion);
    expect(screen.getByTestId('map-person-cliente')).toHaveTextContent(T.sinUbicacion);
    expect(screen.getByTestId('map-person-investigador')).toHaveTextContent(T.ubicacionDesactivada);
    expect(screen.getByTestId('canvas')).toHaveAttribute('data-ruta', '0');
  });

  it('marks the arrival: the button disappears and the Bogotá time shows', async () => {
    const fecha = '2026-03-02T19:05:00.000Z';
    arrivalReply = () => {
      map = { ...map, llegada: { marcada: true, fecha }, acciones: { marcarLlegada: false } };
      return json({ message: MSG.llegadaMarcada, fecha });
    };
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: T.marcarLlegada }));
    expect(await screen.findByTestId('map-arrival')).toHaveTextContent(/14:05/);
    expect(screen.queryByRole('button', { name: T.marcarLlegada })).toBeNull();
    expect(await screen.findByText(MSG.llegadaMarcada)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('an arrival already marked (409) says so and the button goes', async () => {
    arrivalReply = () => {
      map = { ...map, llegada: { marcada: true, fecha: new Date().toISOString() }, acciones: { marcarLlegada: false } };
      return json({ statusCode: 409, code: 'ARRIVAL_ALREADY_MARKED', message: MSG.llegadaYaMarcada }, 409);
    };
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: T.marcarLlegada }));
    expect(await screen.findByText(MSG.llegadaYaMarcada)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: T.marcarLlegada })).toBeNull());
    expect(screen.getByTestId('map-arrival')).toBeInTheDocument();
  });

  it('no arrival button for who may not mark it', async () => {
    map = caseMap({ acciones: { marcarLlegada: false } });
    renderMap();
    expect(await screen.findByTestId('map-no-arrival')).toHaveTextContent(T.sinLlegada);
    expect(screen.queryByRole('button', { name: T.marcarLlegada })).toBeNull();
  });

  it('a refusal is said in the server’s words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ statusCode: 403, code: 'FORBIDDEN', message: MSG.noAutorizado }, 403)),
    );
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
    map = caseMap({ acciones: { marcarLlegada: false } });
    renderMap();
    await screen.findByTestId('map-no-arrival');
    map = { ...map, llegada: { marcada: true, fecha: new Date().toISOString() } };
    deliver(topics.list('casos'), { name: 'list.changed', list: 'casos', id: 'other' });
    deliver(topics.list('casos'), { name: 'list.changed', list: 'casos', id: CASE });
    expect(await screen.findByTestId('map-arrival')).toBeInTheDocument();
    expect(mapReads()).toBe(2);
  });
});
