import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFillHeight } from '../../lib/use-fill-height';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListSubheader from '@mui/material/ListSubheader';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import Chat from '@mui/icons-material/Chat';
import Close from '@mui/icons-material/Close';
import Draw from '@mui/icons-material/Draw';
import Engineering from '@mui/icons-material/Engineering';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Flight from '@mui/icons-material/Flight';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import Schedule from '@mui/icons-material/Schedule';
import Search from '@mui/icons-material/Search';
import { useQueryClient } from '@tanstack/react-query';
import {
  GENERAL_CHAT_READ_ONLY,
  MSG,
  fmt,
  type ChatKind,
  type ChatMessage,
  type ChatRoom as Sala,
  type ChatViewerKind,
} from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useConnection } from '../../lib/connection';
import { CurrentUserContext } from '../../lib/session';
import { showToast } from '../../lib/toasts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showSuccess } from '../../components/list/use-feedback';
import { roomSource, setRoomOpen, setRoomSource, type RoomSource } from './api/chat-api';
import { chatOutbox, useRoomOutbox } from './chat-outbox';
import { Composer } from './composer';
import { DroneDialog } from './drone-dialog';
import { T, ticksOf } from './format';
import { MessageBubble, SystemLine, type QuoteModel } from './message-bubble';
import type { OutboxEntry } from './outbox';
import { chatRoomKey, useChatRoom, useChatSearch, useMarkRead, useOutboxEffects } from './use-chat-room';
import { ButtonSpinner } from '../../components/button-spinner';
import { UserAvatar } from '../../components/user-avatar';

const ROOM_ICON = { general: Chat, perito: Engineering, dibujante: Draw };

/** The cargos that only read a room: the general room's read-only cargos; every room is open to write for the others. */
export const readsOnly = (cargo: ChatViewerKind, tipo: ChatKind) =>
  tipo === 'general' && GENERAL_CHAT_READ_ONLY.includes(cargo);

/**
 * What an empty room says will happen: who writes first, what will appear, or that it opens
 * when the investigator opens it (to whom cannot open it themselves).
 */
export function emptyDetail({
  soloArchivos,
  canSend,
  readOnly,
  closedForMe,
}: {
  soloArchivos: boolean;
  canSend: boolean;
  readOnly: boolean;
  /** The room is closed and this viewer may not open it. */
  closedForMe: boolean;
}): string | undefined {
  if (soloArchivos) return T.sinMensajesArchivos;
  if (canSend) return T.sinMensajesDetalle;
  if (readOnly) return T.sinMensajesLectura;
  return closedForMe ? T.sinMensajesCerrada : undefined;
}

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : // Old browsers without randomUUID (plain http on a LAN): a v4 uuid from getRandomValues.
      '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (Number(c) / 4)))).toString(16),
      );

const quoteOf = (m: ChatMessage): QuoteModel => ({
  id: m.id,
  username: m.username,
  content: m.content,
  archivos: m.files.length,
});

