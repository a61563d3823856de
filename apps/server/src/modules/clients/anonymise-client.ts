import { eq } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import { clientes } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { changed } from './service.js';

/**
 * The client's record once their data is suppressed (Ley 1581 de 2012; modules/data-subject):
 * names, identification, phone and address give way to placeholders, the record is inactive and
 * says when. The identification becomes `-numero` (the anonymisation's own number): no real one
 * is negative, so the unique (type, number) holds and the case form never finds it again. The
 * city stays (it names nobody, and the reports count by it). The caller locked the row.
 */
export async function anonymiseClientRecord(
  ctx: AppContext,
  tx: Tx,
  clientId: string,
  numero: number,
  now: Date,
): Promise<void> {
  await tx
    .update(clientes)
    .set({
      nombres: MSG.clienteAnonimizado,
      apellidos: '',
      identificacion: -numero,
      telefono: '',
      direccion: '',
      estado: false,
      duracion_sesion: null,
      disponibilidad: null,
      anonimizado: now,
    })
    .where(eq(clientes.id, clientId));
  await changed(ctx, tx, clientId);
}
