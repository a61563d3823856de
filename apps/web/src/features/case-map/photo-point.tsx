import { useEffect, useMemo, type ReactNode } from 'react';
import L from 'leaflet';
import { useInRouterContext, useSearchParams } from 'react-router';
import { Marker, Popup, useMap } from 'react-leaflet';
import Typography from '@mui/material/Typography';
import { LABELS, MAP_ZOOM } from '@vialex/domain';
import { PIN, pinSvg } from './marker-html';

/*
 * A point the map was asked to show: /gestionar-caso/{id}/mapa?lat=…&lng=… (the chat's 'Ver en
 * el mapa' under drone photos). The map opens centred on it, marked, instead of fitted to the
 * case (its fit is not even mounted: Leaflet ignores a setView during a fit's zoom animation);
 * everything else on the map is as always.
 */

const T = LABELS.mapa;
/** Material's photo_camera (24×24). */
const CAMERA =
  'M12 15.2a3.2 3.2 0 1 0 0-6.4 3.2 3.2 0 0 0 0 6.4M9 2 7.17 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2h-3.17L15 2zm3 15c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5';
const PHOTO_COLOR = '#e65100';

/** The point of `?lat=&lng=`, when both are numbers on the globe. */
export function photoPointOf(params: URLSearchParams): { lat: number; lng: number } | null {
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  if (!params.get('lat') || !params.get('lng') || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

function PhotoMarker({ at }: { at: { lat: number; lng: number } }) {
  const map = useMap();
  useEffect(() => {
    map.setView([at.lat, at.lng], MAP_ZOOM);
  }, [map, at.lat, at.lng]);
  const icon = useMemo(
    () =>
      L.divIcon({
        className: 'vx-marker vx-marker--foto',
        html:
          `<div class="vx-marker__body" data-testid="map-marker-foto" data-state="place">` +
          pinSvg(PHOTO_COLOR, CAMERA, false) +
          `<span class="vx-marker__label">${T.fotoDron}</span></div>`,
        iconSize: [PIN.width, PIN.height],
        iconAnchor: [PIN.width / 2, PIN.height - 1],
        popupAnchor: [0, -PIN.height + 4],
      }),
    [],
  );
  return (
    <Marker position={[at.lat, at.lng]} icon={icon} title={T.fotoDronDetalle} zIndexOffset={400}>
      <Popup className="vx-popup">
        <Typography variant="body2" data-testid="map-popup-foto">
          {T.fotoDronDetalle}
        </Typography>
      </Popup>
    </Marker>
  );
}

function RoutedPhotoPoint({ otherwise }: { otherwise: ReactNode }) {
  const [params] = useSearchParams();
  const lat = params.get('lat');
  const lng = params.get('lng');
  const at = useMemo(() => photoPointOf(new URLSearchParams({ lat: lat ?? '', lng: lng ?? '' })), [lat, lng]);
  return at ? <PhotoMarker at={at} /> : otherwise;
}

/**
 * Inside the map: the asked-for point when the address has one, else `otherwise` (the map's own
 * fit). The map's unit tests have no router: `otherwise` then.
 */
export function PhotoPoint({ otherwise }: { otherwise: ReactNode }) {
  return useInRouterContext() ? <RoutedPhotoPoint otherwise={otherwise} /> : otherwise;
}
