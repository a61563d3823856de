import { useEffect, useRef } from 'react';
import { LOCATION_INTERVAL_MS } from '@vialex/domain';
import { api } from '../../lib/api';
import { useGeoStore, useGeolocationWatch } from '../../lib/geo';

function putGps(gps: boolean): Promise<void> {
  return api.put<void>('/api/me/gps', { gps });
}

function putLocation(lat: number, long: number): Promise<void> {
  return api.put<void>('/api/me/location', { lat, long });
}

/**
 * While a staff user is signed in, publishes the device position every LOCATION_INTERVAL_MS.
 * When location is denied or switched off, tells the server once (gps false) and stops; when it
 * comes back, tells it again (gps true) and resumes.
 */
export function useLocationSync(serverGps: boolean): void {
  useGeolocationWatch();
  // What the server last heard from this tab about the gps flag.
  const gpsSent = useRef<boolean>(serverGps);

  useEffect(() => {
    const syncGps = (off: boolean) => {
      const want = !off;
      if (gpsSent.current === want) return;
      gpsSent.current = want;
      putGps(want).catch(() => {
        gpsSent.current = !want; // try again on the next change or tick
      });
    };

    const tick = () => {
      const { geoOff, position } = useGeoStore.getState();
      if (geoOff) return syncGps(true);
      if (!position) return;
      syncGps(false);
      // A failed update is simply replaced by the next one 4 s later.
      putLocation(position.lat, position.long).catch(() => {});
    };
    const timer = setInterval(tick, LOCATION_INTERVAL_MS);
    const unsubscribe = useGeoStore.subscribe((s, prev) => {
      if (s.geoOff !== prev.geoOff) syncGps(s.geoOff);
      // Publish the first fix at once instead of waiting for the next tick.
      if (!prev.position && s.position) tick();
    });
    const { geoOff } = useGeoStore.getState();
    if (geoOff) syncGps(true);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
}

/** Mount point for the sync (renders nothing). */
export function LocationSync({ serverGps }: { serverGps: boolean }) {
  useLocationSync(serverGps);
  return null;
}
