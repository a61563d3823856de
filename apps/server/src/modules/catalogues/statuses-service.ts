import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG, mayEditCaseStatus, mayToggleCaseStatus, type CaseStatusCatalogueValues } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { casos, estadoscaso } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { recordCatalogueAudit } from '../audit/catalogue.js';
import { catalogueChanged, uniqueOr } from './shared.js';
import type { StatusRow } from './statuses-queries.js';

/*
 * TIPO DE GESTIONES' writes (spec 3 §4–§6, decisions.md D6: staff only). A row with editable
 * false (Recibido and the closing statuses, which the case rules depend on) is neither edited nor
 * inactivated, by anybody. An inactive status leaves the status select of the case workspace
 * (cases/status-service.ts reads the active ones) and a case can no longer be moved into it.
 * Cases hold their status by name, so a status some case is in is not renamed under it.
 */

const duplicate = () =>
  new AppError(409, 'STATUS_DUPLICATE', MSG.estadoDuplicado, [{ path: 'nombre', message: MSG.estadoDuplicado }]);

/** Names differing only in capitals ('cerrado', 'CERRADO') are the same status. */
async function assertUniqueName(tx: Executor, nombre: string, exceptId?: string) {
  const same = sql`lower(${estadoscaso.estado}) = lower(${nombre})`;
  const [dup] = await tx
    .select({ id: estadoscaso.id })
    .from(estadoscaso)
    .where(exceptId ? and(same, ne(estadoscaso.id, exceptId)) : same);
  if (dup) throw duplicate();
}

const status = (row: StatusRow) => ({ tipo: 'estado_caso' as const, etiqueta: row.estado });
/** `inactivo` true means the status is active (the spec's naming). */
const active = (row: Record<string, unknown>) => row.inactivo === true;

async function lockStatus(tx: Executor, id: string): Promise<StatusRow> {
  const [row] = await tx.select().from(estadoscaso).where(eq(estadoscaso.id, id)).for('update');
  if (!row) throw notFound(MSG.estadoCatalogoNoExiste);
  return row;
}

/** AGREGAR: a new status is active and editable, and counts as an open status (spec 3 §4's groups are fixed). */
export async function createStatus(
  ctx: AppContext,
  viewer: Viewer,
  input: CaseStatusCatalogueValues,
): Promise<StatusRow> {
  enforce(mayEditCaseStatus(viewer));
  return uniqueOr(duplicate, () =>
    ctx.db.transaction(async (tx) => {
      await assertUniqueName(tx, input.nombre);
      const [row] = await tx
        .insert(estadoscaso)
        .values({ estado: input.nombre, editable: true, inactivo: true })
        .returning();
      await recordCatalogueAudit(tx, viewer, status(row), null, row, active);
      await catalogueChanged(ctx, tx, 'estadoscaso', row.id);
      return row;
    }),
  );
}

export async function updateStatus(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: CaseStatusCatalogueValues,
): Promise<StatusRow> {
  enforce(mayEditCaseStatus(viewer));
  return uniqueOr(duplicate, () =>
    ctx.db.transaction(async (tx) => {
      const existing = await lockStatus(tx, id);
      enforce(mayEditCaseStatus(viewer, existing));
      if (existing.estado !== input.nombre) {
        await assertUniqueName(tx, input.nombre, id);
        const [held] = await tx.select({ id: casos.id }).from(casos).where(eq(casos.estado, existing.estado)).limit(1);
        if (held) throw conflict('STATUS_IN_USE', MSG.estadoConCasos);
      }
      const [row] = await tx
        .update(estadoscaso)
        .set({ estado: input.nombre, inactivo: input.estado ?? existing.inactivo })
        .where(eq(estadoscaso.id, id))
        .returning();
      await recordCatalogueAudit(tx, viewer, status(row), existing, row, active);
      await catalogueChanged(ctx, tx, 'estadoscaso', id);
      return row;
    }),
  );
}

/** The inactivate action (and activating again): the state asked for; a locked row answers its message. */
export async function setStatusState(ctx: AppContext, viewer: Viewer, id: string, estado: boolean): Promise<StatusRow> {
  enforce(mayEditCaseStatus(viewer));
  return ctx.db.transaction(async (tx) => {
    const existing = await lockStatus(tx, id);
    enforce(mayToggleCaseStatus(viewer, existing));
    const [row] = await tx.update(estadoscaso).set({ inactivo: estado }).where(eq(estadoscaso.id, id)).returning();
    await recordCatalogueAudit(tx, viewer, status(row), existing, row, active);
    await catalogueChanged(ctx, tx, 'estadoscaso', id);
    return row;
  });
}
