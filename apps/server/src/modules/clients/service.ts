import { and, eq, ne } from 'drizzle-orm';
import { MSG, can, topics, type Client } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { ciudades, clientes } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Viewer } from '../auth/session.js';
import { findClient } from './queries.js';

function assertMayWrite(viewer: Viewer) {
  if (!can(viewer.cargo, 'clientes.write')) throw forbidden();
}

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

/** Writes publish list.changed on the same transaction, so other browsers refresh after commit. */
async function changed(ctx: AppContext, tx: Executor, id: string) {
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
    const [existing] = await tx
      .select({ id: clientes.id, estado: clientes.estado })
      .from(clientes)
      .where(eq(clientes.id, id))
      .for('update');
    if (!existing) throw notFound(MSG.clienteNoExiste);
    await assertValid(tx, input, id);
    await tx
      .update(clientes)
      .set({
        ...input,
        telefono: String(input.telefono),
        estado: input.estado ?? existing.estado,
        modificacion: new Date(),
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
    const rows = await tx
      .update(clientes)
      .set({ estado: false, modificacion: new Date() })
      .where(eq(clientes.id, id))
      .returning({ id: clientes.id });
    if (!rows.length) throw notFound(MSG.clienteNoExiste);
    await changed(ctx, tx, id);
  });
  return (await findClient(ctx.db, id))!;
}
