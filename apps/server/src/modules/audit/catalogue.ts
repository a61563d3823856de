import type { AuditTarget } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { changesOf, recordAudit, type AuditActor } from './record.js';

/** A catalogue row as its table holds it: its bookkeeping columns are no part of what changed. */
type CatalogueRow = { id: string; creado?: unknown; modificacion?: unknown } & Record<string, unknown>;

const fieldsOf = ({ id: _id, creado: _c, modificacion: _m, ...fields }: CatalogueRow) => fields;

/**
 * A catalogue's write (vehicles, companies, areas, case statuses) as one record: created without
 * a row before; (in)activated when its active flag changed, else edited. `active` reads the flag
 * (estadoscaso names it `inactivo`, true meaning active). A write that changed nothing (the same
 * state asked twice, a form saved as it was) records nothing: nothing was administered.
 */
export async function recordCatalogueAudit(
  tx: Executor,
  actor: AuditActor,
  target: { tipo: Extract<AuditTarget, 'vehiculo' | 'empresa' | 'area' | 'estado_caso'>; etiqueta: string },
  antes: CatalogueRow | null,
  despues: CatalogueRow,
  active: (row: CatalogueRow) => boolean,
): Promise<void> {
  if (antes && !changesOf(fieldsOf(antes), fieldsOf(despues)).despues) return;
  const accion = !antes
    ? 'catalogo.creado'
    : active(antes) === active(despues)
      ? 'catalogo.editado'
      : active(despues)
        ? 'catalogo.activado'
        : 'catalogo.inactivado';
  await recordAudit(tx, {
    actor,
    accion,
    objeto: { ...target, id: despues.id },
    antes: antes && fieldsOf(antes),
    despues: fieldsOf(despues),
  });
}
