import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { type ChatMessage, type ChatRoom as Sala } from '@vialex/domain';
import { chatOutbox } from './chat-outbox';
import { T, ticksOf } from './format';
import { MessageBubble, SystemLine } from './message-bubble';
import type { OutboxEntry } from './outbox';
import { ButtonSpinner } from '../../components/button-spinner';
import { UserAvatar } from '../../components/user-avatar';

export function Empty({ icon, title, detail }: { icon?: ReactNode; title: string; detail?: string }) {
  return (
    <Stack
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 4, m: 'auto' }}
      // Shown inside the message list: an item of it (a list holds only items).
      role="listitem"
      data-testid="chat-empty"
    >
      {icon ?? <ForumOutlined sx={{ fontSize: 56, color: 'primary.light' }} aria-hidden />}
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Stack>
  );
}

/** A message's bubble: the server's message, with its ticks when it is the viewer's own. */
export function ServerMessage({
  m,
  sala,
  meId,
  highlight,
  onReply,
  onJump,
}: {
  m: ChatMessage;
  sala: Sala;
  meId: string;
  highlight?: boolean;
  onReply?: (m: ChatMessage) => void;
  onJump: (id: string) => void;
}) {
  if (m.system) return <SystemLine text={m.content} fecha={m.fecha} />;
  const own = m.senderId === meId;
  return (
    <MessageBubble
      testId="chat-message"
      own={own}
      username={m.username}
      avatar={<UserAvatar nombre={m.username} foto={sala.miembros.find((x) => x.id === m.senderId)?.foto} size={28} />}
      fecha={m.fecha}
      content={m.content}
      quote={m.reply}
      status={own ? { kind: 'ticks', ticks: ticksOf(m.indexId, sala) } : null}
      serverFiles={m.files}
      dron={m.dron}
      canOpenFiles={sala.acciones.verArchivos}
      messageId={m.id}
      indexId={m.indexId}
      highlight={highlight}
      onReply={onReply ? () => onReply(m) : undefined}
      onJump={onJump}
    />
  );
}

export function PendingMessage({ item }: { item: OutboxEntry }) {
  return (
    <MessageBubble
      testId="chat-message-pending"
      outboxId={item.clientId}
      own
      fecha={item.creado}
      content={item.content}
      quote={item.reply}
      status={
        item.error
          ? { kind: 'error', message: item.error }
          : { kind: 'pending', sending: item.sending, progress: item.progress }
      }
      localFiles={item.files}
      dron={item.kind === 'drone' ? { latitud: item.latitud, longitud: item.longitud } : null}
      canOpenFiles={false}
      onRetry={() => void chatOutbox.retry(item.clientId)}
      onDiscard={() => void chatOutbox.discard(item.clientId)}
    />
  );
}

const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 60;

/**
 * The message list: older pages when scrolled to the top (never the whole room), kept in place
 * when they arrive; it follows new messages while at the bottom, and offers a jump otherwise.
 */
export function MessageList({
  children,
  firstKey,
  lastKey,
  count,
  hayMas,
  loadingOlder,
  onLoadOlder,
  onAtBottom,
  followOwn,
}: {
  children: ReactNode;
  firstKey: string | number | undefined;
  lastKey: string | number | undefined;
  count: number;
  hayMas: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onAtBottom: (atBottom: boolean) => void;
  /** The last item is the viewer's own (just written): scroll to it whatever the position. */
  followOwn: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const prev = useRef<{ first: typeof firstKey; last: typeof lastKey; height: number; top: number } | null>(null);
  const [behind, setBehind] = useState(false);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = prev.current;
    if (!before) {
      el.scrollTop = el.scrollHeight;
    } else if (before.first !== firstKey && before.last === lastKey) {
      // Older messages came in above: keep what was on screen where it was.
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (before.last !== lastKey) {
      if (atBottom.current || followOwn) el.scrollTop = el.scrollHeight;
      else setBehind(true);
    }
    prev.current = { first: firstKey, last: lastKey, height: el.scrollHeight, top: el.scrollTop };
  }, [firstKey, lastKey, count, followOwn]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (bottom !== atBottom.current) {
      atBottom.current = bottom;
      onAtBottom(bottom);
    }
    if (bottom) setBehind(false);
    if (prev.current) prev.current = { ...prev.current, top: el.scrollTop, height: el.scrollHeight };
    if (el.scrollTop < NEAR_TOP_PX && hayMas && !loadingOlder) onLoadOlder();
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-label={T.mensajes}
        tabIndex={0}
        data-testid="chat-messages"
        sx={{
          flex: 1,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          bgcolor: 'grey.100',
          py: 1,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {hayMas && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <Button
              size="small"
              onClick={onLoadOlder}
              disabled={loadingOlder}
              startIcon={loadingOlder ? <ButtonSpinner size={14} /> : undefined}
              data-testid="chat-load-older"
            >
              {loadingOlder ? T.cargando : T.cargarAnteriores}
            </Button>
          </Box>
        )}
        <Box role="list" sx={{ display: 'flex', flexDirection: 'column', flex: count ? undefined : 1 }}>
          {children}
        </Box>
      </Box>
      {behind && (
        <Fab
          size="small"
          color="primary"
          aria-label={T.irAlFinal}
          onClick={() => {
            const el = box.current;
            if (el) el.scrollTop = el.scrollHeight;
            setBehind(false);
          }}
          sx={{ position: 'absolute', right: 16, bottom: 16 }}
        >
          <ArrowDownward />
        </Fab>
      )}
    </Box>
  );
}
