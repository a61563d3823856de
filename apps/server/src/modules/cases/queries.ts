import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CASE_SCOPE } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { casos, ciudades, clientes, empresas, usuarios, vehiculos } from '../../db/schema/index.js';
import { criteriaWhere, keyset, type FilterFields, type KeysetSort, type ListQuery } from '../../platform/list-query.js';
import type { Viewer } from '../auth/session.js';

/** The cases lists filter only on Caso (an integer) and Placa (spec 2 §2). */
export const CASE_FILTERS: FilterFields = {
  caso: { column: casos.caso, type: 'int' },
  placa: { column: casos.placa, type: 'upper' },
};

const SORT: KeysetSort = { columns: [{ column: casos.caso, type: 'int' }], direction: 'desc' };

/** What a cargo sees (spec 2 §6 "Cases list scope"), as SQL; callers cannot skip it. */
export function scopeWhere(viewer: Pick<Viewer, 'id' | 'cargo'>): SQL | undefined {
  const scope = CASE_SCOPE[viewer.cargo];
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'contactcenter':
      return eq(casos.uidcontactcenter, viewer.id);
    case 'own':
      return eq(casos[scope.field], viewer.id);
    case 'ownOrUnassigned':
      return or(eq(casos[scope.field], viewer.id), isNull(casos[scope.field]));
    case 'ownOrRequested':
      return or(eq(casos.uiddibujante, viewer.id), and(isNull(casos.uiddibujante), eq(casos.solicitud_dibujante, true)));
    case 'peritoRequested':
      return eq(casos.solicitud_perito, true);
  }
}

const cc = alias(usuarios, 'cc');
const ab = alias(usuarios, 'ab');
const abc = alias(usuarios, 'abc');
const inv = alias(usuarios, 'inv');
const per = alias(usuarios, 'per');
const dib = alias(usuarios, 'dib');
const conductor = alias(clientes, 'conductor');
const propietario = alias(clientes, 'propietario');

type Named = { nombres: AnyPgColumn; apellidos: AnyPgColumn };
const fullName = (t: Named) => sql<string | null>`nullif(trim(${t.nombres} || ' ' || ${t.apellidos}), '')`;
const clientName = fullName;

/** A case with the names the lists and dialogs show, joined in one query. */
const caseColumns = {
  caso: casos,
  ciudadNombre: ciudades.ciudad,
  empresaNombre: empresas.empresa,
  vehiculo: sql<string | null>`nullif(trim(${vehiculos.marca} || ' ' || ${vehiculos.linea} || ' ' || ${vehiculos.modelo}), '')`,
  conductorNombre: clientName(conductor),
  conductorTelefono: conductor.telefono,
  conductorIdentificacion: conductor.identificacion,
  propietarioNombre: clientName(propietario),
  propietarioTelefono: propietario.telefono,
  propietarioIdentificacion: propietario.identificacion,
  contactcenterNombre: fullName(cc),
  abogadoNombre: fullName(ab),
  abogadocaitNombre: fullName(abc),
  investigadorNombre: fullName(inv),
  peritoNombre: fullName(per),
  dibujanteNombre: fullName(dib),
};

function withNames(db: Executor) {
  return db
    .select(caseColumns)
    .from(casos)
    .leftJoin(ciudades, eq(ciudades.id, casos.uidciudad))
    .leftJoin(empresas, eq(empresas.id, casos.uidempresa))
    .leftJoin(vehiculos, eq(vehiculos.id, casos.uidvehiculo))
    .leftJoin(conductor, eq(conductor.id, casos.uidconductor))
    .leftJoin(propietario, eq(propietario.id, casos.uidcliente))
    .leftJoin(cc, eq(cc.id, casos.uidcontactcenter))
    .leftJoin(ab, eq(ab.id, casos.uidabogado))
    .leftJoin(abc, eq(abc.id, casos.uidabogadocait))
    .leftJoin(inv, eq(inv.id, casos.uidinvestigador))
    .leftJoin(per, eq(per.id, casos.uidperito))
    .leftJoin(dib, eq(dib.id, casos.uiddibujante));
}

export type CaseWithNames = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

/** A page of the active or archived list, newest case number first, keyset on caso. */
export async function listCases(db: Executor, viewer: Viewer, archived: boolean, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['casoNumero']);
  const rows = await withNames(db)
    .where(and(eq(casos.archivado, archived), scopeWhere(viewer), criteriaWhere(query.criteria, CASE_FILTERS), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows.map((r) => ({ ...r, casoNumero: r.caso.caso })));
}

export async function findCaseWithNames(db: Executor, id: string): Promise<CaseWithNames | undefined> {
  const [row] = await withNames(db).where(eq(casos.id, id));
  return row;
}

/** Whether the viewer's list scope includes the case (used before any row action). */
export async function inScope(db: Executor, viewer: Viewer, id: string): Promise<boolean> {
  const [row] = await db.select({ id: casos.id }).from(casos).where(and(eq(casos.id, id), scopeWhere(viewer)));
  return !!row;
}
