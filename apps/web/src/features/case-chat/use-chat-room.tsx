import { useCallback, useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CHAT_PAGE_MAX,
  CHAT_PAGE_SIZE,
  MSG,
  topics,
  type ChatKind,
  type ChatMessage,
  type ChatPage,
  type ChatRoom,
  type ChatMarks,
  type ChatPresence,
  type ChatUnread,
} from '@vialex/domain';
import { chatRoomKey, chatUnreadKey, onUnreadEvent } from '../../lib/chat-keys';
import { live, useLiveTopic } from '../../lib/live';
import { showToast } from '../../lib/toasts';
import { showSuccess } from '../../components/list/use-feedback';
import { fetchChatPage, fetchUnread, localizeMessage, markRead, roomSource } from './api/chat-api';
import { chatOutbox } from './chat-outbox';

/** What the screen holds of a room: its header and the messages read so far, oldest first. */
export interface RoomData {
  sala: ChatRoom;
  mensajes: ChatMessage[];
  /** Older messages exist before the first one held. */
  hayMas: boolean;
}

export const chatSearchKey = (caseId: string, tipo: ChatKind, q: string) => ['chat-buscar', caseId, tipo, q] as const;

/** Messages of both lists, each once (by number), oldest first. */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byIndex = new Map<number, ChatMessage>();
  for (const m of a) byIndex.set(m.indexId, m);
  for (const m of b) byIndex.set(m.indexId, m);
  return [...byIndex.values()].sort((x, y) => x.indexId - y.indexId);
}

/**
 * Another member's marks into the room's header: the highest any other member received and read
 * (the ticks); the viewer's own change nothing the header shows them.
 */
function putMarks(queryClient: QueryClient, key: ReturnType<typeof chatRoomKey>, marcas: ChatMarks): void {
  queryClient.setQueryData<RoomData>(key, (old) =>
    old && marcas.de !== old.sala.yo
      ? {
          ...old,
          sala: {
            ...old.sala,
            entregadoHasta: Math.max(old.sala.entregadoHasta, marcas.recibidoHasta),
            vistoHasta: Math.max(old.sala.vistoHasta, marcas.leidoHasta),
          },
        }
      : old,
  );
}

/**
 * A member's presence, put in the header of a screen that lists them (the viewer's own: their
 * screen is open, whatever their other devices do). False when the screen reads the room instead:
 * the member is not listed (new to the room), or a read is out that may predate the change.
 */
function putPresence(queryClient: QueryClient, key: ReturnType<typeof chatRoomKey>, presencia: ChatPresence): boolean {
  const held = queryClient.getQueryData<RoomData>(key);
  if (!held) return false;
  if (presencia.de === held.sala.yo) return true;
  if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) return false;
  if (!held.sala.miembros.some((m) => m.id === presencia.de)) return false;
  queryClient.setQueryData<RoomData>(key, {
    ...held,
    sala: {
      ...held.sala,
      miembros: held.sala.miembros.map((m) => (m.id === presencia.de ? { ...m, estado: presencia.estado } : m)),
    },
  });
  return true;
}

/** A header read from the server, with the ticks the screen already holds: marks only move forward. */
function withHeldMarks(read: ChatRoom, held: ChatRoom): ChatRoom {
  return {
    ...read,
    entregadoHasta: Math.max(read.entregadoHasta, held.entregadoHasta),
    vistoHasta: Math.max(read.vistoHasta, held.vistoHasta),
  };
}

/**
 * A message the screen learnt of (the answer to its own send): into the room it belongs to, if
 * open. The room's last number moves to it only when it follows that number: one sent after
 * others' messages the screen has not read yet leaves the number where it was, so the next read
 * catches up from there and brings them.
 */
export function addMessage(queryClient: QueryClient, caseId: string, tipo: ChatKind, mensaje: ChatMessage): void {
  queryClient.setQueryData<RoomData>(chatRoomKey(caseId, tipo), (old) =>
    old
      ? {
          ...old,
          sala: mensaje.indexId === old.sala.ultimo + 1 ? { ...old.sala, ultimo: mensaje.indexId } : old.sala,
          mensajes: mergeMessages(old.mensajes, [mensaje]),
        }
      : old,
  );
}

/**
 * Reads a room. The first time, its latest page; afterwards (a live event, the connection back,
 * the tab shown again) only what came after the room's last number as last read, added to what
 * is held (the server's page stops at the number its header gives). A screen far behind (more
 * than a full page missed) starts again from the latest page.
 */
