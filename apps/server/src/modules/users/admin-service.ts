import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  CITY_COVERAGE_CARGOS,
  MSG,
  USER_STATUS_VISIBLE,
  can,
  canWriteUsers,
  fmt,
  isManualDisponibilidad,
  mayAssignCities,
  mayWriteUser,
  topics,
  type Cargo,
  type createUserSchema,
  type updateUserSchema,
} from '@vialex/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { areas, ciudades, cuentas, trazabilidadestado, usuarios } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { signOutUser, type Viewer } from '../auth/session.js';
import { hashPassword } from '../../platform/passwords.js';
import { createStaffUser, setAccountPasswordHash } from './service.js';
import { findUser, type UserRow } from './queries.js';

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;

async function usersChanged(ctx: AppContext, tx: Executor, id: string) {
  await ctx.hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios', id });
  await ctx.hub.publish(tx, topics.user(id), { name: 'user.updated', id });
}

/**
 * Create/edit from LISTA DE USUARIOS: only from an unrestricted view (spec 1 §6), and no
 * privilege escalation: only an Administrador writes or appoints administrators and coordinators.
 */
function assertMayWrite(viewer: Viewer, targetCargo: string, newCargo: string = targetCargo) {
  if (!mayWriteUser(viewer.cargo, targetCargo as Cargo) || !mayWriteUser(viewer.cargo, newCargo as Cargo))
    throw forbidden();
}

/** DESLOGUEAR-like sign-out by another user (auth/session.ts signOutUser), with them as the trail's creator. */
const signOut = (ctx: AppContext, tx: Executor, viewer: Viewer, target: UserRow, descripcion: string) =>
  signOutUser(tx, ctx.hub, target, { descripcion, creador: viewer.id });

/** 'by NAME (cargo)' for the trail entries of what one user does to another. */
const byViewer = (message: string, viewer: Viewer) =>
  fmt(message, { nombre: `${viewer.user.nombres} ${viewer.user.apellidos}`, cargo: viewer.cargo });

async function assertArea(tx: Executor, area: string) {
  const [row] = await tx
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.nombre, area), eq(areas.estado, true)));
  if (!row) throw badRequest(MSG.areaNoValida, [{ path: 'area', message: MSG.areaNoValida }]);
}

async function loadTarget(tx: Executor, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(usuarios).where(eq(usuarios.id, id)).for('update');
  if (!row) throw notFound(MSG.usuarioNoExiste);
  return row;
}

export async function createUser(ctx: AppContext, viewer: Viewer, input: CreateUser) {
  assertMayWrite(viewer, input.cargo, input.cargo);
  // Hashed before the transaction, so no connection waits on argon2.
  const passwordHash = await hashPassword(input.password);
  const id = await ctx.db.transaction(async (tx) => {
    await assertArea(tx, input.area);
    const user = await createStaffUser(tx, {
      ...input,
      password: undefined,
      passwordHash,
      telefono: String(input.telefono),
    });
    await usersChanged(ctx, tx, user.id);
    return user.id;
  });
  return (await findUser(ctx.db, id))!;
}

export async function updateUser(ctx: AppContext, viewer: Viewer, id: string, input: UpdateUser) {
  await ctx.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    // Own data may be edited from an unrestricted view, but nobody changes their own cargo (so
    // nobody promotes themselves, and an administrator cannot demote the last administrator).
    if (target.id === viewer.id) {
      if (!canWriteUsers(viewer.cargo) || input.cargo !== target.cargo) throw forbidden();
    } else assertMayWrite(viewer, target.cargo, input.cargo);
    // The area selector is disabled when editing unless the viewer is Administrador.
    if (input.area !== target.area) {
      if (viewer.cargo !== 'Administrador') throw forbidden();
      await assertArea(tx, input.area);
    }
    if (input.email !== target.email) {
      const [taken] = await tx
        .select({ id: cuentas.id })
        .from(cuentas)
        .where(and(eq(cuentas.email, input.email), ne(cuentas.id, target.uiid)));
      if (taken) throw conflict('EMAIL_TAKEN', MSG.correoDuplicado);
      await tx.update(cuentas).set({ email: input.email, modificacion: new Date() }).where(eq(cuentas.id, target.uiid));
    }
    const estado = input.estado ?? target.estado;
    if (target.id === viewer.id && !estado) throw badRequest(MSG.noInactivarPropio);
    await tx
      .update(usuarios)
      .set({
        nombres: input.nombres,
        apellidos: input.apellidos,
        identificacion: input.identificacion,
        telefono: String(input.telefono),
        email: input.email,
        cargo: input.cargo,
        area: input.area,
        estado,
        // Coverage only means something for the cargos that have it.
        ciudades: CITY_COVERAGE_CARGOS.includes(input.cargo) ? target.ciudades : [],
        modificacion: new Date(),
      })
      .where(eq(usuarios.id, id));
    if (!estado && target.estado)
      await signOut(ctx, tx, viewer, { ...target, cargo: input.cargo }, byViewer(MSG.trazaUsuarioInactivado, viewer));
    await usersChanged(ctx, tx, id);
  });
  return (await findUser(ctx.db, id))!;
}

