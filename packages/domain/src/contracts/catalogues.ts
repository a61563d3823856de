import { z } from 'zod';
import { CLASES_VEHICULO, SERVICIOS_VEHICULO } from '../vehicles.js';
import { writablePageResponse } from './common.js';
import { listContract } from './lists.js';

/*
 * The catalogues the desk keeps (spec 3 §2): vehicles, companies, areas and the case-status
 * catalogue. Every row's `estado` is whether it is active (the status catalogue's column
 * `inactivo`, where true means active, is answered as `estado` too).
 */

/** A vehicle's owner as the list and the dialog show it: names and identificación (spec 3 §2). */
export const vehicleOwnerResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  tipoidentificacion: z.string(),
  identificacion: z.number(),
  estado: z.boolean(),
});
export type VehicleOwner = z.infer<typeof vehicleOwnerResponse>;

/** A vehicle as the vehicle list (/vehiculos) and every vehicle write answer it. */
export const vehicleResponse = z.object({
  id: z.string(),
  placa: z.string(),
  clase: z.string(),
  carroceria: z.string(),
  marca: z.string(),
  linea: z.string(),
  modelo: z.string(),
  servicio: z.string(),
  /** The policy's name (text, or its nombre_producto); null when absent, shown as SIN PÓLIZA. */
  poliza: z.string().nullable(),
  informacionadicional: z.string(),
  estado: z.boolean(),
  /** Where the vehicle's data came from (Vialex, or the policy service a look-up found it in). */
  origen: z.string(),
  cliente: vehicleOwnerResponse.nullable(),
  creado: z.string(),
  modificacion: z.string(),
});
export type VehicleResponse = z.infer<typeof vehicleResponse>;

/** GET /api/vehiculos. */
export const vehiclePageResponse = writablePageResponse(vehicleResponse);
export type VehiclePage = z.infer<typeof vehiclePageResponse>;

/** GET /api/vehiculos/propietarios?identificacion=: the clients with that identification (any type). */
export const vehicleOwnersResponse = z.array(vehicleOwnerResponse);

/** A make (marcas) and a line of a make (lineas). */
export const marcaResponse = z.object({ id: z.number(), nombre: z.string() });
export type Marca = z.infer<typeof marcaResponse>;
export const lineaResponse = z.object({ id: z.number(), nombre: z.string() });
export type Linea = z.infer<typeof lineaResponse>;

/**
 * The vehicle list: a filter on every column but estado and acciones (spec 3 §2); cliente is the
 * owner's identification, creado a day (Bogotá).
 */
export const VEHICLE_LIST = listContract({
  placa: { type: 'upper' },
  carroceria: { type: 'upper' },
  clase: { type: 'upper', options: CLASES_VEHICULO },
  linea: { type: 'upper' },
  marca: { type: 'upper' },
  modelo: { type: 'int' },
  poliza: { type: 'upper' },
  servicio: { type: 'upper', options: SERVICIOS_VEHICULO },
  cliente: { type: 'bigint' },
  creado: { type: 'date' },
});

const estado = { type: 'bool', aliases: { Activo: true, Inactivo: false, ACTIVO: true, INACTIVO: false } } as const;

/** A company as LISTA DE EMPRESAS and every company write answer it. */
export const companyResponse = z.object({
  id: z.string(),
  empresa: z.string(),
  nit: z.string(),
  estado: z.boolean(),
  creado: z.string(),
});
export type CompanyResponse = z.infer<typeof companyResponse>;
export const companyPageResponse = writablePageResponse(companyResponse);
export type CompanyPage = z.infer<typeof companyPageResponse>;

export const COMPANY_LIST = listContract({
  empresa: { type: 'upper' },
  nit: { type: 'upper' },
  estado,
});

/** An area as AREA and every area write answer it. */
export const areaCatalogueResponse = z.object({
  id: z.string(),
  nombre: z.string(),
  estado: z.boolean(),
  creado: z.string(),
});
export type AreaCatalogueResponse = z.infer<typeof areaCatalogueResponse>;
export const areaPageResponse = writablePageResponse(areaCatalogueResponse);
export type AreaPage = z.infer<typeof areaPageResponse>;

export const AREA_LIST = listContract({
  nombre: { type: 'upper' },
  estado,
});

/**
 * A row of TIPO DE GESTIONES (estadoscaso): its name, whether it may be edited or inactivated
 * (editable false locks it, spec 3 §4) and whether it is active.
 */
export const caseStatusCatalogueResponse = z.object({
  id: z.string(),
  nombre: z.string(),
  editable: z.boolean(),
  estado: z.boolean(),
  creado: z.string(),
  modificacion: z.string(),
});
export type CaseStatusCatalogueResponse = z.infer<typeof caseStatusCatalogueResponse>;
export const caseStatusCataloguePageResponse = writablePageResponse(caseStatusCatalogueResponse);
export type CaseStatusCataloguePage = z.infer<typeof caseStatusCataloguePageResponse>;

/** TIPO DE GESTIONES: the name compared uppercased, editable SI/NO. */
export const CASE_STATUS_CATALOGUE_LIST = listContract({
  nombre: { type: 'upper' },
  editable: { type: 'bool', aliases: { SI: true, NO: false, Si: true, No: false } },
  estado,
});
