import { and, count, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { GENERAL_CHAT_FILES_ONLY, mayReadRoom, type ChatKind, type ChatUnread } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { casos, chatUsuarios, chats, mensajes } from '../../db/schema/index.js';
import type { Viewer } from '../../platform/viewer.js';
import { scopeWhere } from '../cases/queries.js';

/**
 * The viewer's unread messages per case and room (the case list's and the workspace tabs'
 * badges): messages by others after their read mark, in the rooms they may read, of cases in
 * their list scope. A room never opened counts all its messages.
 */
export async function unreadByCase(db: Executor, viewer: Viewer, caseIds: string[]): Promise<ChatUnread> {
  if (!caseIds.length) return {};
  const cases = await db
    .select()
    .from(casos)
    .where(and(inArray(casos.id, caseIds), scopeWhere(viewer)));
  const chatViewer = { id: viewer.id, kind: viewer.cargo };
  const readable = new Map(cases.map((c) => [c.id, c]));
  if (!readable.size) return {};

  const visible: SQL[] = [gt(mensajes.indexId, sql`coalesce(${chatUsuarios.leidoHasta}, 0)`)];
  visible.push(ne(mensajes.senderId, viewer.id), eq(mensajes.deleted, false));
  if (GENERAL_CHAT_FILES_ONLY.includes(viewer.cargo))
    visible.push(sql`(${chats.tipo} <> 'general' or jsonb_array_length(${mensajes.files}) > 0)`);
  const rows = await db
    .select({ caso: chats.uidcaso, tipo: chats.tipo, n: count() })
    .from(chats)
    .leftJoin(chatUsuarios, and(eq(chatUsuarios.roomId, chats.id), eq(chatUsuarios.usuario, viewer.id)))
    .innerJoin(mensajes, and(eq(mensajes.roomId, chats.id), ...visible))
    .where(inArray(chats.uidcaso, [...readable.keys()]))
    .groupBy(chats.uidcaso, chats.tipo);

  const answer: ChatUnread = {};
  for (const c of readable.values()) answer[c.id] = {};
  for (const r of rows) {
    const c = readable.get(r.caso);
    if (c && mayReadRoom(chatViewer, c, r.tipo as ChatKind).allowed) answer[r.caso][r.tipo] = r.n;
  }
  return answer;
}
