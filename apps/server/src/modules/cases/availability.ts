import { and, eq, notInArray, or, sql, count } from 'drizzle-orm';
import { ESTADOS_CIERRE, availabilityForOpenCases, topics } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { casos, trazabilidadestado, usuarios } from '../../db/schema/index.js';
import type { LiveHub } from '../../platform/live-hub.js';

/** Every slot an agent can hold on a case. */
export const AGENT_SLOTS = [
  'uidabogado',
  'uidabogadocait',
  'uidinvestigador',
  'uidcontactcenter',
  'uidperito',
  'uiddibujante',
] as const;
export type AgentSlot = (typeof AGENT_SLOTS)[number];

/** Open cases of an agent: not archived and not in a closing status (spec 2 §4). */
export async function openCaseCount(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(casos)
    .where(
      and(
        eq(casos.archivado, false),
        notInArray(casos.estado, [...ESTADOS_CIERRE]),
        or(...AGENT_SLOTS.map((slot) => eq(casos[slot], userId))),
      ),
    );
  return row.n;
}

/**
 * The one place availability follows the open cases: after an assignment, a take or release,
 * archive, restore or closing, the agent's value is recounted, written to the user-state trail
 * when it changes, and published so their indicator changes live.
 */
export async function recomputeAvailability(
  tx: Executor,
  hub: LiveHub,
  userId: string,
  cause: { descripcion: string; uidcaso?: string; uidcreador?: string },
  /** Write the trail entry even when the value stays the same (archive and restore do). */
  { alwaysTrail = false } = {},
): Promise<string | undefined> {
  const [user] = await tx
    .select({ disponibilidad: usuarios.disponibilidad, cargo: usuarios.cargo })
    .from(usuarios)
    .where(eq(usuarios.id, userId))
    .for('update');
  if (!user) return undefined;
  const next = availabilityForOpenCases(await openCaseCount(tx, userId), user.disponibilidad);
  const changes = next !== user.disponibilidad;
  if (changes)
    await tx
      .update(usuarios)
      .set({ disponibilidad: next, modificacion: sql`now()` })
      .where(eq(usuarios.id, userId));
  if (changes || alwaysTrail) {
    await tx.insert(trazabilidadestado).values({
      descripcion: cause.descripcion,
      estado: next,
      uidcaso: cause.uidcaso,
      uidusuario: userId,
      cargo: user.cargo,
      uidcreador: cause.uidcreador,
    });
  }
  if (changes) {
    await hub.publish(tx, topics.user(userId), { name: 'user.updated', id: userId });
    await hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios', id: userId });
  }
  return next;
}
