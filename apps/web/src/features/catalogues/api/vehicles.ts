import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LABELS,
  VEHICLE_LIST,
  type Linea,
  type Marca,
  type Vehicle,
  type VehicleOwner,
  type VehiclePage,
  type VehicleResponse,
} from '@vialex/domain';
import { api } from '../../../lib/api';
import { fetchListPage } from '../../../components/list/list-api';
import { listFields } from '../../../components/list/fields';
import type { ListParams } from '../../../components/list/types';

export type VehicleRow = VehicleResponse;

/** Every vehicles query lives under this key; the live 'vehiculos' event and the writes invalidate it. */
export const vehiclesQueryKey = ['vehiculos'] as const;
export const vehicleListKey = [...vehiclesQueryKey, 'list'] as const;

export function fetchVehicles(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<VehiclePage>('/api/vehiculos', params, signal);
}

/** The vehicle list's criteria, from its contract: every column but estado and acciones (spec 3 §2). */
export const VEHICLE_FIELDS = listFields(VEHICLE_LIST, {
  placa: LABELS.vehiculos.placa,
  carroceria: LABELS.vehiculos.carroceria,
  clase: LABELS.vehiculos.clase,
  linea: LABELS.vehiculos.linea,
  marca: LABELS.vehiculos.marca,
  modelo: LABELS.vehiculos.modelo,
  poliza: LABELS.vehiculos.poliza,
  servicio: LABELS.vehiculos.servicio,
  cliente: LABELS.vehiculos.clienteFiltro,
  creado: LABELS.vehiculos.creado,
});

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey });
}

export function useCreateVehicle() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (v: Vehicle) => api.post<VehicleRow>('/api/vehiculos', v), onSuccess });
}

export function useUpdateVehicle() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: Vehicle }) =>
      api.put<VehicleRow>(`/api/vehiculos/${id}`, values),
    onSuccess,
  });
}

/** The deactivate action: the server sets estado false; the vehicle is kept. */
export function useDeactivateVehicle() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete<VehicleRow>(`/api/vehiculos/${id}`), onSuccess });
}

/** The makes, read again each time the dialog opens (spec 3 §7). */
export function useMarcas(enabled: boolean) {
  return useQuery({
    queryKey: [...vehiclesQueryKey, 'marcas'],
    queryFn: ({ signal }) => api.get<Marca[]>('/api/vehiculos/marcas', { signal }),
    enabled,
    staleTime: 0,
  });
}

/** The lines of the chosen make (spec 3 §7). */
export function useLineas(marca: number | undefined) {
  return useQuery({
    queryKey: [...vehiclesQueryKey, 'lineas', marca],
    queryFn: ({ signal }) => api.get<Linea[]>(`/api/vehiculos/marcas/${marca}/lineas`, { signal }),
    enabled: marca !== undefined,
  });
}

/** The clients with a typed identification (digits only; the dialog asks nothing for empty or hyphenated input). */
export function useOwners(identificacion: string | null) {
  return useQuery({
    queryKey: [...vehiclesQueryKey, 'propietarios', identificacion],
    queryFn: ({ signal }) =>
      api.get<VehicleOwner[]>(`/api/vehiculos/propietarios?identificacion=${encodeURIComponent(identificacion!)}`, {
        signal,
      }),
    enabled: identificacion !== null,
    staleTime: 0,
  });
}
