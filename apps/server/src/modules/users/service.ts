import { and, eq, gt, sql } from 'drizzle-orm';
import { MSG, SESSION_DEFAULT_MINUTES, maySetOwnAvailability, topics, type Cargo } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { cuentas, ubicacionesVigiladas, usuarios } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { assertPasswordNotGuessable } from '../../platform/password-strength.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { nameOf } from '../audit/record.js';
import { recordStateTrail } from '../availability/availability.js';

/*
 * The users module owns the tables `usuarios`, `cuentas` and `trazabilidadestado` (the user-state
 * trail; availability.ts). The auth module writes only the sign-in columns of `usuarios`.
 */

export interface NewStaffUser {
  nombres: string;
  apellidos: string;
  identificacion: number;
  telefono: string;
  email: string;
  cargo: Cargo;
  area: string;
  ciudades?: string[];
  password?: string;
  passwordHash?: string;
}

type UserRow = typeof usuarios.$inferSelect;

/** What AUDITORÍA shows of a user, before → after (the password never: it lives in cuentas). */
export const audited = (row: UserRow) => ({
  nombres: row.nombres,
  apellidos: row.apellidos,
  identificacion: row.identificacion,
  telefono: row.telefono,
  email: row.email,
  cargo: row.cargo,
  area: row.area,
  estado: row.estado,
  ciudades: row.ciudades,
  duracion_sesion: row.duracion_sesion,
});

/** A user as the target of an audit record: named as they are now. */
export const userTarget = (row: Pick<UserRow, 'id' | 'nombres' | 'apellidos'>) => ({
  tipo: 'usuario' as const,
  id: row.id,
  etiqueta: nameOf(row),
});

/** Creates the sign-in account and the staff user together (crearUsuario in the old app). */
export async function createStaffUser(tx: Executor, input: NewStaffUser) {
  const email = input.email.trim().toLowerCase();
  const [taken] = await tx.select({ id: cuentas.id }).from(cuentas).where(eq(cuentas.email, email));
  if (taken) throw conflict('EMAIL_TAKEN', MSG.correoDuplicado);
  const password_hash = input.passwordHash ?? (await hashPassword(input.password ?? ''));
  const [cuenta] = await tx.insert(cuentas).values({ email, password_hash }).returning();
  const [user] = await tx
    .insert(usuarios)
    .values({
      uiid: cuenta.id,
      nombres: input.nombres.trim().toUpperCase(),
      apellidos: input.apellidos.trim().toUpperCase(),
      identificacion: input.identificacion,
      telefono: input.telefono,
      email,
      cargo: input.cargo,
      area: input.area,
      ciudades: input.ciudades ?? [],
      duracion_sesion: SESSION_DEFAULT_MINUTES,
    })
    .returning();
  return user;
}

/** Sets the password of an auth account (ActualizarPassword in the old app). */
export async function setAccountPassword(db: Executor, accountId: string, password: string): Promise<void> {
  await setAccountPasswordHash(db, accountId, await hashPassword(password));
}

export async function setAccountPasswordHash(db: Executor, accountId: string, passwordHash: string): Promise<void> {
  await db.update(cuentas).set({ password_hash: passwordHash }).where(eq(cuentas.id, accountId));
}

/**
 * Change own password: the current password must be the account's (a session left open is not
 * enough to lock its owner out); a wrong one is a 400 on that field and changes nothing, and so is
 * a new one that is common or easy to guess (checked first: no argon2 spent on it).
 */
export async function changeOwnPassword(
  db: Executor,
  viewer: Viewer,
  currentPassword: string,
  password: string,
): Promise<void> {
  const { user } = viewer;
  await assertPasswordNotGuessable(password, [user.email, user.nombres, user.apellidos, user.identificacion]);
  const [account] = await db
    .select({ hash: cuentas.password_hash })
    .from(cuentas)
    .where(eq(cuentas.id, viewer.user.uiid));
  if (!account || !(await verifyPassword(account.hash, currentPassword))) {
    throw badRequest(MSG.passActualIncorrecta, [{ path: 'currentPassword', message: MSG.passActualIncorrecta }]);
  }
  await setAccountPassword(db, viewer.user.uiid, password);
}

/** A user picks their own availability: only the cargos with the control, only the manual values. */
export async function setOwnAvailability(ctx: AppContext, viewer: Viewer, disponibilidad: string) {
  enforce(maySetOwnAvailability(viewer, disponibilidad));
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.update(usuarios).set({ disponibilidad }).where(eq(usuarios.id, viewer.id)).returning();
    await recordStateTrail(tx, viewer, disponibilidad, {
      descripcion: MSG.trazaDisponibilidadPropia,
      uidcreador: viewer.id,
    });
    await ctx.hub.publish(tx, topics.user(viewer.id), { name: 'user.updated', id: viewer.id });
    await ctx.hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios', id: viewer.id });
    return user;
  });
}

/**
 * Users an open case map follows: counted up and down by the live channel (topics.location), per
 * instance (`instanceId` holds the map's socket), so that the sweep gives back what a dead
 * instance held (releaseGoneWatches).
 */
export async function watchLocation(db: Executor, instanceId: string, userId: string, delta: 1 | -1): Promise<void> {
  if (delta > 0)
    await db
      .insert(ubicacionesVigiladas)
      .values({ usuario: userId, instancia: instanceId, mapas: 1 })
      .onConflictDoUpdate({
        target: [ubicacionesVigiladas.usuario, ubicacionesVigiladas.instancia],
        set: { mapas: sql`${ubicacionesVigiladas.mapas} + 1` },
      });
  else
    await db
      .update(ubicacionesVigiladas)
      .set({ mapas: sql`${ubicacionesVigiladas.mapas} - 1` })
      .where(
        and(
          eq(ubicacionesVigiladas.usuario, userId),
          eq(ubicacionesVigiladas.instancia, instanceId),
          gt(ubicacionesVigiladas.mapas, 0),
        ),
      );
}

/**
 * The sweep's part (platform/instances.ts): the follows of instances no longer in `instancias`
 * (dead, or stopped) go, and rows at zero are tidied away; positions of users nobody else follows
 * are no longer announced. Safe on several instances at once.
 */
export async function releaseGoneWatches(db: Executor): Promise<number> {
  const gone = await db.execute(sql`
    delete from ubicaciones_vigiladas w
    where w.mapas = 0 or not exists (select 1 from instancias i where i.id = w.instancia)
    returning w.usuario`);
  return gone.rows.length;
}

export async function setGps(ctx: AppContext, viewer: Viewer, gps: boolean): Promise<void> {
  if (viewer.user.gps === gps) return;
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(usuarios)
      .set({ gps })
      .where(eq(usuarios.id, viewer.id))
      .returning({ lat: usuarios.lat, lng: usuarios.long, at: usuarios.ubicacion_fecha });
    // The maps that follow this user show 'Ubicación desactivada' (or the marker again).
    await ctx.hub.publish(tx, topics.location(viewer.id), {
      name: 'location.changed',
      id: viewer.id,
      lat: user?.lat ?? null,
      lng: user?.lng ?? null,
      at: user?.at?.toISOString() ?? null,
      gps,
    });
  });
}
