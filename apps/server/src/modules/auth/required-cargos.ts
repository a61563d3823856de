import { CARGOS, SECOND_FACTOR_DEFAULT_CARGOS, isCargo, mayRequireSecondFactor, type Cargo } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { getSetting, setSetting } from '../../db/settings.js';
import type { AppContext } from '../../platform/context.js';
import { recordAudit } from '../audit/record.js';
import { enforce } from '../../platform/policy.js';
import type { Viewer } from './session.js';

/*
 * Which cargos must have a second factor: a list in `configuracion`, shared by every instance.
 * Migration 0022 writes it once: the Administrador and every coordinator on a new installation,
 * none on one already in use; the demo's seed sets none. Should the row ever be missing, the new
 * installation's default applies (the safe side).
 */

export const REQUIRED_CARGOS_SETTING = 'auth.segundo_factor_cargos';

export async function requiredCargos(db: Executor): Promise<Cargo[]> {
  const stored = await getSetting<unknown>(db, REQUIRED_CARGOS_SETTING);
  if (!Array.isArray(stored)) return [...SECOND_FACTOR_DEFAULT_CARGOS];
  return CARGOS.filter((c) => stored.includes(c));
}

export async function isSecondFactorRequired(db: Executor, cargo: string): Promise<boolean> {
  return isCargo(cargo) && (await requiredCargos(db)).includes(cargo);
}

/**
 * The Administrador sets the list; each cargo that changed is one AUDITORÍA record (exigido
 * before → after) in the same transaction. Users signed in keep their session: they are led to
 * the setup at their next sign-in.
 */
export async function setRequiredCargos(ctx: AppContext, viewer: Viewer, cargos: Cargo[]): Promise<Cargo[]> {
  enforce(mayRequireSecondFactor(viewer));
  return ctx.db.transaction(async (tx) => {
    const before = await requiredCargos(tx);
    const after = CARGOS.filter((c) => cargos.includes(c));
    await setSetting(tx, REQUIRED_CARGOS_SETTING, after);
    for (const cargo of CARGOS) {
      const was = before.includes(cargo);
      const is = after.includes(cargo);
      if (was === is) continue;
      await recordAudit(tx, {
        actor: viewer,
        accion: 'usuario.segundo_factor_exigido',
        objeto: { tipo: 'cargo', id: cargo, etiqueta: cargo },
        antes: { exigido: was },
        despues: { exigido: is },
      });
    }
    return after;
  });
}
