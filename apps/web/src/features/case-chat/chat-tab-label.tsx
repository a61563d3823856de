import type { ReactNode } from 'react';
import type { ChatKind } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { UnreadBadge } from './unread-badge';
import { useChatUnread } from './use-chat-room';

/** A chat tab's label (or a phone's tab icon) with the viewer's unread messages of that room (kept fresh live). */
export function ChatTabLabel({ caseId, tipo, label }: { caseId: string; tipo: ChatKind; label: ReactNode }) {
  const me = useCurrentUser();
  const unread = useChatUnread(caseId, me.id);
  return <UnreadBadge count={unread.data?.[tipo] ?? 0}>{label}</UnreadBadge>;
}
