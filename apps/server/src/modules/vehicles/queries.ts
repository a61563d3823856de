import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SIN_POLIZA, VEHICLE_LIST } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { clientes, lineas, marcas, vehiculos } from '../../db/schema/index.js';
import {
  bogotaDay,
  criteriaWhere,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

/**
 * The policy's name as the list shows it (spec 3 §3): the text itself, or the nombre_producto of
 * an object or of each object of an array (what the plate look-up stores); null when absent.
 */
export const polizaText: SQL<string | null> = sql<string | null>`(case jsonb_typeof(${vehiculos.poliza})
  when 'string' then nullif(btrim(${vehiculos.poliza} #>> '{}'), '')
  when 'object' then nullif(btrim(${vehiculos.poliza} ->> 'nombre_producto'), '')
  when 'array' then (
    select string_agg(distinct btrim(e ->> 'nombre_producto'), ', ' order by btrim(e ->> 'nombre_producto'))
    from jsonb_array_elements(${vehiculos.poliza}) e
    where jsonb_typeof(e) = 'object' and btrim(e ->> 'nombre_producto') <> ''
  )
end)`;

/** Text columns are compared uppercased: a look-up may have stored a make or a class as a service wrote it. */
const upper = (column: AnyPgColumn) => sql`upper(${column})`;

/** The vehicle list's filterable fields (its contract, VEHICLE_LIST): every column but estado and acciones. */
export const VEHICLE_FILTERS: FilterFields = filterColumns(VEHICLE_LIST, {
  // Both writers store the plate uppercased, so the plate's own index serves the = filter.
  placa: vehiculos.placa,
  carroceria: upper(vehiculos.carroceria),
  clase: upper(vehiculos.clase),
  linea: upper(vehiculos.linea),
  marca: upper(vehiculos.marca),
  // A year; anything else a service may have written is no year.
  modelo: sql`(case when ${vehiculos.modelo} ~ '^[0-9]{1,9}$' then ${vehiculos.modelo}::int end)`,
  poliza: sql`upper(coalesce(${polizaText}, ${SIN_POLIZA}))`,
  servicio: upper(vehiculos.servicio),
  cliente: clientes.identificacion,
  creado: bogotaDay(vehiculos.creado),
});

/** By placa ascending (spec 3 §2); the plate is unique, so it is the whole key. */
const SORT: KeysetSort = { columns: [{ column: vehiculos.placa, type: 'text' }], direction: 'asc' };

const vehicleColumns = {
  id: vehiculos.id,
  placa: vehiculos.placa,
  clase: vehiculos.clase,
  carroceria: vehiculos.carroceria,
  marca: vehiculos.marca,
  linea: vehiculos.linea,
  modelo: vehiculos.modelo,
  servicio: vehiculos.servicio,
  poliza: polizaText,
  informacionadicional: vehiculos.informacionadicional,
  estado: vehiculos.estado,
  origen: vehiculos.origen,
  creado: vehiculos.creado,
  modificacion: vehiculos.modificacion,
  clienteId: clientes.id,
  clienteNombres: clientes.nombres,
  clienteApellidos: clientes.apellidos,
  clienteTipo: clientes.tipoidentificacion,
  clienteIdentificacion: clientes.identificacion,
  clienteEstado: clientes.estado,
};

export type VehicleRow = {
  id: string;
  placa: string;
  clase: string;
  carroceria: string;
  marca: string;
  linea: string;
  modelo: string;
  servicio: string;
  poliza: string | null;
  informacionadicional: string;
  estado: boolean;
  origen: string;
  creado: Date;
  modificacion: Date;
  clienteId: string | null;
  clienteNombres: string | null;
  clienteApellidos: string | null;
  clienteTipo: string | null;
  clienteIdentificacion: number | null;
  clienteEstado: boolean | null;
};

/** Vehicles with a plate (spec 3 §7: placa not empty), by placa, keyset-paged. */
export async function listVehicles(db: Executor, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['placa']);
  const rows = await db
    .select(vehicleColumns)
    .from(vehiculos)
    .leftJoin(clientes, eq(clientes.id, vehiculos.uidcliente))
    .where(and(ne(vehiculos.placa, ''), criteriaWhere(query.criteria, VEHICLE_FILTERS), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows as VehicleRow[]);
}

export async function findVehicle(db: Executor, id: string): Promise<VehicleRow | undefined> {
  const [row] = await db
    .select(vehicleColumns)
    .from(vehiculos)
    .leftJoin(clientes, eq(clientes.id, vehiculos.uidcliente))
    .where(eq(vehiculos.id, id));
  return row as VehicleRow | undefined;
}

/** The clients with this identification, of any type: active ones and CC first (as the case form finds them). */
export async function findOwners(db: Executor, identificacion: number) {
  return db
    .select({
      id: clientes.id,
      nombres: clientes.nombres,
      apellidos: clientes.apellidos,
      tipoidentificacion: clientes.tipoidentificacion,
      identificacion: clientes.identificacion,
      estado: clientes.estado,
    })
    .from(clientes)
    .where(eq(clientes.identificacion, identificacion))
    .orderBy(desc(clientes.estado), sql`${clientes.tipoidentificacion} = 'CC' desc`, asc(clientes.tipoidentificacion))
    .limit(10);
}

/** The makes, by name (loaded when the vehicle dialog opens, spec 3 §7). */
export function listMarcas(db: Executor) {
  return db.select({ id: marcas.id, nombre: marcas.nombre }).from(marcas).orderBy(asc(marcas.nombre));
}

export async function findMarca(db: Executor, nombre: string) {
  const [row] = await db.select({ id: marcas.id, nombre: marcas.nombre }).from(marcas).where(eq(marcas.nombre, nombre));
  return row;
}

/** The lines of a make (queried by the chosen make, spec 3 §7). */
export function listLineas(db: Executor, marca: number) {
  return db
    .select({ id: lineas.id, nombre: lineas.nombre })
    .from(lineas)
    .where(eq(lineas.marca, marca))
    .orderBy(asc(lineas.nombre));
}

export async function hasLinea(db: Executor, marca: number, nombre: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lineas.id })
    .from(lineas)
    .where(and(eq(lineas.marca, marca), eq(lineas.nombre, nombre)));
  return !!row;
}
