import { and, arrayContains, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { CITY_LIMITED_TARGETS, DISPONIBILIDAD, type Cargo } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { sesiones, usuarios } from '../../db/schema/index.js';

/**
 * A live session, by the rule auth/session.ts checks on every request: signed in (login), holding
 * the user's current token_login, and within duracion_sesion minutes of the sign-in. It does not
 * trust the availability value alone, which an expired or forced-out session may leave behind.
 */
const holdsLiveSession = sql`exists (select 1 from ${sesiones} where ${sesiones.usuario} = ${usuarios.id} and ${sesiones.token_login} = ${usuarios.token_login} and ${sesiones.creado} + make_interval(mins => ${usuarios.duracion_sesion}) > now())`;

/**
 * Candidates for the assign dialog (spec 2 §6: only signed-in agents): the matching cargo, active,
 * signed in with a live session, with an availability set and not off-shift; for Investigador and
 * Abogado only users covering the case city. Assigning checks the same list for the one user it
 * names (`only`: read by id, not the whole list, while the case is locked), so a stale dialog
 * cannot assign someone who has left since.
 */
export async function assignCandidates(tx: Executor, c: { uidciudad: string | null }, tipo: Cargo, only?: string) {
  const conditions: SQL[] = [
    ...(only === undefined ? [] : [eq(usuarios.id, only)]),
    eq(usuarios.cargo, tipo),
    eq(usuarios.estado, true),
    eq(usuarios.login, true),
    holdsLiveSession,
    ne(usuarios.disponibilidad, DISPONIBILIDAD.fueraDeHorario),
    ne(usuarios.disponibilidad, ''),
  ];
  if (CITY_LIMITED_TARGETS.includes(tipo)) {
    if (!c.uidciudad) return [];
    conditions.push(arrayContains(usuarios.ciudades, [c.uidciudad]));
  }
  return tx
    .select({
      id: usuarios.id,
      nombres: usuarios.nombres,
      apellidos: usuarios.apellidos,
      disponibilidad: usuarios.disponibilidad,
      cargo: usuarios.cargo,
    })
    .from(usuarios)
    .where(and(...conditions))
    .orderBy(asc(usuarios.nombres), asc(usuarios.apellidos));
}
