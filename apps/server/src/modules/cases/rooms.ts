import { MSG, type ChatKind } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { chats } from '../../db/schema/index.js';

/**
 * Opens a case's room of a kind (general with the case, perito and dibujante when requested): the
 * case's own act, in its transaction. A case has one room of each kind: opening it again changes
 * nothing. What the rooms then hold (members, messages, counters) is the chat module's.
 */
export async function openCaseRoom(tx: Executor, uidcaso: string, tipo: ChatKind): Promise<void> {
  await tx.insert(chats).values({ tipo, roomName: MSG.chatEnProceso, uidcaso }).onConflictDoNothing();
}
