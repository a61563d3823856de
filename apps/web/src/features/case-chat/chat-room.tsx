import { useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useFillHeight } from '../../lib/use-fill-height';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Lock from '@mui/icons-material/Lock';
import Schedule from '@mui/icons-material/Schedule';
import Search from '@mui/icons-material/Search';
import { useQueryClient } from '@tanstack/react-query';
import {
  GENERAL_CHAT_READ_ONLY,
  MSG,
  fmtCount,
  type ChatKind,
  type ChatMessage,
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
import { T } from './format';
import { type QuoteModel } from './message-bubble';
import { chatRoomKey } from '../../lib/chat-keys';
import { useChatRoom, useChatSearch, useMarkRead, useOutboxEffects } from './use-chat-room';
import { Empty, MessageList, PendingMessage, ServerMessage } from './message-list';
import { RoomHeader } from './room-header';
import { CenteredSpinner } from '../../components/centered-spinner';
import { draftKey } from '../../lib/drafts';
import { QueryFailed, failureShown } from '../../components/query-failed';
import { usePhone } from '../../lib/use-phone';

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

/** A room seen from outside the staff app (the client's side): where it is and who looks. */
export interface ChatRoomSource extends RoomSource {
  /**
   * Whose outbox this tab sends (the staff user's id otherwise). The viewer's own messages and
   * presence are the room's `yo`, as the server says.
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
  const phone = usePhone();
  const { online } = useConnection();
  // The connection banner above the page comes and goes with the connection: measure again.
  const { ref, height } = useFillHeight({ phone, minDesk: 440, phoneTop: source?.phoneTop, remeasure: online });
  const outboxUser = source?.viewer ?? staff!.id;
  const composerDraft = draftKey(outboxUser, caseId, `chat:${tipo}`);
  useOutboxEffects(outboxUser);
  const [atBottom, setAtBottom] = useState(true);
  const [searchOpen, setSearchOpen] = useState(false);
  const { room, loadOlder, loadingOlder } = useChatRoom(caseId, tipo, atBottom && !searchOpen);
  const pending = useRoomOutbox(caseId, tipo, outboxUser);
  const [reply, setReply] = useState<QuoteModel | null>(null);
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
  const me = { id: sala?.yo ?? staff?.id ?? source!.viewer };
  const sentIds = useMemo(() => new Set(mensajes?.map((m) => m.clientId).filter(Boolean)), [mensajes]);
  const waiting = pending.filter((p) => !sentIds.has(p.clientId));
  const queued = waiting.filter((w) => !w.error).length;

  if (failureShown(room)) return <QueryFailed error={room.error} onRetry={room.refetch} testId="chat-error" />;
  if (!room.data || !sala || !mensajes)
    return (
      <Paper variant="outlined" ref={ref} sx={{ height, display: 'grid', placeItems: 'center' }}>
        <CenteredSpinner />
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
              {fmtCount(T.resultados, results.length)}
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
          {fmtCount(T.pendientesEnvio, queued)}
        </Typography>
      )}
      {canSend ? (
        <Composer
          key={composerDraft}
          onSend={send}
          reply={reply}
          onCancelReply={() => setReply(null)}
          allowFiles={sala.acciones.verArchivos}
          draftKey={composerDraft}
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
