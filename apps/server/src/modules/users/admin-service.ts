import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  CITY_COVERAGE_CARGOS,
  MSG,
  fmt,
  mayAssignCitiesTo,
  mayCreateUser,
  mayDeactivateUser,
  mayEditUser,
  mayManageStatus,
  mayPickAvailability,
  maySetPassword,
  topics,
  type Cargo,
  type createUserSchema,
  type updateUserSchema,
} from '@vialex/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { areas, ciudades, cuentas, usuarios } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { signOutUser } from '../auth/session.js';
import { clearSecondFactor } from '../auth/second-factor.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { hashPassword } from '../../platform/passwords.js';
import { assertPasswordNotGuessable } from '../../platform/password-strength.js';
import { recordAudit } from '../audit/record.js';
import { recordStateTrail } from '../availability/availability.js';
import { audited, createStaffUser, setAccountPasswordHash, userTarget } from './service.js';
import { findUser, type UserRow } from './queries.js';

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;

async function usersChanged(ctx: AppContext, tx: Executor, id: string) {
  await ctx.hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios', id });
  await ctx.hub.publish(tx, topics.user(id), { name: 'user.updated', id });
}

/** A user row as the user policy reads it (policies/user.ts in the domain). */
const target = (row: UserRow) => ({ id: row.id, cargo: row.cargo as Cargo, area: row.area });

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

/**
 * Create/edit from LISTA DE USUARIOS: only from an unrestricted view (spec 1 §6), and no
 * privilege escalation: only an Administrador writes or appoints administrators and coordinators.
 */
export async function createUser(ctx: AppContext, viewer: Viewer, input: CreateUser) {
  enforce(mayCreateUser(viewer, input.cargo));
  await assertPasswordNotGuessable(input.password, [
    input.email,
    input.nombres,
    input.apellidos,
    input.identificacion,
    input.telefono,
  ]);
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
    await recordAudit(tx, {
      actor: viewer,
      accion: 'usuario.creado',
      objeto: userTarget(user),
      despues: audited(user),
    });
    await usersChanged(ctx, tx, user.id);
    return user.id;
  });
  return (await findUser(ctx.db, id))!;
}

export async function updateUser(ctx: AppContext, viewer: Viewer, id: string, input: UpdateUser) {
  await ctx.db.transaction(async (tx) => {
    const row = await loadTarget(tx, id);
    const estado = input.estado ?? row.estado;
    // Nobody changes their own cargo or deactivates themselves; the area is the Administrador's.
    enforce(mayEditUser(viewer, target(row), { cargo: input.cargo, area: input.area, estado }));
    if (input.area !== row.area) await assertArea(tx, input.area);
    if (input.email !== row.email) {
      const [taken] = await tx
        .select({ id: cuentas.id })
        .from(cuentas)
        .where(and(eq(cuentas.email, input.email), ne(cuentas.id, row.uiid)));
      if (taken) throw conflict('EMAIL_TAKEN', MSG.correoDuplicado);
      await tx.update(cuentas).set({ email: input.email }).where(eq(cuentas.id, row.uiid));
    }
    const [updated] = await tx
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
        ciudades: CITY_COVERAGE_CARGOS.includes(input.cargo) ? row.ciudades : [],
      })
      .where(eq(usuarios.id, id))
      .returning();
    // One record of the act: a change of estado names it, the diff shows whatever else changed (cargo, area…).
    const accion = estado === row.estado ? 'usuario.editado' : estado ? 'usuario.reactivado' : 'usuario.desactivado';
    await recordAudit(tx, {
      actor: viewer,
      accion,
      objeto: userTarget(updated),
      antes: audited(row),
      despues: audited(updated),
    });
    if (!estado && row.estado)
      await signOut(ctx, tx, viewer, { ...row, cargo: input.cargo }, byViewer(MSG.trazaUsuarioInactivado, viewer));
    await usersChanged(ctx, tx, id);
  });
  return (await findUser(ctx.db, id))!;
}

