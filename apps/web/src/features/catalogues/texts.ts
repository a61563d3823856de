import { LABELS } from '@vialex/domain';

export const VEHICLE_TEXTS = LABELS.vehiculos;
export const COMPANY_TEXTS = LABELS.empresas;
export const AREA_TEXTS = LABELS.areas;
export const STATUS_TEXTS = LABELS.gestiones;
export const CATALOGUE_TEXTS = LABELS.catalogos;
