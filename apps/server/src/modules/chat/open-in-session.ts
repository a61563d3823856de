import { and, eq, sql } from 'drizzle-orm';
import { CHAT_TAB, chatUsername, mayOpenTab, type ChatKind } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { casos, chats, usuarios } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { liveSessionOf } from '../auth/live-session.js';
import { enforce } from '../../platform/policy.js';
import type { Viewer } from '../../platform/viewer.js';
import { caseInScope } from '../cases/queries.js';
import { filesOnlyCargos, openRoomFields, roomFromRow, type OpenRoom } from './service.js';

/*
 * A room opened inside the sender's session: the send's session check and its room read in one
 * statement. A message is the busiest write, and each statement is a round trip to PostgreSQL
 * whose write on the socket costs the server more CPU than the statement's own work.
 */

/** openRoomFor's statement with the session's rules (liveSessionOf) beside the case's scope. */
const statement = (b: Executor, viewer: Pick<Viewer, 'cargo'>) =>
  b
    .select({
      ...openRoomFields(),
      // Their messages' username is made of these (staffSender).
      name: sql<[string, string, string]>`(select array[u.nombres, u.apellidos, u.identificacion::text]
        from ${usuarios} u where u.id = ${sql.placeholder('viewer')}::uuid)`,
    })
    .from(casos)
    .leftJoin(chats, and(eq(chats.uidcaso, casos.id), eq(chats.tipo, sql.placeholder('tipo'))))
    .where(
      and(
        caseInScope(viewer),
        liveSessionOf(sql.placeholder('sid'), sql`${sql.placeholder('viewer')}::uuid`, sql.placeholder('cargo')),
      ),
    );

/**
 * openRoomFor for a session this process checked in full before (its hint, sessionHint): the
 * session is checked again inside the room's statement, one round trip where the guard and the
 * room took two. Undefined when that finds no row — the session is no longer live as this user
 * with this cargo, or the case is out of their scope — and the caller goes the full way (the
 * guard, then openRoomFor), which refuses with the reason. The tab rule is openRoomFor's.
 */
export async function openRoomInSession(
  ctx: AppContext,
  hint: Pick<Viewer, 'id' | 'cargo'>,
  sessionId: string,
  caseId: string,
  kind: ChatKind,
): Promise<OpenRoom | undefined> {
  const [row] = await runPrepared(ctx.db, `chat_open_session_${hint.cargo}`, (b) => statement(b, hint), {
    id: caseId,
    viewer: hint.id,
    tipo: kind,
    sender: hint.id,
    filesOnly: filesOnlyCargos(kind),
    sid: sessionId,
    cargo: hint.cargo,
  });
  if (!row) return undefined;
  enforce(mayOpenTab(hint, row.caso, CHAT_TAB[kind]));
  const [nombres, apellidos, identificacion] = row.name;
  const username = chatUsername(`${nombres} ${apellidos}`, identificacion, hint.cargo);
  return roomFromRow(ctx.db, row, { id: hint.id, kind: hint.cargo, username }, kind);
}
