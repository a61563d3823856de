import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_CIUDAD,
  DEFAULT_TIPO_IDENTIFICACION,
  MSG,
  mayQuickRegisterClient,
  mayWriteClient,
  topics,
  type Client,
} from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { ciudades, clientes } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { findClient } from './queries.js';

/*
 * The clients module owns the table `clientes`. The case form registers the affected person and
 * finds a case's client through this service.
 */

const assertMayWrite = (viewer: Viewer) => enforce(mayWriteClient(viewer));

async function assertValid(tx: Executor, input: Client, exceptId?: string) {
  const [city] = await tx.select({ id: ciudades.id }).from(ciudades).where(eq(ciudades.id, input.ciudad));
  if (!city) throw badRequest(MSG.campoRequerido, [{ path: 'ciudad', message: MSG.ciudadNoValida }]);
  const same = and(
    eq(clientes.tipoidentificacion, input.tipoidentificacion),
    eq(clientes.identificacion, input.identificacion),
  );
  const [dup] = await tx
    .select({ id: clientes.id })
    .from(clientes)
    .where(exceptId ? and(same, ne(clientes.id, exceptId)) : same);
  if (dup) throw conflict('CLIENT_DUPLICATE', MSG.clienteDuplicado);
}

/**
 * The client's row, locked for a write: 404 when absent, 409 once anonymised (its placeholders
 * are no person's data to edit, and an edit would bring personal data back).
 */
async function lockWritable(tx: Executor, id: string) {
  const [existing] = await tx
    .select({ id: clientes.id, estado: clientes.estado, anonimizado: clientes.anonimizado })
    .from(clientes)
    .where(eq(clientes.id, id))
    .for('update');
  if (!existing) throw notFound(MSG.clienteNoExiste);
  if (existing.anonimizado) throw conflict('CLIENT_ANONYMISED', MSG.clienteYaAnonimizado);
  return existing;
}

/** Writes publish list.changed on the same transaction, so other browsers refresh after commit. */
export async function changed(ctx: AppContext, tx: Executor, id: string) {
  await ctx.hub.publish(tx, topics.list('clientes'), { name: 'list.changed', list: 'clientes', id });
}

export async function createClient(ctx: AppContext, viewer: Viewer, input: Client) {
  assertMayWrite(viewer);
  const id = await ctx.db.transaction(async (tx) => {
    await assertValid(tx, input);
    const { estado: _ignored, ...values } = input;
    const [row] = await tx
      .insert(clientes)
      .values({ ...values, telefono: String(input.telefono), estado: true })
      .returning({ id: clientes.id });
    await changed(ctx, tx, row.id);
    return row.id;
  });
  return (await findClient(ctx.db, id))!;
}

export async function updateClient(ctx: AppContext, viewer: Viewer, id: string, input: Client) {
  assertMayWrite(viewer);
  await ctx.db.transaction(async (tx) => {
    const existing = await lockWritable(tx, id);
    await assertValid(tx, input, id);
    await tx
      .update(clientes)
      .set({
        ...input,
        telefono: String(input.telefono),
        estado: input.estado ?? existing.estado,
      })
      .where(eq(clientes.id, id));
    await changed(ctx, tx, id);
  });
  return (await findClient(ctx.db, id))!;
}

/** The delete icon only deactivates (estado false); the record is kept. */
export async function deactivateClient(ctx: AppContext, viewer: Viewer, id: string) {
  assertMayWrite(viewer);
  await ctx.db.transaction(async (tx) => {
    await lockWritable(tx, id);
    await tx.update(clientes).set({ estado: false }).where(eq(clientes.id, id));
    await changed(ctx, tx, id);
  });
  return (await findClient(ctx.db, id))!;
}

/** Affected-person quick registration from the case dialog: type CC, city BOGOTA. */
export async function quickRegisterClient(
  ctx: AppContext,
  viewer: Viewer,
  input: { nombres: string; apellidos: string; identificacion: number; telefono?: number },
) {
  enforce(mayQuickRegisterClient(viewer));
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(clientes)
      .where(
        and(
          eq(clientes.tipoidentificacion, DEFAULT_TIPO_IDENTIFICACION),
          eq(clientes.identificacion, input.identificacion),
        ),
      );
    if (existing) throw new AppError(409, 'CLIENT_DUPLICATE', MSG.clienteDuplicado);
    const [row] = await tx
      .insert(clientes)
      .values({
        nombres: input.nombres,
        apellidos: input.apellidos,
        identificacion: input.identificacion,
        tipoidentificacion: DEFAULT_TIPO_IDENTIFICACION,
        ciudad: DEFAULT_CIUDAD,
        telefono: input.telefono ? String(input.telefono) : '',
        direccion: '',
      })
      .returning();
    await changed(ctx, tx, row.id);
    return row;
  });
}

/**
 * The client the call center identified on the case form, among clients of any type (active ones
 * and CC first): 'Usuario no registrado' on the identification field when there is none. The row
 * is locked (shared) until the case is saved: an anonymisation under way is waited for, and the
 * client it anonymised is then no longer found, so no case is attached to nobody.
 */
export async function findRegisteredClient(tx: Executor, identificacion: number) {
  const [client] = await tx
    .select()
    .from(clientes)
    .where(and(eq(clientes.identificacion, identificacion), isNull(clientes.anonimizado)))
    .orderBy(sql`${clientes.estado} desc`, sql`${clientes.tipoidentificacion} = ${DEFAULT_TIPO_IDENTIFICACION} desc`)
    .limit(1)
    .for('share');
  if (!client)
    throw badRequest(MSG.usuarioNoRegistrado, [{ path: 'identificacion', message: MSG.usuarioNoRegistrado }]);
  return client;
}

/** A client's identification as notices carry it (spec 2 §3 notificaciones.cedula). */
export async function clientCedula(tx: Executor, clientId: string | null): Promise<string | undefined> {
  if (!clientId) return undefined;
  const [row] = await runPrepared(
    tx,
    'client_cedula',
    (b) =>
      b
        .select({ identificacion: clientes.identificacion })
        .from(clientes)
        .where(eq(clientes.id, sql.placeholder('id'))),
    { id: clientId },
  );
  return row ? String(row.identificacion) : undefined;
}
