import { createContext, useContext } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CaseMap, arrivalResponse, mapAddressResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { live, type LiveChannel } from '../../../lib/live';

/**
 * Where a map reads from: the staff's /api/casos/{id}/mapa and live channel by default; the
 * client's side gives its own (/api/cliente/mapa and its channel) through CaseMapTab.
 */
export interface MapSource {
  /** The map's path (its address lookups are under `${path}/direccion`). */
  path: (caseId: string) => string;
  /** The live channel whose location topics move the markers. */
  live: Pick<LiveChannel, 'subscribe' | 'on'>;
  /** On a phone, the height above the map (bars and tabs); 137 px of the staff workspace otherwise. */
  phoneTop?: number;
  /** Who reads it: the driver gets their own words, never staff instructions. */
  audience?: 'staff' | 'client';
}

export const STAFF_MAP_SOURCE: MapSource = { path: (caseId) => `/api/casos/${caseId}/mapa`, live };

export const MapSourceContext = createContext<MapSource>(STAFF_MAP_SOURCE);
export const useMapSource = () => useContext(MapSourceContext);

/** The map of one case: its people, route, times and arrival. */
export const mapKey = (caseId: string) => ['mapa', caseId] as const;

/** GET /api/casos/{id}/mapa. Live positions move the markers; the times are read again on a throttle. */
export function useCaseMap(caseId: string) {
  const source = useMapSource();
  return useQuery({
    queryKey: mapKey(caseId),
    queryFn: ({ signal }) => api.get<CaseMap>(source.path(caseId), { signal }),
    retry: false,
    // A tab coming back into view does not read it again: the live channel keeps it current.
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}

/** Coordinates to 5 decimals (about a metre): the address of a marker that stands still is asked once. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/** GET /api/casos/{id}/mapa/direccion?lat=&lng=: the reverse-geocoded address of an info window. */
export function useMapAddress(caseId: string, at: { lat: number; lng: number } | null, enabled: boolean) {
  const lat = at ? round(at.lat) : null;
  const lng = at ? round(at.lng) : null;
  const source = useMapSource();
  return useQuery({
    queryKey: [...mapKey(caseId), 'direccion', lat, lng],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof mapAddressResponse>>(`${source.path(caseId)}/direccion?lat=${lat}&lng=${lng}`, {
        signal,
      }),
    enabled: enabled && lat !== null && lng !== null,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

/** POST /api/casos/{id}/llegada: the investigator arrived (once). The map shows the time at once. */
export function useMarkArrival(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof arrivalResponse>>(`/api/casos/${caseId}/llegada`),
    onSuccess: (res) => {
      queryClient.setQueryData<CaseMap>(mapKey(caseId), (old) =>
        old
          ? {
              ...old,
              llegada: { marcada: true, fecha: res.fecha },
              acciones: { ...old.acciones, marcarLlegada: false },
            }
          : old,
      );
    },
    // Refused (already marked, 409) or done: the map is read again, and says what is true.
    onSettled: () => queryClient.invalidateQueries({ queryKey: mapKey(caseId), exact: true }),
  });
}

/** PUT /api/casos/{id}/lugar: the case's pin, dropped or moved; the map is read again. */
export function usePlaceCase(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (at: { lat: number; lng: number }) =>
      api.put<{ message: string }>(`/api/casos/${caseId}/lugar`, { lat: at.lat, lng: at.lng }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mapKey(caseId), exact: true }),
  });
}
