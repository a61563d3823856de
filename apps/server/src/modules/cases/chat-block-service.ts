import { eq } from 'drizzle-orm';
import { CHAT_OPEN_FLAG, MSG, fmt, mayBlockRoom, type ChatViewer } from '@vialex/domain';
import { casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { enforce } from '../../platform/policy.js';
import { recomputeAvailability } from '../availability/availability.js';
import type { Viewer } from '../../platform/viewer.js';
import { dispatch, listChanged } from './dispatch.js';
import { lockCase } from './queries.js';

/**
 * Bloquear/Desbloquear Chat (spec 2 §4 "Chat block flag"): the expert's or draftsperson's room
 * flag of the case (chat_perito, chat_dibujante) set to the state asked for — asking for the state
 * it already has changes nothing — then the assigned agent's availability recomputed. `after`
 * runs in the same transaction (the chat module tells the room's screens).
 */
export async function setChatOpen(
  ctx: AppContext,
  viewer: Viewer,
  caseId: string,
  kind: 'perito' | 'dibujante',
  abierto: boolean,
  after: (tx: Parameters<Parameters<typeof dispatch>[1]>[0]) => Promise<void>,
): Promise<{ abierto: boolean; message: string }> {
  const chatViewer: ChatViewer = { id: viewer.id, kind: viewer.cargo };
  return dispatch(ctx, async (tx) => {
    const c = await lockCase(tx, viewer, caseId);
    enforce(mayBlockRoom(chatViewer, c, kind));
    const flag = CHAT_OPEN_FLAG[kind];
    if (c[flag] !== abierto) {
      await tx
        .update(casos)
        .set({ [flag]: abierto })
        .where(eq(casos.id, caseId));
      const agent = kind === 'perito' ? c.uidperito : c.uiddibujante;
      if (agent && agent !== 'solicitado') {
        const descripcion = fmt(MSG.trazaBloqueoChat, {
          accion: abierto ? MSG.desbloquearChat : MSG.bloquearChat,
          sala: kind,
          caso: c.caso,
        });
        await recomputeAvailability(tx, ctx.hub, agent, { descripcion, uidcaso: caseId, uidcreador: viewer.id });
      }
      await listChanged(ctx, tx, caseId);
      await after(tx);
    }
    return { abierto, message: abierto ? MSG.chatDesbloqueado : MSG.chatBloqueado };
  });
}