/** The delete icon: estado false after confirmation; the user is kept and signed out. */
export async function deactivateUser(ctx: AppContext, viewer: Viewer, id: string) {
  await ctx.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    assertMayWrite(viewer, target.cargo);
    if (target.id === viewer.id) throw badRequest(MSG.noInactivarPropio);
    await tx.update(usuarios).set({ estado: false, modificacion: new Date() }).where(eq(usuarios.id, id));
    if (target.estado) await signOut(ctx, tx, viewer, target, byViewer(MSG.trazaUsuarioInactivado, viewer));
    await usersChanged(ctx, tx, id);
  });
  return (await findUser(ctx.db, id))!;
}

/**
 * Assign Cities: only Abogado and Investigador users cover cities; set by the unrestricted user
 * writers and by the coordinator who dispatches that cargo (mayAssignCities).
 */
export async function setUserCities(ctx: AppContext, viewer: Viewer, id: string, cityIds: string[]) {
  const unique = [...new Set(cityIds)];
  await ctx.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    if (!mayAssignCities(viewer.cargo, target.cargo as Cargo)) throw forbidden();
    if (unique.length) {
      const found = await tx.select({ id: ciudades.id }).from(ciudades).where(inArray(ciudades.id, unique));
      if (found.length !== unique.length)
        throw badRequest(MSG.ciudadNoValida, [{ path: 'ciudades', message: MSG.ciudadNoValida }]);
    }
    await tx.update(usuarios).set({ ciudades: unique, modificacion: new Date() }).where(eq(usuarios.id, id));
    await usersChanged(ctx, tx, id);
  });
  return (await findUser(ctx.db, id))!;
}

/**
 * Another user's password: Administrador only, acting on the user's auth account. The user's
 * live session ends with it (as DESLOGUEAR): whoever held it must sign in with the new password.
 * Not one's own: that is the key button, which asks for the current password.
 */
export async function setUserPassword(ctx: AppContext, viewer: Viewer, id: string, password: string) {
  if (!can(viewer.cargo, 'usuarios.changeOtherPassword') || id === viewer.id) throw forbidden();
  if (!(await findUser(ctx.db, id))) throw notFound(MSG.usuarioNoExiste);
  // Hashed before the transaction, so no connection waits on argon2.
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    await setAccountPasswordHash(tx, target.uiid, passwordHash);
    await signOut(ctx, tx, viewer, target, byViewer(MSG.trazaCambioContrasena, viewer));
    await usersChanged(ctx, tx, id);
  });
}

// ---- ESTADO USUARIOS -------------------------------------------------------------------------

function assertStatusScope(viewer: Viewer, target: UserRow) {
  if (!USER_STATUS_VISIBLE[viewer.cargo].includes(target.cargo as Cargo)) throw forbidden();
}

/** A coordinator sets another user's availability; automatic values are not selectable. */
export async function setUserAvailability(ctx: AppContext, viewer: Viewer, id: string, disponibilidad: string) {
  if (!isManualDisponibilidad(disponibilidad))
    throw badRequest(MSG.disponibilidadAutomatica, [{ path: 'disponibilidad', message: MSG.disponibilidadAutomatica }]);
  await ctx.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    assertStatusScope(viewer, target);
    await tx.update(usuarios).set({ disponibilidad, modificacion: new Date() }).where(eq(usuarios.id, id));
    await tx.insert(trazabilidadestado).values({
      descripcion: `Cambio de disponibilidad por ${viewer.user.nombres} ${viewer.user.apellidos} (${viewer.cargo})`,
      estado: disponibilidad,
      uidusuario: id,
      cargo: target.cargo,
      uidcreador: viewer.id,
    });
    await usersChanged(ctx, tx, id);
  });
  return (await findUser(ctx.db, id))!;
}

/**
 * DESLOGUEAR: login flag false, empty ip, no exit marker (spec 1 §4), and off-shift as at Salir.
 * Every open tab of that user is told live and sent to /login; the next request is refused.
 */
export async function forceLogout(ctx: AppContext, viewer: Viewer, id: string) {
  await ctx.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    assertStatusScope(viewer, target);
    await signOut(ctx, tx, viewer, target, byViewer(MSG.trazaSesionForzada, viewer));
    await usersChanged(ctx, tx, id);
  });
  return (await findUser(ctx.db, id))!;
}

/** Session time for one user or every user of that user's cargo (as the viewer sees them). */
export async function setSessionTime(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  scope: 'usuario' | 'cargo',
  minutes: number,
) {
  return ctx.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    assertStatusScope(viewer, target);
    const where = scope === 'cargo' ? eq(usuarios.cargo, target.cargo) : eq(usuarios.id, id);
    const rows = await tx
      .update(usuarios)
      .set({ duracion_sesion: minutes, modificacion: new Date() })
      .where(where)
      .returning({ id: usuarios.id });
    for (const r of rows) await ctx.hub.publish(tx, topics.user(r.id), { name: 'user.updated', id: r.id });
    await ctx.hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios' });
    return rows.length;
  });
}
