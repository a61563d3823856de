import { z } from 'zod';
import { TIPOS_CHAT } from '../constants.js';
import { MSG, fmt } from '../messages.js';

/** The room kinds as the API spells them: /api/casos/{id}/chats/{tipo}. */
export const chatKind = z.enum(TIPOS_CHAT, { error: MSG.salaNoValida });

/** The longest message text (characters). */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Messages per page when a room is opened or paged back. */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 200;
/** Files in one message, and drone photos in one upload. */
export const CHAT_FILES_MAX = 10;
/** The longest search text. */
export const CHAT_SEARCH_MAX_LENGTH = 100;

/**
 * A file of a message (spec 2 §3 "File item"). `url` serves it to whoever may open the room's
 * files; images also have a `preview` (a small JPEG/WebP rendering of a phone photo).
 */
export const chatFileResponse = z.object({
  id: z.string(),
  nombre: z.string(),
  extension: z.string(),
  size: z.number(),
  tipo: z.enum(['documento', 'imagen']),
  url: z.string(),
  preview: z.string().nullable(),
});
export type ChatFile = z.infer<typeof chatFileResponse>;

/** The message a reply quotes. */
export const chatReplyResponse = z.object({
  id: z.string(),
  content: z.string(),
  username: z.string(),
  archivos: z.number(),
});

/**
 * A message (spec 2 §3 "Messages"): its running number in the room (`indexId`), who sent it (the
 * spec's username: name, first 4 of the identification, [role]), when (ISO; shown DD/MM/YYYY
 * HH:mm Bogotá), its text, files and quoted reply. Its ticks come from the room's
 * `entregadoHasta` / `vistoHasta`.
 */
export const chatMessageResponse = z.object({
  id: z.string(),
  indexId: z.number(),
  senderId: z.string(),
  username: z.string(),
  fecha: z.string(),
  content: z.string(),
  files: z.array(chatFileResponse),
  reply: chatReplyResponse.nullable(),
  /** The sender's own id for the message (the offline outbox's idempotency key), null for others. */
  clientId: z.string().nullable(),
  system: z.boolean(),
  /** A drone photo (fotosdrone), with where the phone was. */
  dron: z.object({ latitud: z.number().nullable(), longitud: z.number().nullable() }).nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageResponse>;

/** A decision the web shows: allowed, or the refusal message the server would answer with. */
export const chatDecisionResponse = z.object({ allowed: z.boolean(), message: z.string().optional() });

export const chatMemberResponse = z.object({
  id: z.string(),
  username: z.string(),
  estado: z.enum(['online', 'offline']),
  /** The member's photo (userPhotoUrl) for staff viewers; null without one, and for the client (absent: none either). */
  foto: z.string().nullish(),
});
export type ChatMember = z.infer<typeof chatMemberResponse>;

/** The room's header: who is in it, whether it is open, and how far the others got. */
export const chatRoomResponse = z.object({
  id: z.string(),
  tipo: chatKind,
  nombre: z.string(),
  /** The live channel's topic of this room. */
  topic: z.string(),
  /** The expert/draftsperson flag (chat_perito / chat_dibujante); always true for the general room. */
  abierto: z.boolean(),
  miembros: z.array(chatMemberResponse),
  /** The viewer's own member id (a staff user's, or the client's): not counted among those online. */
  yo: z.string(),
  /** The last message number in the room. */
  ultimo: z.number(),
  /** The viewer's own messages up to this number reached another member (two ticks). */
  entregadoHasta: z.number(),
  /** …and were read by another member (blue ticks). */
  vistoHasta: z.number(),
  /** Messages after the viewer's last read one. */
  noLeidos: z.number(),
  /** Only file messages are shown to this viewer (spec 2 §6: Perito and Dibujante in the general room). */
  soloArchivos: z.boolean(),
  acciones: z.object({
    enviar: chatDecisionResponse,
    verArchivos: z.boolean(),
    bloquear: z.boolean(),
    fotosDrone: z.boolean(),
  }),
});
export type ChatRoom = z.infer<typeof chatRoomResponse>;

/**
 * GET /api/casos/{id}/chats/{tipo}: the room and a page of its messages, oldest first.
 * `?antes=N` pages back (messages before number N), `?despues=N` catches up after a live event,
 * `?q=` searches the room's texts and file names.
 */
export const chatPageResponse = z.object({
  sala: chatRoomResponse,
  mensajes: z.array(chatMessageResponse),
  /** Older messages exist before the first one of this page. */
  hayMas: z.boolean(),
});
export type ChatPage = z.infer<typeof chatPageResponse>;

export const chatPageQuery = z.object({
  antes: z.coerce.number({ error: MSG.parametroNoValido }).int().min(1).max(2_147_483_647).optional(),
  despues: z.coerce.number({ error: MSG.parametroNoValido }).int().min(0).max(2_147_483_647).optional(),
  limite: z.coerce.number({ error: MSG.parametroNoValido }).int().min(1).max(CHAT_PAGE_MAX).optional(),
  q: z.string().trim().max(CHAT_SEARCH_MAX_LENGTH, { error: MSG.busquedaMuyLarga }).optional(),
  /** `1`: the screen shows the room's newest message — the read also marks the room read. */
  leido: z.literal('1', { error: MSG.parametroNoValido }).optional(),
});

const clientId = z.uuid({ error: MSG.idClienteNoValido });

/** POST /api/casos/{id}/chats/{tipo}/mensajes: a text message (files go as multipart to …/archivos). */
export const chatSendSchema = z.object({
  clientId,
  content: z
    .string({ error: MSG.mensajeRequerido })
    .trim()
    .min(1, { error: MSG.mensajeRequerido })
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: fmt(MSG.mensajeMuyLargo, { max: CHAT_MESSAGE_MAX_LENGTH }) }),
  replyTo: z.uuid({ error: MSG.respuestaNoValida }).nullish(),
});
export type ChatSendInput = z.infer<typeof chatSendSchema>;

