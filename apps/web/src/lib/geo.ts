import { useEffect } from 'react';
import { create } from 'zustand';

export interface DevicePosition {
  lat: number;
  long: number;
  at: number;
}

interface GeoState {
  /** Location is denied, switched off or missing: the warning banner shows and updates stop. */
  geoOff: boolean;
  /** The browser has no geolocation at all: the banner says so (spec 2 §8), not "switch it on". */
  unsupported: boolean;
  position: DevicePosition | null;
}

export const useGeoStore = create<GeoState>(() => ({ geoOff: false, unsupported: false, position: null }));

let users = 0;
let watchId: number | null = null;
let permission: PermissionStatus | null = null;

function onPosition(p: GeolocationPosition): void {
  useGeoStore.setState({
    geoOff: false,
    position: { lat: p.coords.latitude, long: p.coords.longitude, at: p.timestamp || Date.now() },
  });
}

function onError(e: GeolocationPositionError): void {
  // A timeout is a slow fix, not a refusal; denied (1) or unavailable (2: device location off) are.
  if (e.code === e.TIMEOUT) return;
  useGeoStore.setState({ geoOff: true });
  if (e.code === e.PERMISSION_DENIED) stopWatch();
}

function startWatch(): void {
  if (watchId !== null) return;
  watchId = navigator.geolocation.watchPosition(onPosition, onError, { enableHighAccuracy: true, maximumAge: 5000 });
}

function stopWatch(): void {
  if (watchId !== null) navigator.geolocation.clearWatch(watchId);
  watchId = null;
}

function start(): void {
  if (!('geolocation' in navigator) || !navigator.geolocation) {
    useGeoStore.setState({ geoOff: true, unsupported: true });
    return;
  }
  startWatch();
  // When the user allows location again in the browser settings, resume without a reload.
  navigator.permissions
    ?.query({ name: 'geolocation' })
    .then((status) => {
      if (users === 0) return;
      permission = status;
      if (status.state === 'denied') useGeoStore.setState({ geoOff: true });
      status.onchange = () => {
        if (status.state === 'denied') {
          useGeoStore.setState({ geoOff: true });
          stopWatch();
        } else {
          startWatch();
        }
      };
    })
    .catch(() => {});
}

function stop(): void {
  stopWatch();
  if (permission) permission.onchange = null;
  permission = null;
}

/** Watches the device position while mounted (shared by every caller) into useGeoStore. */
export function useGeolocationWatch(): void {
  useEffect(() => {
    if (users++ === 0) start();
    return () => {
      if (--users === 0) stop();
    };
  }, []);
}
