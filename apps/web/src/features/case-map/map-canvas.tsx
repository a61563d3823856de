import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Polyline, Popup, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import ZoomOutMap from '@mui/icons-material/ZoomOutMap';
import { LABELS, MAP_INFO_MAX_WIDTH, MAP_ZOOM, MSG, type CaseMap } from '@vialex/domain';
import { useMapAddress } from './api/map-api';
import { PIN, destinationHtml, markerHtml, type MarkerHtml } from './marker-html';
import { PhotoPoint } from './photo-point';
import type { MarkerModel } from './model';

const T = LABELS.mapa;

export interface MapCanvasProps {
  caseId: string;
  destino: CaseMap['destino'];
  /** Where the map opens when nothing is placed: the case city's centre. */
  centro: CaseMap['centro'];
  people: MarkerModel[];
  ruta: CaseMap['ruta'];
  teselas: CaseMap['teselas'];
  /** A phone: the view buttons are icons only, so they hide less of a small map. */
  compact?: boolean;
  /** Placing the case's pin: the next tap on the map says where (the view asks to confirm). */
  onPick?: (at: { lat: number; lng: number }) => void;
}

/** One L.divIcon per distinct drawing: a marker whose state and label stay keeps its element. */
function useIcon({ html, className }: MarkerHtml): L.DivIcon {
  return useMemo(
    () =>
      L.divIcon({
        html,
        className,
        iconSize: [PIN.width, PIN.height],
        iconAnchor: [PIN.width / 2, PIN.height - 1],
        popupAnchor: [0, -PIN.height + 4],
      }),
    [html, className],
  );
}

/** The info windows: at most 300 px wide, opened clear of the view buttons at the map's top right. */
const POPUP = {
  maxWidth: MAP_INFO_MAX_WIDTH,
  className: 'vx-popup',
  autoPanPaddingTopLeft: [12, 100] as [number, number],
  autoPanPaddingBottomRight: [12, 12] as [number, number],
};

/** Leaflet's popup close button says 'Close popup': in Spanish, as the rest of the screen. */
function spanishClose(event: L.PopupEvent) {
  event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', MSG.cerrar);
}

/** The info window's address: asked when the window opens (the popup's content mounts then). */
function Address({ caseId, at }: { caseId: string; at: { lat: number; lng: number } }) {
  const address = useMapAddress(caseId, at, true);
  return (
    <Typography variant="body2" data-testid="map-popup-address" sx={{ mt: 0.5 }}>
      <strong>{T.direccion}:</strong>{' '}
      {address.isPending ? T.buscandoDireccion : (address.data?.direccion ?? T.sinDireccion)}
    </Typography>
  );
}

/**
 * A marker's label sits at the pin's right, or at its left when the pin is in the map's right
 * third (a label running off the map's edge would be cut).
 */
function useLabelLeft(at: { lat: number; lng: number } | null): boolean {
  const map = useMap();
  const place = () => !!at && map.latLngToContainerPoint([at.lat, at.lng]).x > (map.getSize().x * 2) / 3;
  const [left, setLeft] = useState(place);
  const update = () => setLeft(place());
  useMapEvents({ moveend: update, zoomend: update, resize: update });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `place` reads `at`, which these are
  useEffect(update, [at?.lat, at?.lng]);
  return left;
}

function PersonMarker({ caseId, m }: { caseId: string; m: MarkerModel }) {
  const left = useLabelLeft(m.posicion);
  const drawn = markerHtml(m);
  const icon = useIcon(left ? { ...drawn, className: `${drawn.className} vx-marker--left` } : drawn);
  if (!m.posicion) return null;
  return (
    <Marker
      position={[m.posicion.lat, m.posicion.lng]}
      icon={icon}
      title={`${m.etiqueta}: ${m.nombre}`}
      zIndexOffset={m.rol === 'investigador' ? 300 : m.rol === 'abogado' ? 200 : 100}
      eventHandlers={{ popupopen: spanishClose }}
    >
      <Popup {...POPUP}>
        <Box data-testid={`map-popup-${m.rol}`} sx={{ maxWidth: MAP_INFO_MAX_WIDTH - 40 }}>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {m.nombre}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {m.etiqueta}
          </Typography>
          <Typography variant="body2" data-testid="map-popup-state">
            {m.estado}
          </Typography>
          <Address caseId={caseId} at={m.posicion} />
        </Box>
      </Popup>
    </Marker>
  );
}

function DestinationMarker({ caseId, destino }: { caseId: string; destino: NonNullable<CaseMap['destino']> }) {
  const left = useLabelLeft(destino);
  const drawn = destinationHtml(T.destino);
  const icon = useIcon(left ? { ...drawn, className: `${drawn.className} vx-marker--left` } : drawn);
  return (
    <Marker
      position={[destino.lat, destino.lng]}
      icon={icon}
      title={`${T.destino}: ${destino.direccion}`}
      eventHandlers={{ popupopen: spanishClose }}
    >
      <Popup {...POPUP}>
        <Box data-testid="map-popup-destino" sx={{ maxWidth: MAP_INFO_MAX_WIDTH - 40 }}>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {T.destino}
          </Typography>
          <Typography variant="body2">{destino.direccion}</Typography>
          <Address caseId={caseId} at={destino} />
        </Box>
      </Popup>
    </Marker>
  );
}

