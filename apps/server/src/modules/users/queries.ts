import { and, eq, inArray } from 'drizzle-orm';
import type { Cargo } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { usuarios } from '../../db/schema/index.js';
import {
  criteriaWhere,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

/** Filterable fields of LISTA DE USUARIOS. E-mail and cargo are compared as typed (spec 1 §5). */
export const USER_FILTERS: FilterFields = {
  nombres: { column: usuarios.nombres, type: 'upper' },
  apellidos: { column: usuarios.apellidos, type: 'upper' },
  identificacion: { column: usuarios.identificacion, type: 'bigint' },
  telefono: { column: usuarios.telefono, type: 'exact' },
  email: { column: usuarios.email, type: 'email' },
  cargo: { column: usuarios.cargo, type: 'exact' },
  area: { column: usuarios.area, type: 'upper' },
  estado: { column: usuarios.estado, type: 'bool', aliases: { Activo: true, Inactivo: false } },
};

/** Filterable fields of ESTADO USUARIOS; a login value of 'Logueo' means true. */
export const USER_STATUS_FILTERS: FilterFields = {
  nombres: { column: usuarios.nombres, type: 'upper' },
  apellidos: { column: usuarios.apellidos, type: 'upper' },
  email: { column: usuarios.email, type: 'email' },
  cargo: { column: usuarios.cargo, type: 'exact' },
  disponibilidad: { column: usuarios.disponibilidad, type: 'exact' },
  login: { column: usuarios.login, type: 'bool', aliases: { Logueo: true, LOGUEO: true, logueo: true } },
  duracion_sesion: { column: usuarios.duracion_sesion, type: 'int' },
};

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
