import {
  CHAT_PAGE_SIZE,
  type ChatKind,
  type ChatMessage,
  type ChatPage,
  type ChatSendResult,
  type ChatUnread,
} from '@vialex/domain';
import { api, postForm } from '../../../lib/api';
import { live, type LiveChannel } from '../../../lib/live';

const staffRoomPath = (caseId: string, tipo: ChatKind) => `/api/casos/${caseId}/chats/${tipo}`;

/**
 * Where a room's calls go when not the staff's: the client's side reads and writes
 * its case's general room at /api/cliente/chat, on its own live channel. Registered per room by
 * ChatRoom's `source`, so the outbox (which sends after a reload too) finds it.
 */
export interface RoomSource {
  /** The room's path: GET a page, POST …/mensajes, …/archivos, …/leidos; files at …/archivos/{id}. */
  path: string;
  /** The live channel the room's topic comes on (the staff's when not given). */
  live?: Pick<LiveChannel, 'subscribe' | 'on' | 'mark'>;
}

const sources = new Map<string, RoomSource>();
const sourceKey = (caseId: string, tipo: ChatKind) => `${caseId}/${tipo}`;

export function setRoomSource(caseId: string, tipo: ChatKind, source: RoomSource): void {
  sources.set(sourceKey(caseId, tipo), source);
}

export const roomSource = (caseId: string, tipo: ChatKind): RoomSource | undefined =>
  sources.get(sourceKey(caseId, tipo));

/** The room's address: /api/casos/{id}/chats/{tipo} (or its registered source's). */
export const roomPath = (caseId: string, tipo: ChatKind) =>
  roomSource(caseId, tipo)?.path ?? staffRoomPath(caseId, tipo);

/** Messages' file links point at the staff's path; a room with another source serves them itself. */
function localize<M extends { files: { url: string; preview: string | null }[] }>(
  caseId: string,
  tipo: ChatKind,
  m: M,
): M {
  const source = roomSource(caseId, tipo);
  if (!source || !m.files.length) return m;
  const from = `${staffRoomPath(caseId, tipo)}/archivos/`;
  const to = `${source.path}/archivos/`;
  const move = (url: string) => (url.startsWith(from) ? to + url.slice(from.length) : url);
  return { ...m, files: m.files.map((f) => ({ ...f, url: move(f.url), preview: f.preview && move(f.preview) })) };
}

/** A message of the room as its source serves its files (one from a live event). */
export const localizeMessage = (caseId: string, tipo: ChatKind, m: ChatMessage) => localize(caseId, tipo, m);

const localizePage = (caseId: string, tipo: ChatKind) => (page: ChatPage) =>
  roomSource(caseId, tipo) ? { ...page, mensajes: page.mensajes.map((m) => localize(caseId, tipo, m)) } : page;

const localizeSent =
  (caseId: string, tipo: ChatKind) =>
  <R extends ChatSendResult>(res: R): R =>
    res?.mensaje ? { ...res, mensaje: localize(caseId, tipo, res.mensaje) } : res;

export interface PageQuery {
  antes?: number;
  despues?: number;
  limite?: number;
  q?: string;
  /** The screen shows the newest message: the read marks the room read too. */
  leido?: boolean;
}

/** GET a page of the room: the latest, older (`antes`), newer (`despues`) or a search (`q`). */
export function fetchChatPage(caseId: string, tipo: ChatKind, query: PageQuery = {}, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query.antes !== undefined) params.set('antes', String(query.antes));
  if (query.despues !== undefined) params.set('despues', String(query.despues));
  params.set('limite', String(query.limite ?? CHAT_PAGE_SIZE));
  if (query.q) params.set('q', query.q);
  if (query.leido) params.set('leido', '1');
  return api.get<ChatPage>(`${roomPath(caseId, tipo)}?${params}`, { signal }).then(localizePage(caseId, tipo));
}

export interface TextSend {
  clientId: string;
  content: string;
  replyTo?: string | null;
}

/**
 * Sends a text message: a staff room's on the live socket while it is open (no request of its
 * own), else — and whenever the socket did not carry it — by POST. The clientId makes a repeated
 * send return the same message, whichever way each went.
 */
export async function sendText(caseId: string, tipo: ChatKind, body: TextSend): Promise<ChatSendResult> {
  const text = {
    clientId: body.clientId,
    content: body.content,
    ...(body.replyTo ? { replyTo: body.replyTo } : {}),
  };
  // The client's room (its own source) has no such way: its texts go by POST.
  const onSocket = roomSource(caseId, tipo) ? undefined : await live.sendText({ caseId, tipo, ...text });
  const sent = onSocket ?? (await api.post<ChatSendResult>(`${roomPath(caseId, tipo)}/mensajes`, text));
  return localizeSent(caseId, tipo)(sent);
}

/** How an upload is followed: its progress (0–100) and a signal that cancels it. */
export interface UploadWatch {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POSTs the message's fields, then its files as `archivos` (lib/api postForm: with upload progress). */
export function postMultipart<T>(
  path: string,
  fields: Record<string, string | number | null | undefined>,
  files: { blob: Blob; name: string }[],
  { onProgress, signal }: UploadWatch = {},
): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== '') form.append(k, String(v));
  for (const f of files) form.append('archivos', f.blob, f.name);
  return postForm<T>(path, form, onProgress, signal);
}

export interface FileSend extends TextSend {
  files: { blob: Blob; name: string }[];
}

/** POST a message with 1..CHAT_FILES_MAX files. */
export const sendFiles = (caseId: string, tipo: ChatKind, body: FileSend, watch?: UploadWatch) =>
  postMultipart<ChatSendResult>(
    `${roomPath(caseId, tipo)}/archivos`,
    { clientId: body.clientId, content: body.content, replyTo: body.replyTo },
    body.files,
    watch,
  ).then(localizeSent(caseId, tipo));

export interface DroneSend {
  clientId: string;
  latitud: number | null;
  longitud: number | null;
  files: { blob: Blob; name: string }[];
}

/** POST the Fotos Drone form (general room, Investigador): the photos and where the phone was. */
export const sendDronePhotos = (caseId: string, body: DroneSend, watch?: UploadWatch) =>
  postMultipart<ChatSendResult & { message?: string }>(
    `${roomPath(caseId, 'general')}/fotos-drone`,
    { clientId: body.clientId, latitud: body.latitud, longitud: body.longitud },
    body.files,
    watch,
  );

/** PUT the expert/draftsperson room's flag: open (Desbloquear) or closed (Bloquear). */
export const setRoomOpen = (caseId: string, tipo: ChatKind, abierto: boolean) =>
  api.put<{ abierto: boolean; message: string }>(`${roomPath(caseId, tipo)}/bloqueo`, { abierto });

/** POST the viewer read the room up to `hasta`. */
export const markRead = (caseId: string, tipo: ChatKind, hasta: number) =>
  api.post<{ noLeidos: number }>(`${roomPath(caseId, tipo)}/leidos`, { hasta });

/** GET the viewer's unread counts of some cases, per room. */
export const fetchUnread = (caseIds: string[], signal?: AbortSignal) =>
  api.get<ChatUnread>(`/api/chats/no-leidos?casos=${caseIds.map(encodeURIComponent).join(',')}`, { signal });