/** The text fields of a multipart file message (…/archivos): the text is optional there. */
export const chatFileFieldsSchema = z.object({
  clientId,
  content: z
    .string()
    .trim()
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: fmt(MSG.mensajeMuyLargo, { max: CHAT_MESSAGE_MAX_LENGTH }) })
    .optional()
    .default(''),
  replyTo: z.uuid({ error: MSG.respuestaNoValida }).nullish(),
});

const coordinate = (limit: number) =>
  z.coerce
    .number({ error: MSG.coordenadaNoValida })
    .min(-limit, { error: MSG.coordenadaNoValida })
    .max(limit, { error: MSG.coordenadaNoValida })
    .nullish();

/**
 * The fields of the Fotos Drone form (multipart, with the photos as `archivos`). The phone's
 * position is both coordinates or neither: photos go without one when the phone has none (its
 * location off or denied), never with half of one.
 */
export const dronePhotoFieldsSchema = z
  .object({ clientId, latitud: coordinate(90), longitud: coordinate(180) })
  .refine((f) => (f.latitud == null) === (f.longitud == null), {
    error: MSG.coordenadaNoValida,
    path: ['longitud'],
  });

/** The answer to a send: the message as stored (the same one again for a repeated clientId). */
export const chatSendResponse = z.object({ mensaje: chatMessageResponse, repetido: z.boolean() });
export type ChatSendResult = z.infer<typeof chatSendResponse>;

/** Fotos Drone: the message that carries the photos, and the spec's success text. */
export const dronePhotosResponse = z.object({ mensaje: chatMessageResponse, message: z.string() });

/** PUT /api/casos/{id}/chats/{tipo}/bloqueo: open (Desbloquear) or close (Bloquear) the room. */
export const chatBlockSchema = z.object({ abierto: z.boolean({ error: MSG.parametroNoValido }) });
export const chatBlockResponse = z.object({ abierto: z.boolean(), message: z.string() });

/** POST /api/casos/{id}/chats/{tipo}/leidos: the viewer read up to this message. */
export const chatReadSchema = z.object({
  hasta: z.number({ error: MSG.parametroNoValido }).int().min(0).max(2_147_483_647),
});
export const chatReadResponse = z.object({ noLeidos: z.number() });

/** GET /api/chats/no-leidos?casos=a,b: the viewer's unread messages per case and room. */
export const chatUnreadResponse = z.record(z.string(), z.record(z.string(), z.number()));
export type ChatUnread = z.infer<typeof chatUnreadResponse>;
