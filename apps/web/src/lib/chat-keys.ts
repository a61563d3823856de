import type { QueryClient } from '@tanstack/react-query';
import type { ChatKind, LiveEvent } from '@vialex/domain';

/** One room of a case as its screen holds it (the header and the messages read so far). */
export const chatRoomKey = (caseId: string, tipo: ChatKind) => ['chat', caseId, tipo] as const;

/**
 * The viewer's unread messages of a case per room (GET /api/chats/no-leidos): the workspace's
 * tabs and the case list's chip share it.
 */
export const chatUnreadKey = (caseId: string) => ['chat-no-leidos', caseId] as const;

/**
 * A 'chat.unread' event for this case: its counts are read again, unless the room it names is on
 * screen. That screen reads the room after the message anyway, and the read answers the room's
 * count (none left when it marks the room read), which it puts in; the other rooms' counts did
 * not change. A member with the room open read every room's counts after every message.
 */
export function onUnreadEvent(queryClient: QueryClient, caseId: string, event: LiveEvent): void {
  if (event.name !== 'chat.unread' || event.caseId !== caseId) return;
  const room = queryClient.getQueryCache().find({ queryKey: chatRoomKey(caseId, event.tipo), exact: true });
  if (room && room.getObserversCount() > 0) return;
  void queryClient.invalidateQueries({ queryKey: chatUnreadKey(caseId) });
}
