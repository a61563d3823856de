import { count, eq } from 'drizzle-orm';
import { isCargo, type CaseData } from '@vialex/domain';
import type { AppContext } from '../platform/context.js';
import { casos, empresas, usuarios } from '../db/schema/index.js';
import { createCase } from '../modules/cases/create-service.js';
import type { Viewer } from '../platform/viewer.js';

/**
 * A few demo cases, opened by the demo call-center agent through the real creation service (plate
 * look-up against the local fakes included), so the lists have something to show.
 */
export async function seedDemoCases(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(casos);
  if (n > 0) return;
  const [agent] = await ctx.db.select().from(usuarios).where(eq(usuarios.email, 'callcenter@vialex.test'));
  const [empresa] = await ctx.db.select().from(empresas).limit(1);
  if (!agent || !empresa || !isCargo(agent.cargo)) return;
  const viewer: Viewer = { id: agent.id, cargo: agent.cargo, user: agent, sessionId: '', sessionStarted: new Date() };
  const base = {
    relacion: 'Propietario',
    uidempresa: empresa.id,
    departamento: '11',
    uidciudad: '11001',
    verificacion: 'Consulta en línea',
    tipo_producto: 'Tercero esencial',
  } as const;
  const demo: (CaseData & { cronos?: boolean })[] = [
    {
      ...base,
      placa: 'TAX123',
      identificacion: 79845123,
      tipocaso: 'Choque simple',
      direccion_siniestro: 'CALLE 72 CON CARRERA 11',
    },
    {
      ...base,
      placa: 'SEG456',
      identificacion: 52367418,
      tipocaso: 'Choque con lesionados',
      direccion_siniestro: 'AVENIDA BOYACÁ # 80-15',
    },
    {
      ...base,
      placa: 'KLM482',
      identificacion: 1020456789,
      relacion: 'Conductor',
      tipocaso: 'Atropello',
      direccion_siniestro: 'AUTOPISTA SUR # 68-40',
      departamento: '25',
      uidciudad: '25754',
    },
    {
      ...base,
      placa: 'CRN901',
      identificacion: 1032478965,
      tipocaso: 'Choque simple',
      direccion_siniestro: 'AVENIDA PRADILLA # 9-20',
      departamento: '25',
      uidciudad: '25175',
      cronos: true,
    },
  ];
  for (const { cronos, ...body } of demo) await createCase(ctx, viewer, body, cronos ? 'cronos' : 'own');
}