async function readRoom(
  queryClient: QueryClient,
  caseId: string,
  tipo: ChatKind,
  signal: AbortSignal,
  seesNewest: boolean,
): Promise<RoomData> {
  const held = queryClient.getQueryData<RoomData>(chatRoomKey(caseId, tipo));
  if (held) {
    // A screen at the newest message, in view, shows what the read brings at once (the list
    // follows the bottom): the read marks the room read too, with no request of its own. Either
    // way its answer counts the room's unread messages, for the tab's badge (onUnreadEvent).
    const leido = seesNewest && !documentHidden();
    const page = await fetchChatPage(caseId, tipo, { despues: held.sala.ultimo, limite: CHAT_PAGE_MAX, leido }, signal);
    await putUnread(queryClient, caseId, tipo, page.sala.noLeidos);
    // Added to what is held now: an older page may have come in while this read was out, and so
    // may another member's marks (their event), which the answer, read before, would take back.
    const now = queryClient.getQueryData<RoomData>(chatRoomKey(caseId, tipo)) ?? held;
    if (page.mensajes.length < CHAT_PAGE_MAX)
      return {
        sala: withHeldMarks(page.sala, now.sala),
        mensajes: mergeMessages(now.mensajes, page.mensajes),
        hayMas: now.hayMas,
      };
  }
  const page = await fetchChatPage(caseId, tipo, { limite: CHAT_PAGE_SIZE }, signal);
  const now = queryClient.getQueryData<RoomData>(chatRoomKey(caseId, tipo));
  return { sala: now ? withHeldMarks(page.sala, now.sala) : page.sala, mensajes: page.mensajes, hayMas: page.hayMas };
}

/**
 * One room on screen: its messages (caught up on each live event), older pages on demand, its
 * live topic (which is the viewer's presence in the room), and the read mark.
 */
