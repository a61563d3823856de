import type { Cargo } from '../cargos.js';
import type { ChatKind } from '../constants.js';
import { MSG } from '../messages.js';
import { can } from '../permissions.js';
import { mayOpenTab, tabVisible, type CaseState, type WorkspaceCaseState, type WorkspaceTab } from './case.js';
import { ALLOWED, refuse, type Decision } from './decision.js';

/**
 * One policy for a case's chat rooms (spec 2 §2 "Chat screens", §4 "Chat block flag", §6 "Chat
 * sending", "Opening files", "Block chat button"). The server refuses with these; the room's
 * answer carries them as `acciones`, so the web shows exactly what the server would accept.
 */

/** Who is in a room: a staff cargo, or the client through their case link (spec 3, client entry). */
export type ChatViewerKind = Cargo | 'Cliente';

export interface ChatViewer {
  id: string;
  kind: ChatViewerKind;
}

/** The workspace tab that shows each room. */
export const CHAT_TAB: Record<ChatKind, WorkspaceTab> = {
  general: 'chat',
  perito: 'chat_perito',
  dibujante: 'chat_dibujante',
};

/** The room a workspace tab shows, if it is a chat tab. */
export function chatKindOfTab(tab: string): ChatKind | undefined {
  return (Object.keys(CHAT_TAB) as ChatKind[]).find((k) => CHAT_TAB[k] === tab);
}

/** Spec 2 §6 "Chat sending": the cargos that read the general room but may not write in it. */
export const GENERAL_CHAT_READ_ONLY: readonly ChatViewerKind[] = [
  'Perito',
  'Coordinador Perito',
  'Coordinador Abogado CAIT',
  'Abogado CAIT',
  'Dibujante',
];

/**
 * Spec 2 §6: "Expert and dibujante views of the general chat show only messages with non-audio
 * files" — the Perito and the Dibujante follow the case's documents there, not its conversation.
 */
export const GENERAL_CHAT_FILES_ONLY: readonly ChatViewerKind[] = ['Perito', 'Dibujante'];

/** Spec 2 §6 "Opening files": who may open the files of each room. */
export const CHAT_FILE_READERS: Record<ChatKind, readonly ChatViewerKind[]> = {
  general: [
    'Abogado',
    'Call Center',
    'Perito',
    'Dibujante',
    'Administrador',
    'Coordinador Abogado',
    'Coordinador Contact Center',
    'Coordinador Investigador',
    'Coordinador Perito',
    'Investigador',
    'Cliente',
  ],
  perito: ['Perito', 'Administrador', 'Coordinador Investigador', 'Coordinador Perito', 'Investigador'],
  dibujante: ['Dibujante', 'Administrador', 'Coordinador Investigador', 'Investigador'],
};

/** The flag that opens a room for sending (spec 2 §4 "Chat block flag"); the general room has none. */
export const CHAT_OPEN_FLAG = { perito: 'chat_perito', dibujante: 'chat_dibujante' } as const;

/** The message a closed room answers with (spec 2 §8). */
const BLOCKED_MESSAGE: Record<'perito' | 'dibujante', string> = {
  perito: MSG.chatBloqueadoInvestigador,
  dibujante: MSG.chatBloqueado,
};

export type ChatCaseState = CaseState & WorkspaceCaseState & { chat_perito: boolean; chat_dibujante: boolean };

const chatRefused = (message: string) => refuse.conflict('CHAT_REFUSED', message);

/**
 * Read a room: staff who may open its workspace tab (the case in their list scope is the
 * queries' job); the client only the general room of their own case (their link's job).
 */
export function mayReadRoom(viewer: ChatViewer, c: ChatCaseState, kind: ChatKind): Decision {
  if (viewer.kind === 'Cliente') return kind === 'general' ? ALLOWED : refuse.forbidden();
  return mayOpenTab({ id: viewer.id, cargo: viewer.kind }, c, CHAT_TAB[kind]);
}

/**
 * Send in a room (spec 2 §6 "Chat sending"): the general room is read-only for some cargos; the
 * expert and draftsperson rooms only while their flag is open. Nothing is said on an archived case.
 * The cargo refusals are 403 with the spec's text; a closed room or an archived case is 409.
 */
