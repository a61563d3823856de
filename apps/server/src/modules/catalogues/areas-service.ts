import { and, count, eq, ne } from 'drizzle-orm';
import { MSG, fmtCount, mayWriteArea, type AreaValues } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { areas, usuarios } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { recordCatalogueAudit } from '../audit/catalogue.js';
import { catalogueChanged, uniqueOr } from './shared.js';
import type { AreaRow } from './areas-queries.js';

/*
 * AREA's writes (spec 3 §4–§6): Administrador only; the name saved uppercase and trimmed. An
 * inactive area leaves the users form's Área select (GET /api/lookups/areas reads active ones);
 * its users keep it. Users hold their area by name, so an area with users is not renamed under
 * them (create the new one, move the users, inactivate the old one).
 */

const duplicate = () =>
  new AppError(409, 'AREA_DUPLICATE', MSG.areaDuplicada, [{ path: 'nombre', message: MSG.areaDuplicada }]);

async function assertUniqueName(tx: Executor, nombre: string, exceptId?: string) {
  const same = eq(areas.nombre, nombre);
  const [dup] = await tx
    .select({ id: areas.id })
    .from(areas)
    .where(exceptId ? and(same, ne(areas.id, exceptId)) : same);
  if (dup) throw duplicate();
}

async function lockArea(tx: Executor, id: string): Promise<AreaRow> {
  const [row] = await tx.select().from(areas).where(eq(areas.id, id)).for('update');
  if (!row) throw notFound(MSG.areaNoExiste);
  return row;
}

const area = (row: AreaRow) => ({ tipo: 'area' as const, etiqueta: row.nombre });
const active = (row: Record<string, unknown>) => row.estado === true;

export async function createArea(ctx: AppContext, viewer: Viewer, input: AreaValues): Promise<AreaRow> {
  enforce(mayWriteArea(viewer));
  return uniqueOr(duplicate, () =>
    ctx.db.transaction(async (tx) => {
      await assertUniqueName(tx, input.nombre);
      const [row] = await tx
        .insert(areas)
        .values({ nombre: input.nombre, value: input.nombre, estado: true })
        .returning();
      await recordCatalogueAudit(tx, viewer, area(row), null, row, active);
      await catalogueChanged(ctx, tx, 'areas', row.id);
      return row;
    }),
  );
}

export async function updateArea(ctx: AppContext, viewer: Viewer, id: string, input: AreaValues): Promise<AreaRow> {
  enforce(mayWriteArea(viewer));
  return uniqueOr(duplicate, () =>
    ctx.db.transaction(async (tx) => {
      const existing = await lockArea(tx, id);
      if (existing.nombre !== input.nombre) {
        await assertUniqueName(tx, input.nombre, id);
        const [{ n }] = await tx.select({ n: count() }).from(usuarios).where(eq(usuarios.area, existing.nombre));
        if (n > 0) throw conflict('AREA_HAS_USERS', fmtCount(MSG.areaConUsuarios, n));
      }
      const [row] = await tx
        .update(areas)
        .set({
          nombre: input.nombre,
          value: input.nombre,
          estado: input.estado ?? existing.estado,
        })
        .where(eq(areas.id, id))
        .returning();
      await recordCatalogueAudit(tx, viewer, area(row), existing, row, active);
      await catalogueChanged(ctx, tx, 'areas', id);
      return row;
    }),
  );
}

/** The inactivate action (and activating again): the state asked for, so two clicks at once agree. */
export async function setAreaState(ctx: AppContext, viewer: Viewer, id: string, estado: boolean): Promise<AreaRow> {
  enforce(mayWriteArea(viewer));
  return ctx.db.transaction(async (tx) => {
    const existing = await lockArea(tx, id);
    const [row] = await tx.update(areas).set({ estado }).where(eq(areas.id, id)).returning();
    await recordCatalogueAudit(tx, viewer, area(row), existing, row, active);
    await catalogueChanged(ctx, tx, 'areas', id);
    return row;
  });
}
