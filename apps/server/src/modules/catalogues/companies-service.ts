import { and, eq, ne } from 'drizzle-orm';
import { MSG, mayWriteCompany, type Company } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { empresas } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { recordCatalogueAudit } from '../audit/catalogue.js';
import { catalogueChanged, uniqueOr } from './shared.js';
import type { CompanyRow } from './companies-queries.js';

/*
 * LISTA DE EMPRESAS' writes (spec 3 §4–§6): the contact-centre desk. A new company starts active;
 * the delete icon only deactivates. An inactive company leaves the case form's Empresa select
 * (GET /api/lookups/empresas reads active ones) and a case can no longer be saved with it.
 */

const duplicate = () =>
  new AppError(409, 'COMPANY_DUPLICATE', MSG.empresaDuplicada, [{ path: 'nit', message: MSG.empresaDuplicada }]);

async function assertUniqueNit(tx: Executor, nit: string, exceptId?: string) {
  const same = eq(empresas.nit, nit);
  const [dup] = await tx
    .select({ id: empresas.id })
    .from(empresas)
    .where(exceptId ? and(same, ne(empresas.id, exceptId)) : same);
  if (dup) throw duplicate();
}

/** A company in AUDITORÍA: named by its name and NIT. */
const company = (row: CompanyRow) => ({ tipo: 'empresa' as const, etiqueta: `${row.empresa} (${row.nit})` });
const active = (row: Record<string, unknown>) => row.estado === true;

export async function createCompany(ctx: AppContext, viewer: Viewer, input: Company): Promise<CompanyRow> {
  enforce(mayWriteCompany(viewer));
  return uniqueOr(duplicate, () =>
    ctx.db.transaction(async (tx) => {
      await assertUniqueNit(tx, input.nit);
      const [row] = await tx
        .insert(empresas)
        .values({ empresa: input.empresa, nit: input.nit, estado: true })
        .returning();
      await recordCatalogueAudit(tx, viewer, company(row), null, row, active);
      await catalogueChanged(ctx, tx, 'empresas', row.id);
      return row;
    }),
  );
}

/** Edit; the status choice appears only when editing (spec 3 §2). */
export async function updateCompany(ctx: AppContext, viewer: Viewer, id: string, input: Company): Promise<CompanyRow> {
  enforce(mayWriteCompany(viewer));
  return uniqueOr(duplicate, () =>
    ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(empresas).where(eq(empresas.id, id)).for('update');
      if (!existing) throw notFound(MSG.empresaNoExiste);
      await assertUniqueNit(tx, input.nit, id);
      const [row] = await tx
        .update(empresas)
        .set({
          empresa: input.empresa,
          nit: input.nit,
          estado: input.estado ?? existing.estado,
        })
        .where(eq(empresas.id, id))
        .returning();
      await recordCatalogueAudit(tx, viewer, company(row), existing, row, active);
      await catalogueChanged(ctx, tx, 'empresas', id);
      return row;
    }),
  );
}

/** Deactivate: estado false, the record is kept (spec 3 §4). */
export async function deactivateCompany(ctx: AppContext, viewer: Viewer, id: string): Promise<CompanyRow> {
  enforce(mayWriteCompany(viewer));
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(empresas).where(eq(empresas.id, id)).for('update');
    if (!existing) throw notFound(MSG.empresaNoExiste);
    const [row] = await tx.update(empresas).set({ estado: false }).where(eq(empresas.id, id)).returning();
    await recordCatalogueAudit(tx, viewer, company(row), existing, row, active);
    await catalogueChanged(ctx, tx, 'empresas', id);
    return row;
  });
}
