import { MSG, type ChatKind } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { chats } from '../../db/schema/index.js';

/*
 * The chat module owns the tables `chats`, `chat_usuarios` and `mensajes`. Other modules open a
 * case's rooms through this service; they never write these tables themselves.
 */

/**
 * Opens a case's room of a kind (general with the case, perito and dibujante when requested).
 * A case has one room of each kind: opening it again changes nothing.
 */
export async function openCaseRoom(tx: Executor, uidcaso: string, tipo: ChatKind): Promise<void> {
  await tx.insert(chats).values({ tipo, roomName: MSG.chatEnProceso, uidcaso }).onConflictDoNothing();
}
