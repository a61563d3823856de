import { sql } from 'drizzle-orm';
import { AUDIT_CLI, AUDIT_SYSTEM, topics, type AuditAction, type AuditTarget } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { LIVE_CHANNEL } from '../../platform/live-hub.js';
import type { Viewer } from '../../platform/viewer.js';
import { addressOf } from './request-address.js';
import { withoutSecrets } from './secrets.js';

/*
 * The one way any module writes AUDITORÍA: `recordAudit(tx, { actor, accion, objeto, antes, despues })`
 * inside the act's own transaction, so the act and its record commit or fail together (a failed
 * record fails the act). The table refuses UPDATE, DELETE and TRUNCATE (migration 0021).
 */

/** Who acted: a signed-in staff user (their request's viewer), someone named by id, the CLI or the system. */
export type AuditActor =
  | Pick<Viewer, 'id' | 'cargo' | 'user'>
  | { id: string; nombre: string; cargo?: string | null }
  | typeof AUDIT_CLI
  | typeof AUDIT_SYSTEM;

export interface AuditRecord {
  actor: AuditActor;
  /** The request's address; by default the one the actor's request came from (null without a request). */
  ip?: string | null;
  accion: AuditAction;
  /** What was acted on: its type, its id, and a readable name as it is now (a user's name, a plate). */
  objeto: { tipo: AuditTarget; id?: string | number | null; etiqueta: string };
  /**
   * The target before and after the act. Given both, only the fields that differ are kept (the
   * diff); secret fields are dropped whatever the caller passed (secrets.ts).
   */
  antes?: object | null;
  despues?: object | null;
}

/** The staff user's name as it reads now: the record keeps it, a later rename changes nothing. */
export const nameOf = (user: { nombres: string; apellidos: string }) => `${user.nombres} ${user.apellidos}`.trim();

function actorColumns(actor: AuditActor, ip: string | null | undefined) {
  if (actor === AUDIT_CLI || actor === AUDIT_SYSTEM)
    return { actorId: null, nombre: actor, cargo: null, ip: ip ?? null };
  if ('user' in actor)
    return {
      actorId: actor.id,
      nombre: nameOf(actor.user),
      cargo: actor.cargo,
      ip: ip === undefined ? addressOf(actor) : ip,
    };
  return { actorId: actor.id, nombre: actor.nombre, cargo: actor.cargo ?? null, ip: ip ?? null };
}

const asRecord = (value: object | null | undefined) =>
  value == null ? null : (withoutSecrets(value) as Record<string, unknown>);

/** Before → after as stored: both given, the fields that changed; an empty side is null. */
export function changesOf(antes?: object | null, despues?: object | null) {
  let before = asRecord(antes);
  let after = asRecord(despues);
  if (before && after) {
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before![k] ?? null) !== JSON.stringify(after![k] ?? null),
    );
    before = Object.fromEntries(changed.filter((k) => k in before!).map((k) => [k, before![k]]));
    after = Object.fromEntries(changed.filter((k) => k in after!).map((k) => [k, after![k]]));
  }
  const orNull = (side: Record<string, unknown> | null) => (side && Object.keys(side).length ? side : null);
  return { antes: orNull(before), despues: orNull(after) };
}

const p = (name: string) => sql.placeholder(name);

/**
 * Writes one record and tells the AUDITORÍA screens (`list:auditoria`) in the same statement: one
 * round trip on the act's connection, planned once (the budget: ≤ 1 ms p95 on the act, bench/audit.ts).
 */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  const actor = actorColumns(record.actor, record.ip);
  const { antes, despues } = changesOf(record.antes, record.despues);
  await runPrepared(
    tx,
    'audit_record',
    () => sql`
      with r as (
        insert into auditoria (actor_id, actor_nombre, actor_cargo, ip, accion, objeto_tipo, objeto_id, objeto_etiqueta, antes, despues)
        values (${p('actorId')}::uuid, ${p('nombre')}, ${p('cargo')}, ${p('ip')}, ${p('accion')}, ${p('tipo')}, ${p('objetoId')},
          ${p('etiqueta')}, ${p('antes')}::jsonb, ${p('despues')}::jsonb)
        returning id)
      select pg_notify(${LIVE_CHANNEL}, json_build_object('topic', ${p('topic')}::text,
        'event', json_build_object('name', 'list.changed', 'list', 'auditoria', 'id', r.id))::text)
      from r`,
    {
      ...actor,
      accion: record.accion,
      tipo: record.objeto.tipo,
      objetoId: record.objeto.id == null ? null : String(record.objeto.id),
      etiqueta: record.objeto.etiqueta,
      antes: antes && JSON.stringify(antes),
      despues: despues && JSON.stringify(despues),
      topic: topics.list('auditoria'),
    },
  );
}
