import { inArray } from 'drizzle-orm';
import { MSG, isOpenCase, type ClientCase, type ClientCaseStage } from '@vialex/domain';
import { usuarios } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { legText, loadClientMap } from '../case-map/service.js';
import type { CaseRow } from '../cases/dispatch.js';
import { findCaseRow } from '../cases/queries.js';

/*
 * What the driver reads of their case (GET /api/cliente/caso): the información tab and the status
 * card on top of every tab. Staff's agents appear by name only (the card: first name only), never
 * with their identification, phone or e-mail.
 */

/** 'JULIÁN ANDRÉS' and 'julián' read 'Julián'; a name already written with capitals stays as it is. */
export function firstName(nombres: string): string | null {
  const first = nombres.trim().split(/\s+/)[0];
  if (!first) return null;
  if (first !== first.toUpperCase() && first !== first.toLowerCase()) return first;
  return first.charAt(0).toLocaleUpperCase('es-CO') + first.slice(1).toLocaleLowerCase('es-CO');
}

/**
 * Where the investigator is, in the driver's terms. Nobody on the case in a city of automatic
 * assignment (AUTO_ASSIGN_CITIES) means the entry's assignment found nobody free, as it runs on
 * every entry: the desk was alerted and an advisor assigns one. Elsewhere staff assign one anyway.
 */
export function stageOf(c: CaseRow, autoAssignCities: readonly string[]): ClientCaseStage {
  if (!isOpenCase(c)) return 'cerrado';
  if (c.llegada) return 'llego';
  if (c.uidinvestigador) return 'enCamino';
  return c.uidciudad && autoAssignCities.includes(c.uidciudad) ? 'sinDisponibles' : 'buscando';
}

export async function loadClientCase(ctx: AppContext, caseId: string): Promise<ClientCase> {
  const c = await findCaseRow(ctx.db, caseId);
  if (!c) throw notFound(MSG.casoNoExiste);
  const etapa = stageOf(c, ctx.config.autoAssignCities);
  const agentIds = [c.uidinvestigador, c.uidabogado].filter((id): id is string => !!id);
  const agents = agentIds.length
    ? await ctx.db
        .select({ id: usuarios.id, nombres: usuarios.nombres, apellidos: usuarios.apellidos })
        .from(usuarios)
        .where(inArray(usuarios.id, agentIds))
    : [];
  const agent = (id: string | null) => agents.find((a) => a.id === id);
  const fullName = (id: string | null) => {
    const a = agent(id);
    return a ? `${a.nombres} ${a.apellidos}`.trim() : null;
  };
  // The times as the map computes them now (and keeps on the case, rate-limited per case), so the
  // card, the tab and the map agree, also when nobody has opened a map since the agent moved.
  const tiempos =
    etapa === 'enCamino' || (isOpenCase(c) && c.uidabogado) ? (await loadClientMap(ctx, caseId)).tiempos : null;
  const investigatorLeg = etapa === 'enCamino' ? (tiempos?.investigador ?? null) : null;
  const investigador = agent(c.uidinvestigador);
  return {
    caso: c.caso,
    estado: c.estado,
    placa: c.placa,
    ciudad: c.ciudad_siniestro,
    direccion: c.direccion_siniestro,
    creado: c.creado.toISOString(),
    abogado: fullName(c.uidabogado),
    investigador: fullName(c.uidinvestigador),
    tiempoLlegadaInvestigador: tiempos ? legText(tiempos.investigador) : c.tiempo_llegada_investigador,
    tiempoLlegadaAbogado: tiempos ? legText(tiempos.abogado) : c.tiempo_llegada_abogado,
    llegada: c.llegada,
    llegadaFecha: c.llegada_fecha?.toISOString() ?? null,
    seguimiento: {
      etapa,
      investigador: investigador ? firstName(investigador.nombres) : null,
      minutos: investigatorLeg ? Math.max(1, Math.round(investigatorLeg.duracionS / 60)) : null,
      aproximado: investigatorLeg?.estimado ?? false,
    },
    contacto: ctx.config.companyPhone,
  };
}
