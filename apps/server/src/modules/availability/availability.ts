import { eq, sql } from 'drizzle-orm';
import { availabilityForOpenCases, normalizeDisponibilidad, topics, type Disponibilidad } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared, slot } from '../../db/prepared.js';
import { trazabilidadestado, usuarios } from '../../db/schema/index.js';
import type { LiveHub } from '../../platform/live-hub.js';
import { openCaseCount } from './open-cases.js';

/*
 * A user's availability (usuarios.disponibilidad) and the user-state trail (trazabilidadestado):
 * signing in and out, the cases' assignments and closings and the users' own screens all change
 * them, so they live below all of those, and every change goes through these functions.
 */

/** Why a user's state changed: the trail entry's text, the case it concerns, who did it (none: the system). */
export interface StateCause {
  descripcion: string;
  uidcaso?: string;
  uidcreador?: string | null;
}

/** Writes one entry of the user-state trail with the user's state after the change. */
export async function recordStateTrail(
  tx: Executor,
  user: { id: string; cargo: string },
  estado: string,
  cause: StateCause,
): Promise<void> {
  await runPrepared(
    tx,
    'user_state_trail',
    (b) =>
      b.insert(trazabilidadestado).values({
        descripcion: sql.placeholder('descripcion'),
        estado: sql.placeholder('estado'),
        uidcaso: sql.placeholder('caso'),
        uidusuario: sql.placeholder('user'),
        cargo: sql.placeholder('cargo'),
        uidcreador: sql.placeholder('by'),
      }),
    {
      descripcion: cause.descripcion,
      estado,
      caso: cause.uidcaso ?? null,
      user: user.id,
      cargo: user.cargo,
      by: cause.uidcreador ?? null,
    },
  );
}

/**
 * Sets a user's availability and writes the trail entry when the state changed (an empty value
 * already reads as off-shift) or when `alwaysTrail` asks for one. Answers whether the value changed.
 */
export async function setAvailability(
  tx: Executor,
  user: { id: string; cargo: string; disponibilidad: string },
  next: Disponibilidad,
  cause: StateCause,
  { alwaysTrail = false } = {},
): Promise<boolean> {
  const changes = next !== user.disponibilidad;
  if (changes)
    await runPrepared(
      tx,
      'user_set_availability',
      (b) =>
        b
          .update(usuarios)
          .set({ disponibilidad: slot('next', usuarios.disponibilidad), modificacion: sql`now()` })
          .where(eq(usuarios.id, sql.placeholder('id'))),
      { next, id: user.id },
    );
  if (alwaysTrail || normalizeDisponibilidad(user.disponibilidad) !== next)
    await recordStateTrail(tx, user, next, cause);
  return changes;
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
  cause: StateCause,
  /** Write the trail entry even when the value stays the same (archive and restore do). */
  { alwaysTrail = false } = {},
): Promise<string | undefined> {
  const [user] = await runPrepared(
    tx,
    'user_availability_lock',
    (b) =>
      b
        .select({ id: usuarios.id, disponibilidad: usuarios.disponibilidad, cargo: usuarios.cargo })
        .from(usuarios)
        .where(eq(usuarios.id, sql.placeholder('id')))
        .for('update'),
    { id: userId },
  );
  if (!user) return undefined;
  const next = availabilityForOpenCases(await openCaseCount(tx, userId), user.disponibilidad);
  if (await setAvailability(tx, user, next, cause, { alwaysTrail })) {
    await hub.publish(tx, topics.user(userId), { name: 'user.updated', id: userId });
    await hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios', id: userId });
  }
  return next;
}