export function useChatRoom(caseId: string, tipo: ChatKind, newestSeen: boolean) {
  const queryClient = useQueryClient();
  const key = chatRoomKey(caseId, tipo);
  const seesNewest = useRef(newestSeen);
  seesNewest.current = newestSeen;
  const room = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => readRoom(queryClient, caseId, tipo, signal, seesNewest.current),
    retry: false,
    // The live channel says when something changed; the connection coming back refreshes all.
    staleTime: 60_000,
  });

  // One read of the room at a time, and one more after it when an event came in meanwhile. A
  // message reaches every member with the room on screen, and each member's receipt and read of it
  // move their marks, each one an event to every member again: read on each, one message among
  // four members on screen cost 30 reads of the room. Marks come in the event and are put in here
  // (the ticks), with no read. A message event is covered once the room's last number reaches it
  // (an event during a read that began before it needs one more).
  const wanted = useRef(0);
  const changed = useRef(false);
  const reading = useRef(false);
  const refresh = useCallback(async () => {
    if (reading.current) return;
    reading.current = true;
    try {
      for (let behind = 0; ;) {
        const data = queryClient.getQueryData<RoomData>(key);
        const caughtUp = !!data && data.sala.ultimo >= wanted.current;
        if (!changed.current && (caughtUp || behind >= 5)) break;
        if (!caughtUp) behind++;
        // After a change, a read the screen already had out (a reconnection's) may predate it.
        const anew = changed.current;
        changed.current = false;
        await queryClient.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: anew });
      }
    } finally {
      reading.current = false;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is made of caseId and tipo
  }, [queryClient, caseId, tipo]);

  /**
   * A message its event carries, shown without a read when it is the next one after what the
   * screen holds and no read is out; its receipt (and read, when the newest message is in view)
   * go back over the socket. False: the screen reads instead.
   */
  const channel = roomSource(caseId, tipo)?.live ?? live;
  const showCarried = (mensaje: ChatMessage): boolean => {
    const data = queryClient.getQueryData<RoomData>(key);
    if (!data || reading.current || mensaje.indexId !== data.sala.ultimo + 1) return false;
    const leido = seesNewest.current && !documentHidden();
    if (!channel.mark(data.sala.topic, mensaje.indexId, leido)) return false;
    // Read up to it now, or one more unread (the viewer's own messages are never unread).
    const mine = mensaje.senderId === data.sala.yo;
    const noLeidos = leido ? 0 : data.sala.noLeidos + (mine ? 0 : 1);
    queryClient.setQueryData<RoomData>(key, {
      ...data,
      sala: { ...data.sala, ultimo: mensaje.indexId, noLeidos },
      // What the screen holds wins: its own message, from its send's answer, keeps its clientId.
      mensajes: mergeMessages([localizeMessage(caseId, tipo, mensaje)], data.mensajes),
    });
    void putUnread(queryClient, caseId, tipo, noLeidos);
    return true;
  };

  useLiveTopic(
    room.data?.sala.topic ?? null,
    (event) => {
      if (event.name === 'chat.message') {
        wanted.current = Math.max(wanted.current, event.indexId);
        if (event.mensaje && showCarried(event.mensaje)) return;
      } else if (event.name === 'chat.room' && event.marcas) return putMarks(queryClient, key, event.marcas);
      else if (event.name === 'chat.room' && event.presencia && putPresence(queryClient, key, event.presencia)) return;
      else if (event.name === 'chat.room') changed.current = true;
      else return;
      void refresh();
    },
    roomSource(caseId, tipo)?.live,
  );

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = useCallback(async () => {
    const data = queryClient.getQueryData<RoomData>(key);
    const first = data?.mensajes[0]?.indexId;
    if (!data || first === undefined || !data.hayMas || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchChatPage(caseId, tipo, { antes: first, limite: CHAT_PAGE_SIZE });
      queryClient.setQueryData<RoomData>(key, (old) =>
        old ? { ...old, mensajes: mergeMessages(page.mensajes, old.mensajes), hayMas: page.hayMas } : old,
      );
    } catch {
      showToast('chat-error', MSG.sinConexion, { variant: 'error' });
    } finally {
      setLoadingOlder(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is made of caseId and tipo
  }, [queryClient, caseId, tipo, loadingOlder]);

  return { room, loadOlder, loadingOlder };
}

const documentHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * The room's unread count as a read or a read mark answered it, into the tabs' badges: no read
 * of every room's count. A read of them already out may have begun before the mark and would put
 * the old count back: cancelled, and made again after it (it was out for a reason: another
 * room's count may have changed), as when nothing was held yet.
 */
async function putUnread(queryClient: QueryClient, caseId: string, tipo: ChatKind, noLeidos: number) {
  const unreadKey = chatUnreadKey(caseId);
  const wasOut = queryClient.isFetching({ queryKey: unreadKey }) > 0;
  await queryClient.cancelQueries({ queryKey: unreadKey });
  const counts = queryClient.getQueryData<ChatUnread[string]>(unreadKey);
  if (counts) queryClient.setQueryData(unreadKey, { ...counts, [tipo]: noLeidos });
  if (!counts || wasOut) void queryClient.invalidateQueries({ queryKey: unreadKey });
}

/**
 * Marks the room read up to its last message (once per number), when the newest message is seen
 * and a read did not mark it already (useChatRoom's, from a screen at the newest message).
 */
export function useMarkRead(caseId: string, tipo: ChatKind, sala: ChatRoom | undefined, newestSeen: boolean) {
  const queryClient = useQueryClient();
  const marked = useRef(0);
  const hasta = sala?.ultimo ?? 0;
  const unread = sala?.noLeidos ?? 0;
  useEffect(() => {
    if (!newestSeen || !hasta || unread === 0 || hasta <= marked.current) return;
    if (documentHidden()) return;
    marked.current = hasta;
    markRead(caseId, tipo, hasta)
      .then(async ({ noLeidos }) => {
        queryClient.setQueryData<RoomData>(chatRoomKey(caseId, tipo), (old) =>
          old ? { ...old, sala: { ...old.sala, noLeidos } } : old,
        );
        await putUnread(queryClient, caseId, tipo, noLeidos);
      })
      .catch(() => {
        marked.current = 0;
      });
  }, [caseId, tipo, hasta, unread, newestSeen, queryClient]);
}

/** Searching a room: pages of matching messages, newest page first (each oldest first). */
export function useChatSearch(caseId: string, tipo: ChatKind, q: string) {
  return useInfiniteQuery({
    queryKey: chatSearchKey(caseId, tipo, q),
    queryFn: ({ pageParam, signal }) =>
      fetchChatPage(caseId, tipo, { q, antes: pageParam, limite: CHAT_PAGE_SIZE }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: ChatPage) => (last.hayMas ? last.mensajes[0]?.indexId : undefined),
    enabled: q.length > 0,
    retry: false,
  });
}

/**
 * Sends the signed-in user's outbox while a room is on screen, and shows what came of it: a sent
 * message joins its room at once (before the live event), a refused one says why in a toast,
 * drone photos say MSG.fotosCargadas ('Fotos cargadas exitosamente').
 */
export function useOutboxEffects(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void chatOutbox.start(userId);
    const offSent = chatOutbox.onSent((item, result) => {
      addMessage(queryClient, item.caseId, item.tipo, result.mensaje);
      if (item.kind === 'drone') showSuccess((result as { message?: string }).message || MSG.fotosCargadas);
    });
    const offRefused = chatOutbox.onRefused((_item, message) =>
      showToast('chat-error', <span data-testid="chat-error-toast">{message}</span>, { variant: 'error' }),
    );
    return () => {
      offSent();
      offRefused();
    };
  }, [userId, queryClient]);
}

/** The viewer's unread messages of a case per room, kept fresh by the 'chat.unread' events. */
export function useChatUnread(caseId: string, userId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () => live.on(topics.user(userId), (event) => onUnreadEvent(queryClient, caseId, event)),
    [caseId, userId, queryClient],
  );
  return useQuery({
    queryKey: chatUnreadKey(caseId),
    queryFn: ({ signal }) => fetchUnread([caseId], signal).then((all) => all[caseId] ?? {}),
    retry: false,
    staleTime: 60_000,
  });
}
