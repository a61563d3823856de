import { and, eq, inArray } from 'drizzle-orm';
import { USER_LIST, USER_STATUS_LIST, type Cargo } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { usuarios } from '../../db/schema/index.js';
import {
  criteriaWhere,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

/** Filterable fields of LISTA DE USUARIOS (their types: the list's contract, USER_LIST). */
export const USER_FILTERS: FilterFields = filterColumns(USER_LIST, {
  nombres: usuarios.nombres,
  apellidos: usuarios.apellidos,
  identificacion: usuarios.identificacion,
  telefono: usuarios.telefono,
  email: usuarios.email,
  cargo: usuarios.cargo,
  area: usuarios.area,
  estado: usuarios.estado,
});

/** Filterable fields of ESTADO USUARIOS (USER_STATUS_LIST: a login value of 'Logueo' means true). */
export const USER_STATUS_FILTERS: FilterFields = filterColumns(USER_STATUS_LIST, {
  nombres: usuarios.nombres,
  apellidos: usuarios.apellidos,
  email: usuarios.email,
  cargo: usuarios.cargo,
  disponibilidad: usuarios.disponibilidad,
  login: usuarios.login,
  duracion_sesion: usuarios.duracion_sesion,
});

const SORT: KeysetSort = {
  columns: [
    { column: usuarios.creado, type: 'date' },
    { column: usuarios.id, type: 'uuid' },
  ],
  direction: 'desc',
};

export type UserRow = typeof usuarios.$inferSelect;

/** A page of users whose cargo is among `cargos` (the viewer's scope is a required argument). */
export async function listUsers(
  db: Executor,
  cargos: readonly Cargo[],
  filters: FilterFields,
  query: ListQuery,
  limit: number,
) {
  const page = keyset(SORT, query, limit, ['creado', 'id']);
  const rows = await db
    .select()
    .from(usuarios)
    .where(and(inArray(usuarios.cargo, [...cargos]), criteriaWhere(query.criteria, filters), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, id));
  return row;
}