/** The delete icon: estado false after confirmation; the user is kept and signed out. */
export async function deactivateUser(ctx: AppContext, viewer: Viewer, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await loadTarget(tx, id);
    enforce(mayDeactivateUser(viewer, target(row)));
    await tx.update(usuarios).set({ estado: false }).where(eq(usuarios.id, id));
    await recordAudit(tx, {
      actor: viewer,
      accion: 'usuario.desactivado',
      objeto: userTarget(row),
      antes: { estado: row.estado },
      despues: { estado: false },
    });
    if (row.estado) await signOut(ctx, tx, viewer, row, byViewer(MSG.trazaUsuarioInactivado, viewer));
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
    const row = await loadTarget(tx, id);
    enforce(mayAssignCitiesTo(viewer, target(row)));
    if (unique.length) {
      const found = await tx.select({ id: ciudades.id }).from(ciudades).where(inArray(ciudades.id, unique));
      if (found.length !== unique.length)
        throw badRequest(MSG.ciudadNoValida, [{ path: 'ciudades', message: MSG.ciudadNoValida }]);
    }
    await tx.update(usuarios).set({ ciudades: unique }).where(eq(usuarios.id, id));
    await recordAudit(tx, {
      actor: viewer,
      accion: 'usuario.ciudades',
      objeto: userTarget(row),
      antes: { ciudades: row.ciudades },
      despues: { ciudades: unique },
    });
    await usersChanged(ctx, tx, id);
  });
  return (await findUser(ctx.db, id))!;
}

/**
 * Another user's password: Administrador only, acting on the user's auth account. The user's
 * live session ends with it (as DESLOGUEAR): whoever held it must sign in with the new password.
 * Not one's own: that is the key button, which asks for the current password.
 */
export async function setUserPassword(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  password: string,
  { quitarSegundoFactor = false }: { quitarSegundoFactor?: boolean } = {},
) {
  enforce(maySetPassword(viewer, { id }));
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound(MSG.usuarioNoExiste);
  await assertPasswordNotGuessable(password, [user.email, user.nombres, user.apellidos, user.identificacion]);
  // Hashed before the transaction, so no connection waits on argon2.
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const row = await loadTarget(tx, id);
    await setAccountPasswordHash(tx, row.uiid, passwordHash);
    // The act, never its material: no password nor hash in the record.
    await recordAudit(tx, { actor: viewer, accion: 'usuario.contrasena_restablecida', objeto: userTarget(row) });
    // A lost phone or passkey: the factors go only when the Administrador asked (recorded apart).
    if (quitarSegundoFactor) await clearSecondFactor(tx, row, viewer);
    await signOut(ctx, tx, viewer, row, byViewer(MSG.trazaCambioContrasena, viewer));
    await usersChanged(ctx, tx, id);
  });
}

// ---- ESTADO USUARIOS -------------------------------------------------------------------------

/** Loads a user the viewer's ESTADO USUARIOS shows, locked for the rest of the transaction. */
async function loadStatusTarget(tx: Executor, viewer: Viewer, id: string): Promise<UserRow> {
  const row = await loadTarget(tx, id);
  enforce(mayManageStatus(viewer, target(row)));
  return row;
}

/** A coordinator sets another user's availability; automatic values are not selectable. */
export async function setUserAvailability(ctx: AppContext, viewer: Viewer, id: string, disponibilidad: string) {
  enforce(mayPickAvailability(disponibilidad));
  await ctx.db.transaction(async (tx) => {
    const row = await loadStatusTarget(tx, viewer, id);
    await tx.update(usuarios).set({ disponibilidad }).where(eq(usuarios.id, id));
    await recordStateTrail(tx, row, disponibilidad, {
      descripcion: byViewer(MSG.trazaDisponibilidadPor, viewer),
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
    const row = await loadStatusTarget(tx, viewer, id);
    await signOut(ctx, tx, viewer, row, byViewer(MSG.trazaSesionForzada, viewer));
    await recordAudit(tx, {
      actor: viewer,
      accion: 'usuario.sesion_terminada',
      objeto: userTarget(row),
      antes: { login: row.login },
      despues: { login: false },
    });
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
    const row = await loadStatusTarget(tx, viewer, id);
    const where = scope === 'cargo' ? eq(usuarios.cargo, row.cargo) : eq(usuarios.id, id);
    const rows = await tx
      .update(usuarios)
      .set({ duracion_sesion: minutes })
      .where(where)
      .returning({ id: usuarios.id });
    await recordAudit(tx, {
      actor: viewer,
      accion: 'usuario.tiempo_sesion',
      // For the whole cargo, the record's target is the cargo: the minutes were the row's before.
      objeto: scope === 'cargo' ? { tipo: 'cargo', id: row.cargo, etiqueta: row.cargo } : userTarget(row),
      antes: { duracion_sesion: row.duracion_sesion },
      despues: { duracion_sesion: minutes, usuarios: rows.length },
    });
    for (const r of rows) await ctx.hub.publish(tx, topics.user(r.id), { name: 'user.updated', id: r.id });
    await ctx.hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios' });
    return rows.length;
  });
}
