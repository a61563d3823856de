import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ciudades, clientes, departamentos } from '../../db/schema/index.js';
import {
  criteriaWhere,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

/** Filterable fields of LISTA DE CLIENTES (identificacion is a number, spec 1 §5). */
export const CLIENT_FILTERS: FilterFields = {
  nombres: { column: clientes.nombres, type: 'upper' },
  apellidos: { column: clientes.apellidos, type: 'upper' },
  tipoidentificacion: { column: clientes.tipoidentificacion, type: 'upper' },
  identificacion: { column: clientes.identificacion, type: 'bigint' },
  telefono: { column: clientes.telefono, type: 'exact' },
  ciudad: { column: ciudades.ciudad, type: 'upper' },
  direccion: { column: clientes.direccion, type: 'upper' },
  estado: { column: clientes.estado, type: 'bool', aliases: { Activo: true, Inactivo: false } },
};

/** Newest first (creado descending), the id breaking ties. */
const SORT: KeysetSort = {
  columns: [
    { column: clientes.creado, type: 'date' },
    { column: clientes.id, type: 'uuid' },
  ],
  direction: 'desc',
};

const clientColumns = {
  id: clientes.id,
  nombres: clientes.nombres,
  apellidos: clientes.apellidos,
  tipoidentificacion: clientes.tipoidentificacion,
  identificacion: clientes.identificacion,
  telefono: clientes.telefono,
  ciudad: clientes.ciudad,
  ciudadNombre: ciudades.ciudad,
  departamento: departamentos.departamento,
  direccion: clientes.direccion,
  estado: clientes.estado,
  creado: clientes.creado,
  modificacion: clientes.modificacion,
};

export type ClientRow = {
  id: string;
  nombres: string;
  apellidos: string;
  tipoidentificacion: string;
  identificacion: number;
  telefono: string;
  ciudad: string;
  ciudadNombre: string;
  departamento: string;
  direccion: string;
  estado: boolean;
  creado: Date;
  modificacion: Date;
};

export async function listClients(db: Executor, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['creado', 'id']);
  const rows = await db
    .select(clientColumns)
    .from(clientes)
    .innerJoin(ciudades, eq(ciudades.id, clientes.ciudad))
    .innerJoin(departamentos, eq(departamentos.id, ciudades.departamento))
    .where(and(criteriaWhere(query.criteria, CLIENT_FILTERS), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows as ClientRow[]);
}

export async function findClient(db: Executor, id: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select(clientColumns)
    .from(clientes)
    .innerJoin(ciudades, eq(ciudades.id, clientes.ciudad))
    .innerJoin(departamentos, eq(departamentos.id, ciudades.departamento))
    .where(eq(clientes.id, id));
  return row as ClientRow | undefined;
}
