import { useContext, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import ChatBubble from '@mui/icons-material/ChatBubble';
import { LABELS, fmt, topics, type ChatUnread } from '@vialex/domain';
import { api } from '../../lib/api';
import { chatUnreadKey, onUnreadEvent } from '../../lib/chat-keys';
import { live } from '../../lib/live';
import { CurrentUserContext } from '../../lib/session';

/**
 * The viewer's unread chat messages of a case in its list row ("unread counts … shown on
 * the tabs and in the case list"). Each row asks for its own count under the key the workspace's
 * tabs use (chatUnreadKey), and the asks of one page go out as one request
 * (/api/chats/no-leidos?casos=a,b,…), so the list's own query is untouched.
 */
type Counts = Record<string, number>;
let waiting: { id: string; resolve: (c: Counts) => void; reject: (e: unknown) => void }[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
const BATCH_MAX = 100;

function flush(): void {
  timer = null;
  const batch = waiting;
  waiting = [];
  for (let i = 0; i < batch.length; i += BATCH_MAX) {
    const part = batch.slice(i, i + BATCH_MAX);
    const ids = [...new Set(part.map((w) => w.id))];
    api
      .get<ChatUnread>(`/api/chats/no-leidos?casos=${ids.map(encodeURIComponent).join(',')}`)
      .then((all) => part.forEach((w) => w.resolve(all[w.id] ?? {})))
      .catch((e) => part.forEach((w) => w.reject(e)));
  }
}

function unreadOf(id: string): Promise<Counts> {
  return new Promise((resolve, reject) => {
    waiting.push({ id, resolve, reject });
    timer ??= setTimeout(flush, 0);
  });
}

export function ChatUnreadChip({ caseId }: { caseId: string }) {
  const me = useContext(CurrentUserContext);
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: chatUnreadKey(caseId),
    queryFn: () => unreadOf(caseId),
    staleTime: 60_000,
    retry: false,
    enabled: !!me,
  });
  const userId = me?.id;
  useEffect(() => {
    if (!userId) return;
    return live.on(topics.user(userId), (event) => onUnreadEvent(queryClient, caseId, event));
  }, [userId, caseId, queryClient]);
  const n = Object.values(unread.data ?? {}).reduce((a, b) => a + b, 0);
  if (!n) return null;
  const label = fmt(LABELS.chat.noLeidos, { n });
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-testid="case-chat-unread"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.25,
          px: 0.75,
          borderRadius: 3,
          bgcolor: 'error.main',
          color: 'error.contrastText',
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1.6,
          flexShrink: 0,
        }}
      >
        <ChatBubble sx={{ fontSize: 12 }} aria-hidden />
        {n > 99 ? '99+' : n}
      </Box>
    </Tooltip>
  );
}