/** The investigator's road to the destination (Leaflet takes the class when the line is created). */
function RouteLine({ puntos }: { puntos: { lat: number; lng: number }[] }) {
  const positions = useMemo(() => puntos.map((p) => [p.lat, p.lng] as [number, number]), [puntos]);
  return (
    <Polyline
      positions={positions}
      className="vx-route"
      interactive={false}
      pathOptions={{ color: '#0d47a1', weight: 5, opacity: 0.8 }}
    />
  );
}

/** Every point the map shows: the place and the people with a position. */
const shownPoints = (destino: CaseMap['destino'], people: MarkerModel[]) => [
  ...(destino ? [L.latLng(destino.lat, destino.lng)] : []),
  ...people.flatMap((m) => (m.posicion ? [L.latLng(m.posicion.lat, m.posicion.lng)] : [])),
];

/** Fits the view to the points, at most the spec's zoom 15; one point is centred at it. */
function fitTo(map: L.Map, points: L.LatLng[]) {
  if (points.length === 1) map.setView(points[0], MAP_ZOOM);
  else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [48, 48], maxZoom: MAP_ZOOM });
}

/**
 * The map opens fitted to everything it shows (the investigator is never off-screen), and fits
 * again when the place itself changes (a pin, the driver's position); agents moving never move it.
 */
function FitOnOpen({ destino, people }: { destino: CaseMap['destino']; people: MarkerModel[] }) {
  const map = useMap();
  const fittedFor = useRef<string | null>(null);
  const key = destino ? `${destino.lat},${destino.lng}` : 'sin-lugar';
  const points = shownPoints(destino, people);
  useEffect(() => {
    if (points.length === 0 || fittedFor.current === key) return;
    fittedFor.current = key;
    fitTo(map, points);
  });
  return null;
}

/** Placing the pin: a tap on the map hands its point over. */
function PickPoint({ onPick }: { onPick: (at: { lat: number; lng: number }) => void }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

/** 'Centrar en el destino' and 'Ver a todos' (fit the known positions), over the map's top right. */
function ViewButtons({
  destino,
  people,
  compact,
}: {
  destino: CaseMap['destino'];
  people: MarkerModel[];
  compact: boolean;
}) {
  const map = useMap();
  const points = shownPoints(destino, people);
  const stop = (el: HTMLElement | null) => {
    if (el) {
      L.DomEvent.disableClickPropagation(el);
      L.DomEvent.disableScrollPropagation(el);
    }
  };
  const actions = [
    ...(destino
      ? [
          {
            label: T.centrarDestino,
            icon: <CenterFocusStrong />,
            testId: 'map-center',
            run: () => map.setView([destino.lat, destino.lng], MAP_ZOOM),
          },
        ]
      : []),
    ...(points.length > 1
      ? [{ label: T.verTodos, icon: <ZoomOutMap />, testId: 'map-fit-all', run: () => fitTo(map, points) }]
      : []),
  ];
  const look = { bgcolor: 'background.paper', boxShadow: 2, '&:hover': { bgcolor: 'grey.100' } };
  return (
    <Box
      ref={stop}
      sx={{ position: 'absolute', top: 10, right: 10, zIndex: 1000, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {actions.map((a) =>
        compact ? (
          <IconButton
            key={a.testId}
            aria-label={a.label}
            title={a.label}
            onClick={a.run}
            data-testid={a.testId}
            sx={look}
          >
            {a.icon}
          </IconButton>
        ) : (
          <Button
            key={a.testId}
            size="small"
            variant="contained"
            color="inherit"
            startIcon={a.icon}
            onClick={a.run}
            data-testid={a.testId}
            sx={{ ...look, textTransform: 'none' }}
          >
            {a.label}
          </Button>
        ),
      )}
    </Box>
  );
}

/**
 * The case map itself (Leaflet through react-leaflet; this module and Leaflet's CSS load with the
 * mapa tab only): fitted to the place and the people (zoom 15 at most), the configured tiles and
 * their attribution, the investigator's route, a marker per person with a position, info windows
 * at most 300 px wide; while the pin is being placed, a tap picks the point.
 */
export function MapCanvas({ caseId, destino, centro, people, ruta, teselas, compact = false, onPick }: MapCanvasProps) {
  const clientHere = people.some((m) => m.rol === 'cliente' && m.posicion);
  const start = destino ?? centro;
  return (
    <Box
      role="region"
      aria-label={T.mapa}
      data-testid="map-canvas"
      data-picking={onPick ? 'true' : undefined}
      sx={{
        position: 'relative',
        height: '100%',
        minHeight: 240,
        '& .leaflet-container': { height: '100%', cursor: onPick ? 'crosshair' : undefined },
      }}
    >
      <MapContainer center={[start.lat, start.lng]} zoom={destino ? MAP_ZOOM : 13} zoomControl={false} scrollWheelZoom>
        <TileLayer url={teselas.url} attribution={teselas.atribucion} />
        <ZoomControl position="bottomright" zoomInTitle={T.acercar} zoomOutTitle={T.alejar} />
        <PhotoPoint otherwise={<FitOnOpen destino={destino} people={people} />} />
        {onPick && <PickPoint onPick={onPick} />}
        {ruta && ruta.puntos.length > 1 && <RouteLine puntos={ruta.puntos} />}
        {destino && !clientHere && <DestinationMarker caseId={caseId} destino={destino} />}
        {people.map((m) => (
          <PersonMarker key={m.rol} caseId={caseId} m={m} />
        ))}
        <ViewButtons destino={destino} people={people} compact={compact} />
      </MapContainer>
    </Box>
  );
}

export default MapCanvas;
