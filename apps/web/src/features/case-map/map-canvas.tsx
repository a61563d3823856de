import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Polyline, Popup, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import ZoomOutMap from '@mui/icons-material/ZoomOutMap';
import { LABELS, MAP_INFO_MAX_WIDTH, MAP_ZOOM, MSG, type CaseMap } from '@vialex/domain';
import { useMapAddress } from './api/map-api';
import { PIN, destinationHtml, markerHtml, type MarkerHtml } from './marker-html';
import type { MarkerModel } from './model';

const T = LABELS.mapa;

export interface MapCanvasProps {
  caseId: string;
  destino: CaseMap['destino'];
  people: MarkerModel[];
  ruta: CaseMap['ruta'];
  teselas: CaseMap['teselas'];
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

function PersonMarker({ caseId, m }: { caseId: string; m: MarkerModel }) {
  const icon = useIcon(markerHtml(m));
  if (!m.posicion) return null;
  return (
    <Marker
      position={[m.posicion.lat, m.posicion.lng]}
      icon={icon}
      title={`${m.etiqueta}: ${m.nombre}`}
      zIndexOffset={m.rol === 'investigador' ? 300 : m.rol === 'abogado' ? 200 : 100}
      eventHandlers={{ popupopen: spanishClose }}
    >
      <Popup maxWidth={MAP_INFO_MAX_WIDTH}>
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

function DestinationMarker({ caseId, destino }: { caseId: string; destino: CaseMap['destino'] }) {
  const icon = useIcon(destinationHtml(T.destino));
  return (
    <Marker
      position={[destino.lat, destino.lng]}
      icon={icon}
      title={`${T.destino}: ${destino.direccion}`}
      eventHandlers={{ popupopen: spanishClose }}
    >
      <Popup maxWidth={MAP_INFO_MAX_WIDTH}>
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

/** The view follows the destination when it changes (a client who reports a position), not the agents. */
function FollowDestination({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng], map.getZoom() || MAP_ZOOM);
  }, [map, lat, lng]);
  return null;
}

/** 'Centrar en el destino' and 'Ver a todos' (fit the known positions), over the map's top right. */
function ViewButtons({ destino, people }: { destino: CaseMap['destino']; people: MarkerModel[] }) {
  const map = useMap();
  const points = people.flatMap((m) => (m.posicion ? [L.latLng(m.posicion.lat, m.posicion.lng)] : []));
  const stop = (el: HTMLElement | null) => {
    if (el) {
      L.DomEvent.disableClickPropagation(el);
      L.DomEvent.disableScrollPropagation(el);
    }
  };
  return (
    <Box
      ref={stop}
      sx={{ position: 'absolute', top: 10, right: 10, zIndex: 1000, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Button
        size="small"
        variant="contained"
        color="inherit"
        startIcon={<CenterFocusStrong />}
        onClick={() => map.setView([destino.lat, destino.lng], MAP_ZOOM)}
        sx={{ bgcolor: 'background.paper', boxShadow: 2, textTransform: 'none' }}
      >
        {T.centrarDestino}
      </Button>
      {points.length > 1 && (
        <Button
          size="small"
          variant="contained"
          color="inherit"
          startIcon={<ZoomOutMap />}
          onClick={() =>
            map.fitBounds(L.latLngBounds([...points, L.latLng(destino.lat, destino.lng)]), {
              padding: [48, 48],
              maxZoom: MAP_ZOOM,
            })
          }
          data-testid="map-fit-all"
          sx={{ bgcolor: 'background.paper', boxShadow: 2, textTransform: 'none' }}
        >
          {T.verTodos}
        </Button>
      )}
    </Box>
  );
}

/**
 * The case map itself (Leaflet through react-leaflet; this module and Leaflet's CSS load with the
 * mapa tab only): zoom 15 on the destination, the configured tiles and their attribution, the
 * investigator's route, a marker per person with a position, info windows at most 300 px wide.
 */
export function MapCanvas({ caseId, destino, people, ruta, teselas }: MapCanvasProps) {
  const clientHere = people.some((m) => m.rol === 'cliente' && m.posicion);
  return (
    <Box
      role="region"
      aria-label={T.mapa}
      data-testid="map-canvas"
      sx={{ position: 'relative', height: '100%', minHeight: 240, '& .leaflet-container': { height: '100%' } }}
    >
      <MapContainer center={[destino.lat, destino.lng]} zoom={MAP_ZOOM} zoomControl={false} scrollWheelZoom>
        <TileLayer url={teselas.url} attribution={teselas.atribucion} />
        <ZoomControl position="bottomright" zoomInTitle={T.acercar} zoomOutTitle={T.alejar} />
        <FollowDestination lat={destino.lat} lng={destino.lng} />
        {ruta && ruta.puntos.length > 1 && (
          <Polyline
            positions={ruta.puntos.map((p) => [p.lat, p.lng] as [number, number])}
            pathOptions={{ color: '#0d47a1', weight: 5, opacity: 0.8, className: 'vx-route' }}
          />
        )}
        {!clientHere && <DestinationMarker caseId={caseId} destino={destino} />}
        {people.map((m) => (
          <PersonMarker key={m.rol} caseId={caseId} m={m} />
        ))}
        <ViewButtons destino={destino} people={people} />
      </MapContainer>
    </Box>
  );
}

export default MapCanvas;