function useDebounced<V>(value: V, ms: number): V {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** 'Miembros de la sala': each member, online or not; a sheet from the bottom on a phone, a menu on a desk. */
function MembersList({
  sala,
  phone,
  anchor,
  onClose,
}: {
  sala: Sala;
  phone: boolean;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const rows =
    sala.miembros.length === 0 ? (
      <ListItem dense>
        <ListItemText secondary={T.sinMiembros} data-testid="chat-no-members" />
      </ListItem>
    ) : (
      sala.miembros.map((m) => (
        <ListItem key={m.id} dense>
          <ListItemIcon sx={{ minWidth: 28 }}>
            <FiberManualRecord
              sx={{ fontSize: 12, color: m.estado === 'online' ? 'success.main' : 'grey.500' }}
              aria-hidden
            />
          </ListItemIcon>
          <ListItemText
            primary={m.username}
            secondary={m.estado === 'online' ? T.enLinea : T.desconectado}
            data-testid="chat-member"
          />
        </ListItem>
      ))
    );
  const heading = (
    <ListSubheader component="li" sx={{ fontWeight: 700, lineHeight: '40px' }}>
      {T.miembros} · {fmt(T.miembrosN, { n: sala.miembros.length })}
    </ListSubheader>
  );
  if (phone)
    return (
      <Drawer
        anchor="bottom"
        open={!!anchor}
        onClose={onClose}
        slotProps={{ paper: { sx: { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70dvh' } } }}
      >
        <List aria-label={T.miembros} data-testid="chat-members" subheader={heading}>
          {rows}
        </List>
      </Drawer>
    );
  return (
    // A list to read, not a menu of actions: a popover, as the phone's sheet.
    <Popover
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <List aria-label={T.miembros} data-testid="chat-members" subheader={heading} sx={{ py: 0, minWidth: 260 }}>
        {rows}
      </List>
    </Popover>
  );
}

/**
 * The room's header: its name (who is in it; the general room says the client reads it), who is
 * online, its members, search, and the Investigador's and coordinators' buttons.
 */
function RoomHeader({
  sala,
  tipo,
  meId,
  phone,
  staff,
  searchOpen,
  onSearch,
  onDrone,
  onBlock,
}: {
  phone: boolean;
  sala: Sala;
  tipo: ChatKind;
  meId: string;
  /** Seen by staff (the client's own page names the room for them). */
  staff: boolean;
  searchOpen: boolean;
  onSearch: () => void;
  onDrone: () => void;
  onBlock: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Icon = ROOM_ICON[tipo];
  const online = sala.miembros.filter((m) => m.estado === 'online' && m.id !== meId);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        px: { xs: 1, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        flexWrap: sala.acciones.bloquear ? 'wrap' : 'nowrap',
        rowGap: 1,
      }}
      data-testid="chat-header"
    >
      <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}>
        <Icon fontSize="small" />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: '1 1 120px' }}>
        <Typography
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 700, lineHeight: 1.25 }}
          noWrap
          data-testid="chat-room-name"
        >
          {staff ? T.salas[tipo] : T.salaCliente}
        </Typography>
        {staff && tipo === 'general' && (
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="p"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-testid="chat-client-reads"
          >
            <Visibility sx={{ fontSize: 14 }} aria-hidden />
            {T.clienteLee}
          </Typography>
        )}
        <Box
          component="button"
          type="button"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-haspopup="dialog"
          data-testid="chat-online"
          sx={{
            border: 0,
            p: 0,
            bgcolor: 'transparent',
            font: 'inherit',
            cursor: 'pointer',
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            maxWidth: '100%',
            color: 'text.secondary',
          }}
        >
          <FiberManualRecord sx={{ fontSize: 10, color: online.length ? 'success.main' : 'grey.400' }} aria-hidden />
          <Typography variant="caption" noWrap component="span">
            {fmt(T.enLineaN, { n: online.length })}
            {online.length > 0 && ` · ${online.map((m) => m.username).join(', ')}`}
          </Typography>
        </Box>
        <MembersList sala={sala} phone={phone} anchor={anchor} onClose={() => setAnchor(null)} />
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', ml: 'auto' }}>
        <Tooltip title={T.miembros}>
          <IconButton
            onClick={(e) => setAnchor(e.currentTarget)}
            // The badge's number is in the name: every visible word is (WCAG 2.5.3).
            aria-label={`${T.miembros} · ${fmt(T.miembrosN, { n: sala.miembros.length })}`}
            aria-haspopup="dialog"
            data-testid="chat-members-button"
          >
            <Badge badgeContent={sala.miembros.length} color="primary" max={99}>
              <GroupOutlined />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={T.buscar}>
          <IconButton
            onClick={onSearch}
            aria-label={T.buscar}
            aria-pressed={searchOpen}
            color={searchOpen ? 'primary' : 'default'}
          >
            <Search />
          </IconButton>
        </Tooltip>
        {sala.acciones.fotosDrone &&
          (phone ? (
            <Tooltip title={T.fotosDrone}>
              <IconButton
                onClick={onDrone}
                aria-label={T.fotosDrone}
                data-testid="drone-button"
                sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }}
              >
                <Flight />
              </IconButton>
            </Tooltip>
          ) : (
            <Button
              variant="contained"
              size="small"
              startIcon={<Flight />}
              onClick={onDrone}
              data-testid="drone-button"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {T.fotosDrone}
            </Button>
          ))}
        {sala.acciones.bloquear && (
          <Button
            variant="outlined"
            size="small"
            color={sala.abierto ? 'error' : 'success'}
            startIcon={sala.abierto ? <Lock /> : <LockOpen />}
            onClick={onBlock}
            data-testid="chat-block"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {sala.abierto ? MSG.bloquearChat : MSG.desbloquearChat}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

function Empty({ icon, title, detail }: { icon?: ReactNode; title: string; detail?: string }) {
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
function ServerMessage({
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

function PendingMessage({ item }: { item: OutboxEntry }) {
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
function MessageList({
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

/** A room seen from outside the staff app (the client's side): where it is and who looks. */
export interface ChatRoomSource extends RoomSource {
  /**
   * Whose outbox this tab sends (the staff user's id otherwise). The viewer's own messages are
   * those the server returns with their clientId (it gives it to the sender only).
   */
  viewer: string;
  /** On a phone, the height above the room (the bars and tabs); the staff workspace's header and bottom bar otherwise. */
  phoneTop?: number;
}

export interface ChatRoomProps {
  caseId: string;
  tipo: ChatKind;
  /** Another source than the staff's routes, live channel and signed-in user. */
  source?: ChatRoomSource;
}

/**
 * One of the case's chat rooms (spec 2 §2 "Chat screens"): the general room, the expert's and the
 * draftsperson's. What the viewer may do comes from the server (`sala.acciones`), so the screen
 * offers exactly what it would accept.
 */
export function ChatRoom({ caseId, tipo, source }: ChatRoomProps) {
  const staff = useContext(CurrentUserContext);
  if (!staff && !source) throw new Error('ChatRoom outside the staff guard');
  // Registered before the room is read or the outbox sends (both look it up by case and room).
  if (source && roomSource(caseId, tipo) !== source) setRoomSource(caseId, tipo, source);
  const queryClient = useQueryClient();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { online } = useConnection();
  // The connection banner above the page comes and goes with the connection: measure again.
  const { ref, height } = useFillHeight({ phone, minDesk: 440, phoneTop: source?.phoneTop, remeasure: online });
  const outboxUser = source?.viewer ?? staff!.id;
  useOutboxEffects(outboxUser);
  const { room, loadOlder, loadingOlder } = useChatRoom(caseId, tipo);
  const pending = useRoomOutbox(caseId, tipo, outboxUser);
  const [atBottom, setAtBottom] = useState(true);
  const [reply, setReply] = useState<QuoteModel | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const found = useChatSearch(caseId, tipo, searchOpen ? q : '');
  const [droneOpen, setDroneOpen] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const sala = room.data?.sala;
  useMarkRead(caseId, tipo, sala, atBottom && !searchOpen);

  const jump = useCallback((id: string) => {
    const el = document.getElementById(`chat-msg-${id}`);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);

  const mensajes = room.data?.mensajes;
  const me = {
    id: source ? (mensajes?.find((m) => m.clientId !== null)?.senderId ?? source.viewer) : staff!.id,
  };
  const sentIds = useMemo(() => new Set(mensajes?.map((m) => m.clientId).filter(Boolean)), [mensajes]);
  const waiting = pending.filter((p) => !sentIds.has(p.clientId));
  const queued = waiting.filter((w) => !w.error).length;

  if (room.isError)
    return (
      <Alert severity={isApiError(room.error) && room.error.status === 403 ? 'info' : 'error'} data-testid="chat-error">
        {isApiError(room.error) ? room.error.message : MSG.algoSalioMal}
      </Alert>
    );
  if (!room.data || !sala || !mensajes)
    return (
      <Paper variant="outlined" ref={ref} sx={{ height, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={T.cargando} />
      </Paper>
    );

  const send = ({ content, files }: { content: string; files: File[] }) => {
    void chatOutbox.add({
      clientId: newClientId(),
      userId: outboxUser,
      caseId,
      tipo,
      kind: files.length ? 'archivos' : 'texto',
      content,
      replyTo: reply?.id ?? null,
      reply,
      files: files.map((f) => ({ name: f.name, type: f.type, size: f.size, blob: f })),
      latitud: null,
      longitud: null,
    });
    setReply(null);
  };

  const saveDrone = (photos: File[], at: { lat: number; long: number } | null) => {
    void chatOutbox.add({
      clientId: newClientId(),
      userId: outboxUser,
      caseId,
      tipo: 'general',
      kind: 'drone',
      content: '',
      replyTo: null,
      reply: null,
      files: photos.map((f) => ({ name: f.name, type: f.type, size: f.size, blob: f })),
      latitud: at?.lat ?? null,
      longitud: at?.long ?? null,
    });
    setDroneOpen(false);
  };

  const block = async () => {
    setBlocking(true);
    try {
      const res = await setRoomOpen(caseId, tipo, !sala.abierto);
      showSuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: chatRoomKey(caseId, tipo), exact: true });
    } catch (e) {
      showToast('chat-error', isApiError(e) ? e.message : MSG.algoSalioMal, { variant: 'error' });
    } finally {
      setBlocking(false);
      setConfirmBlock(false);
    }
  };

  const canSend = sala.acciones.enviar.allowed;
  // A cargo that only reads this room (the Perito and Dibujante follow the general room's files).
  const readOnly = !canSend && !!staff && !source && readsOnly(staff.cargo, tipo);
  const onReply = canSend ? (m: ChatMessage) => setReply(quoteOf(m)) : undefined;
  const searching = searchOpen && q.length > 0;
  const results = searching ? [...(found.data?.pages ?? [])].reverse().flatMap((p) => p.mensajes) : [];
  const lastPending = waiting.at(-1);

  let list: ReactNode;
  if (searching) {
    list = found.isLoading ? (
      <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
        <CircularProgress size={28} aria-label={T.cargando} />
      </Box>
    ) : results.length === 0 ? (
      <Empty icon={<Search sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />} title={T.sinResultados} />
    ) : (
      results.map((m) => <ServerMessage key={m.id} m={m} sala={sala} meId={me.id} highlight onJump={jump} />)
    );
  } else if (mensajes.length === 0 && waiting.length === 0) {
    list = (
      <Empty
        title={T.sinMensajes}
        detail={emptyDetail({
          soloArchivos: sala.soloArchivos,
          canSend,
          readOnly,
          closedForMe: !sala.abierto && !sala.acciones.bloquear,
        })}
      />
    );
  } else {
    list = (
      <>
        {mensajes.map((m) => (
          <ServerMessage key={m.id} m={m} sala={sala} meId={me.id} onReply={onReply} onJump={jump} />
        ))}
        {waiting.map((item) => (
          <PendingMessage key={item.clientId} item={item} />
        ))}
      </>
    );
  }

  return (
    <Paper
      ref={ref}
      variant="outlined"
      data-testid="chat-room"
      data-room={tipo}
      sx={{ height, minHeight: 360, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <RoomHeader
        sala={sala}
        tipo={tipo}
        meId={me.id}
        phone={phone}
        staff={!source}
        searchOpen={searchOpen}
        onSearch={() => {
          setSearchOpen(!searchOpen);
          setSearch('');
        }}
        onDrone={() => setDroneOpen(true)}
        onBlock={() => setConfirmBlock(true)}
      />
      {searchOpen && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', px: { xs: 1, sm: 2 }, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
          role="search"
        >
          <Search color="action" aria-hidden />
          <InputBase
            autoFocus
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={T.buscar}
            inputProps={{ 'aria-label': T.buscar, maxLength: 100 }}
            sx={{ flex: 1 }}
            data-testid="chat-search"
          />
          {searching && found.data && (
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} role="status">
              {fmt(T.resultados, { n: results.length })}
            </Typography>
          )}
          <IconButton
            size="small"
            aria-label={T.cerrarBusqueda}
            onClick={() => {
              setSearchOpen(false);
              setSearch('');
            }}
          >
            <Close fontSize="small" />
          </IconButton>
        </Stack>
      )}
      {sala.soloArchivos && !readOnly && !searching && mensajes.length > 0 && (
        <Alert severity="info" sx={{ borderRadius: 0, py: 0 }}>
          {T.soloArchivos}
        </Alert>
      )}
      <MessageList
        firstKey={searching ? `q${results[0]?.indexId}` : mensajes[0]?.indexId}
        lastKey={searching ? `q${results.at(-1)?.indexId}` : (lastPending?.clientId ?? mensajes.at(-1)?.indexId)}
        count={searching ? results.length : mensajes.length + waiting.length}
        hayMas={searching ? !!found.hasNextPage : room.data.hayMas}
        loadingOlder={searching ? found.isFetchingNextPage : loadingOlder}
        onLoadOlder={() => void (searching ? found.fetchNextPage() : loadOlder())}
        onAtBottom={setAtBottom}
        followOwn={!searching && !!lastPending}
      >
        {list}
      </MessageList>
      {!online && queued > 0 && (
        <Typography
          variant="caption"
          role="status"
          data-testid="chat-outbox-note"
          sx={{
            px: 2,
            py: 0.5,
            bgcolor: (t) => alpha(t.palette.warning.main, 0.15),
            color: 'text.primary',
            display: 'flex',
            gap: 0.5,
            alignItems: 'center',
          }}
        >
          <Schedule sx={{ fontSize: 16 }} aria-hidden />
          {fmt(T.pendientesEnvio, { n: queued })}
        </Typography>
      )}
      {canSend ? (
        <Composer
          onSend={send}
          reply={reply}
          onCancelReply={() => setReply(null)}
          allowFiles={sala.acciones.verArchivos}
        />
      ) : readOnly ? (
        <Alert
          severity="info"
          icon={<Visibility fontSize="inherit" />}
          sx={{ borderRadius: 0, borderTop: 1, borderColor: 'divider' }}
          data-testid="chat-read-only"
        >
          {sala.soloArchivos ? T.soloLecturaArchivos : T.soloLectura}
        </Alert>
      ) : (
        <Alert
          severity="warning"
          icon={<Lock fontSize="inherit" />}
          sx={{ borderRadius: 0, borderTop: 1, borderColor: 'divider' }}
          data-testid="chat-refusal"
        >
          {sala.acciones.enviar.message ?? MSG.chatRolNoAutorizado}
        </Alert>
      )}
      <DroneDialog open={droneOpen} onClose={() => setDroneOpen(false)} onSave={saveDrone} />
      <ConfirmDialog
        open={confirmBlock}
        title={MSG.seguro}
        text={sala.abierto ? MSG.bloquearChat : MSG.desbloquearChat}
        busy={blocking}
        onConfirm={() => void block()}
        onCancel={() => setConfirmBlock(false)}
      />
    </Paper>
  );
}

/** The unread count of one room on its workspace tab. */
export function UnreadBadge({ count, children }: { count: number; children: ReactNode }) {
  if (!count) return <>{children}</>;
  return (
    <Badge
      badgeContent={count}
      color="error"
      max={99}
      sx={{ '& .MuiBadge-badge': { right: -10 } }}
      slotProps={{
        badge: { 'aria-label': fmt(T.noLeidos, { n: count }), 'data-testid': 'chat-unread-badge' } as object,
      }}
    >
      {children}
    </Badge>
  );
}