export function maySend(viewer: ChatViewer, c: ChatCaseState, kind: ChatKind): Decision {
  const read = mayReadRoom(viewer, c, kind);
  if (!read.allowed) return read;
  if (kind === 'general' && GENERAL_CHAT_READ_ONLY.includes(viewer.kind))
    return { ...refuse.forbidden(), message: MSG.chatRolNoAutorizado };
  if (kind !== 'general' && !c[CHAT_OPEN_FLAG[kind]]) return chatRefused(BLOCKED_MESSAGE[kind]);
  if (c.archivado) return chatRefused(MSG.casoArchivadoNoEditable);
  return ALLOWED;
}

/** Open a room's files (spec 2 §6 "Opening files"; the message with its two spaces, as spelled). */
export function mayOpenRoomFiles(viewer: ChatViewer, c: ChatCaseState, kind: ChatKind): Decision {
  const read = mayReadRoom(viewer, c, kind);
  if (!read.allowed) return read;
  return CHAT_FILE_READERS[kind].includes(viewer.kind)
    ? ALLOWED
    : { ...refuse.forbidden(), message: MSG.archivoRolNoAutorizado };
}

/** Bloquear/Desbloquear Chat (spec 2 §6 "Block chat button"): the expert and draftsperson rooms. */
export function mayBlockRoom(viewer: ChatViewer, c: ChatCaseState, kind: ChatKind): Decision {
  if (kind === 'general' || viewer.kind === 'Cliente' || !can(viewer.kind, 'chat.block')) return refuse.forbidden();
  const read = mayReadRoom(viewer, c, kind);
  if (!read.allowed) return read;
  return c.archivado ? chatRefused(MSG.casoArchivadoNoEditable) : ALLOWED;
}

/**
 * Drone photos (spec 2 §2: "For Investigador the header shows 'Chat en proceso (Entrar)' and a
 * drone-photos button"): an Investigador, in the general room, wherever they may send.
 */
export function mayUploadDronePhotos(viewer: ChatViewer, c: ChatCaseState, kind: ChatKind): Decision {
  if (viewer.kind !== 'Investigador' || kind !== 'general') return refuse.forbidden();
  return maySend(viewer, c, kind);
}

/** Whether this viewer reads only the file messages of a room. */
export function seesOnlyFiles(kind: ChatViewerKind, room: ChatKind): boolean {
  return room === 'general' && GENERAL_CHAT_FILES_ONLY.includes(kind);
}

/** A staff cargo sees this room's tab on the case (used to list a case's rooms for a viewer). */
export function roomVisible(kind: ChatViewerKind, room: ChatKind, c: WorkspaceCaseState): boolean {
  return kind === 'Cliente' ? room === 'general' : tabVisible(kind, CHAT_TAB[room], c);
}

/** What the room's screen offers this viewer: each action's decision, refusals with their message. */
export interface ChatRoomActions {
  enviar: Decision;
  verArchivos: boolean;
  bloquear: boolean;
  fotosDrone: boolean;
}

export function chatRoomActions(viewer: ChatViewer, c: ChatCaseState, kind: ChatKind): ChatRoomActions {
  return {
    enviar: maySend(viewer, c, kind),
    verArchivos: mayOpenRoomFiles(viewer, c, kind).allowed,
    bloquear: mayBlockRoom(viewer, c, kind).allowed,
    fotosDrone: mayUploadDronePhotos(viewer, c, kind).allowed,
  };
}

/**
 * The username a message carries (spec 2 §9): name, the first 4 characters of the identification,
 * the role in brackets — "Ana Pérez 1020 [Investigador]".
 */
export function chatUsername(nombre: string, identificacion: string, rol: ChatViewerKind): string {
  const id = identificacion.trim().slice(0, 4);
  return [nombre.trim().replace(/\s+/g, ' '), id, `[${rol}]`].filter(Boolean).join(' ');
}

/**
 * The sender's name as the rooms show it: the stored username without its identification digits
 * ("Ana Pérez 1020 [Investigador]" reads "Ana Pérez [Investigador]"). Only the short token right
 * before the role that holds a digit goes (a passport's 'PA12' too): a name is never cut, and a
 * username stored without an identification stays.
 */
export function chatDisplayName(username: string): string {
  return username.replace(/\s+(?=\S{0,3}\d)\S{1,4}(\s+\[[^\]]*\])$/, '$1');
}
