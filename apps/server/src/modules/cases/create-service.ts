import { sql } from 'drizzle-orm';
import {
  CREATOR_SLOT,
  DEFAULT_PRIORIDAD,
  ESTADO_INICIAL,
  MSG,
  ORIGEN_CRONOS,
  ORIGEN_PROPIO,
  mayCreateCase,
  type CaseData,
} from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { casos, contadores, trazabilidad } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { openCaseRoom } from './rooms.js';
import { findRegisteredClient } from '../clients/service.js';
import { deliver, eventRecipients, recordEvent, type PendingNotice } from '../notifications/service.js';
import { recomputeAvailability, recordStateTrail } from '../availability/availability.js';
import { lookupPlate } from '../vehicles/plate-lookup.js';
import { saveFoundPolicies, saveFoundVehicle } from '../vehicles/service.js';
import { formColumns, isDriver, placeOf } from './case-form.js';
import type { TxHooks } from './idempotency.js';
import { listChanged } from './dispatch.js';
import { placeFromAddress } from './place.js';

/*
 * The cases module owns the tables `casos`, `trazabilidad` (the case history), `contadores` and
 * `idempotencia`. What a case brings with it in other modules' tables — its client, vehicle and
 * policies, the agents' availability and user-state trail, its chat rooms, its notices — is
 * written through those modules' services.
 */

/**
 * Gives the case its number: the counter's next, written onto the case in one statement. The
 * counter's row stays locked until commit (numbers without gaps) and every creation waits for
 * it, so a creation takes its number as late as it can.
 */
async function numberCase(tx: Tx, id: string): Promise<number> {
  const { rows } = await tx.execute<{ caso: number }>(sql`
    with n as (
      update ${contadores} set ultimo_numero = ultimo_numero + 1 where nombre = 'numero_caso'
      returning ultimo_numero)
    update ${casos} set caso = n.ultimo_numero from n where ${casos.id} = ${id}
    returning ${casos.caso}`);
  if (!rows.length) throw new AppError(500, 'COUNTER_MISSING', MSG.contadorNoInicializado);
  return rows[0].caso;
}

/**
 * Until then the case holds a number of its own connection: negative, never a real one, and no two
 * creations in flight share it (a connection runs one transaction at a time).
 */
const UNNUMBERED = sql<number>`-pg_backend_pid()`;

/**
 * Creates a case and everything that goes with it in one transaction (spec 2 §7): the number,
 * the vehicle linked to its client, the policies, the creator's availability, the trails, the
 * general chat room and the notification records. `hooks` run first and last in that transaction
 * (the Idempotency-Key claim and the stored answer). Cronos creates with no viewer.
 */
export async function createCase(
  ctx: AppContext,
  viewer: Viewer | null,
  input: CaseData & { lat?: number; lng?: number },
  origen: 'own' | 'cronos',
  hooks?: TxHooks,
) {
  if (viewer) enforce(mayCreateCase(viewer));
  const lookup = await lookupPlate(ctx, input.placa);
  const pending: PendingNotice[] = [];
  const id = await ctx.db.transaction(async (tx) => {
    await hooks?.begin(tx);
    const client = await findRegisteredClient(tx, input.identificacion);
    const city = await placeOf(tx, input);
    const vehicle = await saveFoundVehicle(tx, lookup, isDriver(input) ? null : client.id);

    const creatorSlot = viewer && CREATOR_SLOT[viewer.cargo];
    const [unnumbered] = await tx
      .insert(casos)
      .values({
        ...formColumns(input, city, client, vehicle),
        caso: UNNUMBERED,
        estado: ESTADO_INICIAL,
        archivado: false,
        tipo_plan: lookup.tipo_plan,
        origen: origen === 'cronos' ? ORIGEN_CRONOS : lookup.origen,
        origen_desde: origen === 'cronos' ? ORIGEN_CRONOS : ORIGEN_PROPIO,
        uidcreador: viewer?.id,
        ...(creatorSlot ? { [creatorSlot]: viewer!.id } : {}),
        prioridad: input.prioridad ?? DEFAULT_PRIORIDAD,
        lat: input.lat,
        lng: input.lng,
        lugar_origen: input.lat !== undefined && input.lng !== undefined ? 'direccion' : null,
      })
      .returning();
    const caseId = unnumbered.id;

    // What needs the case but not its number, before the number.
    await tx
      .insert(trazabilidad)
      .values({ descripcion: MSG.creacionCaso, estado: ESTADO_INICIAL, uidcaso: caseId, uidcreador: viewer?.id });
    const cause = { descripcion: MSG.creacionCaso, uidcaso: caseId, uidcreador: viewer?.id };
    // A creator who takes the case (the contact centre's) has their availability follow it, and
    // the state trail records the value after it (other creators have no availability to change).
    if (creatorSlot) await recomputeAvailability(tx, ctx.hub, viewer!.id, cause, { alwaysTrail: true });
    else if (viewer) await recordStateTrail(tx, viewer, viewer.user.disponibilidad, cause);
    await openCaseRoom(tx, caseId, 'general');
    const notice = { vars: { ciudad: city.ciudad }, cedula: String(client.identificacion), actor: viewer?.id };
    const recipients = await eventRecipients(tx, 'caseCreated', { ...notice, case: unnumbered });
    await listChanged(ctx, tx, caseId);

    // Only what shows the number from here to commit: every other creation waits meanwhile.
    const created = { ...unnumbered, caso: await numberCase(tx, caseId) };
    await saveFoundPolicies(tx, lookup, created, client.id, vehicle.id);
    await recordEvent(tx, pending, 'caseCreated', { ...notice, case: created, recipients });
    await hooks?.end(tx, caseId);
    return caseId;
  });
  deliver(ctx, pending);
  // D24: a case without coordinates is placed from its typed address after commit; a slow or
  // failing provider never holds up or fails the creation.
  if (input.lat === undefined || input.lng === undefined) void placeFromAddress(ctx, id);
  return { id, lookup };
}
