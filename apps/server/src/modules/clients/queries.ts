import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ciudades, clientes, departamentos } from '../../db/schema/index.js';
import { CLIENT_LIST } from '@vialex/domain';
import {
  criteriaWhere,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

/** Filterable fields of LISTA DE CLIENTES (their types: the list's contract, CLIENT_LIST). */
export const CLIENT_FILTERS: FilterFields = filterColumns(CLIENT_LIST, {
  nombres: clientes.nombres,
  apellidos: clientes.apellidos,
  tipoidentificacion: clientes.tipoidentificacion,
  identificacion: clientes.identificacion,
  telefono: clientes.telefono,
  ciudad: ciudades.ciudad,
  direccion: clientes.direccion,
  estado: clientes.estado,
});

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
  anonimizado: clientes.anonimizado,
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
  anonimizado: Date | null;
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
