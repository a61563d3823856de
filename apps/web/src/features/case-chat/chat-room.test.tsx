import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  LABELS,
  MSG,
  fmt,
  fmtCount,
  type ChatMessage,
  type ChatPage,
  type ChatRoom as Sala,
  type LiveEvent,
  type Me,
} from '@vialex/domain';
import { ChatRoom } from './chat-room';
import { chatOutbox } from './chat-outbox';
import { chatRoomKey } from '../../lib/chat-keys';
import { type RoomData } from './use-chat-room';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

const T = LABELS.chat;
const CASE = 'c1';
const ME = 'u-me';

const sala = (over: Partial<Sala> = {}): Sala => ({
  id: 'r1',
  tipo: 'general',
  nombre: MSG.chatEnProceso,
  topic: 'chat:r1',
  abierto: true,
  miembros: [
    { id: ME, username: 'Ana Ruiz 1020 [Investigador]', estado: 'online' },
    { id: 'u2', username: 'Luis Gil 5566 [Abogado]', estado: 'online' },
    { id: 'u3', username: 'Eva Paz 7788 [Call Center]', estado: 'offline' },
  ],
  yo: ME,
  ultimo: 3,
  entregadoHasta: 2,
  vistoHasta: 1,
  noLeidos: 0,
  soloArchivos: false,
  acciones: { enviar: { allowed: true }, verArchivos: true, bloquear: false, fotosDrone: true },
  ...over,
});

const msg = (indexId: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${indexId}`,
  indexId,
  senderId: ME,
  username: 'Ana Ruiz 1020 [Investigador]',
  // 15:04 UTC is 10:04 in Bogotá.
  fecha: `2026-03-0${indexId}T15:04:00.000Z`,
  content: `mensaje ${indexId}`,
  files: [],
  reply: null,
  clientId: null,
  system: false,
  dron: null,
  ...over,
});

let page: ChatPage;
let api: FakeApi;
const ROOM = `/api/casos/${CASE}/chats/general`;
const SEND = `POST ${ROOM}/mensajes`;

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  page = {
    sala: sala(),
    mensajes: [msg(1), msg(2), msg(3, { senderId: 'u2', username: 'Luis Gil 5566 [Abogado]' })],
    hayMas: false,
  };
  api = fakeApi(
    {
      [SEND]: (req) => {
        const body = req.body as { clientId: string; content: string };
        return json({ mensaje: msg(4, { content: body.content, clientId: body.clientId }), repetido: false });
      },
    },
    (req) => {
      if (req.method === 'GET' && req.url.startsWith(`${ROOM}?`)) return json(page);
      if (req.method === 'POST' && req.url.endsWith('/leidos')) return json({ noLeidos: 0 });
    },
  );
});
afterEach(async () => {
  for (const e of chatOutbox.entries()) await chatOutbox.discard(e.clientId);
});

function renderRoom(cargo: Me['cargo'] = 'Investigador') {
  return renderWithApp(<ChatRoom caseId={CASE} tipo="general" />, { user: { id: ME, cargo } as Me });
}

/** A room's live channel for a screen given its source: what it listens to, and `emit` to send it an event. */
function roomChannel() {
  const listeners = new Set<(event: LiveEvent, topic: string) => void>();
  /** The marks the screen sent over the socket; `open` false: it could not send them. */
  const marks: [string, number, boolean][] = [];
  const state = { open: true };
  const channel = {
    subscribe: () => () => undefined,
    on: (_topic: string, listener: (event: LiveEvent, topic: string) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    mark: (topic: string, hasta: number, leido: boolean) => {
      if (state.open) marks.push([topic, hasta, leido]);
      return state.open;
    },
  };
  const emit = (event: LiveEvent) => listeners.forEach((l) => l(event, 'chat:r1'));
  return { listeners, channel, emit, marks, state };
}

/**
 * The viewer's general room of `caseId` on screen over `live`, once its first page shows and it
 * follows the room's topic.
 */
async function openLiveRoom(caseId: string, room: string, live: ReturnType<typeof roomChannel>) {
  const rendered = renderWithApp(
    <ChatRoom caseId={caseId} tipo="general" source={{ path: room, live: live.channel, viewer: ME }} />,
    { user: { id: ME, cargo: 'Investigador' } as Me },
  );
  await screen.findAllByTestId('chat-message');
  await waitFor(() => expect(live.listeners.size).toBeGreaterThan(0));
  return rendered;
}

/** The reads of the room the screen has made (each GET of a page of `room`). */
const roomReads = (room: string) => api.calls.filter((r) => r.method === 'GET' && r.url.startsWith(`${room}?`)).length;

// The first render of the room (MUI, the whole feature) takes seconds on a loaded machine.
describe('ChatRoom', { timeout: 20_000 }, () => {
  it('shows the room: its name, who is online, the messages with sender, Bogotá time and the own ticks', async () => {
    renderRoom();
    const messages = await screen.findAllByTestId('chat-message');
    // Named for who is in it, and the general room says the client reads it.
    expect(screen.getByRole('heading', { name: T.salas.general })).toBeInTheDocument();
    expect(screen.getByTestId('chat-client-reads')).toHaveTextContent(T.clienteLee);
    expect(screen.getByTestId('chat-online')).toHaveTextContent('1 en línea · Luis Gil 5566 [Abogado]');
    expect(messages).toHaveLength(3);
    expect(within(messages[0]).getByTestId('chat-username')).toHaveTextContent('Ana Ruiz 1020 [Investigador]');
    expect(within(messages[0]).getByTestId('chat-time')).toHaveTextContent('01/03/2026 10:04');
    // Own messages: 1 seen, 2 delivered; the other's message has no ticks and sits on the left.
    expect(within(messages[0]).getByTestId('chat-ticks-visto')).toBeInTheDocument();
    expect(within(messages[1]).getByTestId('chat-ticks-entregado')).toBeInTheDocument();
    expect(messages[0]).toHaveAttribute('data-own', 'true');
    expect(messages[2]).toHaveAttribute('data-own', 'false');
    expect(within(messages[2]).queryByRole('img', { name: T.visto })).toBeNull();
    // The Investigador's drone button in the general room; no block button here.
    expect(screen.getByTestId('drone-button')).toHaveTextContent(T.fotosDrone);
    expect(screen.queryByTestId('chat-block')).toBeNull();
  });

  it('sends a text through the outbox with a clientId, then shows the stored message with one tick', async () => {
    renderRoom();
    await screen.findAllByTestId('chat-message');
    fireEvent.change(screen.getByRole('textbox', { name: T.mensaje }), { target: { value: 'Llegué al sitio' } });
    fireEvent.click(screen.getByRole('button', { name: T.enviar }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    const send = api.calls.filter((r) => r.method === 'POST' && r.url.endsWith('/mensajes'));
    expect(send).toHaveLength(1);
    expect(send[0].body).toMatchObject({ content: 'Llegué al sitio' });
    expect((send[0].body as { clientId: string }).clientId).toMatch(/^[0-9a-f-]{36}$/);
    const last = screen.getAllByTestId('chat-message')[3];
    expect(last).toHaveTextContent('Llegué al sitio');
    expect(within(last).getByTestId('chat-ticks-guardado')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-message-pending')).toBeNull();
  });

  it('a message half written survives the room leaving the screen (another tab of the case) and goes once sent', async () => {
    const first = renderRoom();
    await screen.findAllByTestId('chat-message');
    fireEvent.change(screen.getByRole('textbox', { name: T.mensaje }), { target: { value: 'Voy en camino' } });
    first.unmount();

    const again = renderRoom();
    await screen.findAllByTestId('chat-message');
    expect(screen.getByRole('textbox', { name: T.mensaje })).toHaveValue('Voy en camino');
    fireEvent.click(screen.getByRole('button', { name: T.enviar }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    expect(screen.getByRole('textbox', { name: T.mensaje })).toHaveValue('');
    again.unmount();

    renderRoom();
    await screen.findAllByTestId('chat-message');
    expect(screen.getByRole('textbox', { name: T.mensaje })).toHaveValue('');
  });

  it('offline, a message shows pending with its clock and is sent once when the connection returns', async () => {
    renderRoom();
    await screen.findAllByTestId('chat-message');
    online = false;
    fireEvent.change(screen.getByRole('textbox', { name: T.mensaje }), { target: { value: 'sin señal' } });
    fireEvent.click(screen.getByRole('button', { name: T.enviar }));
    const pending = await screen.findByTestId('chat-message-pending');
    expect(pending).toHaveTextContent('sin señal');
    expect(within(pending).getByTestId('chat-pending')).toBeInTheDocument();
    expect(within(pending).getByTestId('chat-time')).toHaveTextContent(T.pendiente);
    expect(api.calls.some((r) => r.url.endsWith('/mensajes'))).toBe(false);

    online = true;
    chatOutbox.wake();
    await waitFor(() => expect(screen.queryByTestId('chat-message-pending')).toBeNull());
    expect(api.calls.filter((r) => r.url.endsWith('/mensajes'))).toHaveLength(1);
    expect(screen.getAllByTestId('chat-message').at(-1)).toHaveTextContent('sin señal');
  });

  it("a refused send says the server's message in a toast and on the message", async () => {
    api.on({ [SEND]: () => json({ statusCode: 403, code: 'FORBIDDEN', message: MSG.chatRolNoAutorizado }, 403) });
    renderRoom();
    await screen.findAllByTestId('chat-message');
    fireEvent.change(screen.getByRole('textbox', { name: T.mensaje }), { target: { value: 'hola' } });
    fireEvent.click(screen.getByRole('button', { name: T.enviar }));
    expect(await screen.findByTestId('chat-error-toast')).toHaveTextContent(MSG.chatRolNoAutorizado);
    expect(screen.getByTestId('chat-refused')).toHaveTextContent(MSG.chatRolNoAutorizado);
  });

  it('where a cargo only reads the room, the composer is replaced by what the room is for', async () => {
    page = {
      ...page,
      sala: sala({
        acciones: {
          enviar: { allowed: false, message: MSG.chatRolNoAutorizado },
          verArchivos: true,
          bloquear: false,
          fotosDrone: false,
        },
      }),
    };
    renderRoom('Abogado CAIT');
    expect(await screen.findByTestId('chat-read-only')).toHaveTextContent(T.soloLectura);
    expect(screen.queryByTestId('chat-refusal')).toBeNull();
    expect(screen.queryByRole('textbox', { name: T.mensaje })).toBeNull();
    expect(screen.queryByTestId('drone-button')).toBeNull();
  });

  it('the driver is not among those online in their own room, before they have written anything', async () => {
    const CLIENTE = 'cli-7';
    page = {
      sala: sala({
        yo: CLIENTE,
        miembros: [
          { id: CLIENTE, username: 'Carlos Ramírez [Cliente]', estado: 'online' },
          { id: 'u2', username: 'Luis Gil 5566 [Abogado]', estado: 'offline' },
        ],
      }),
      mensajes: [msg(1, { senderId: 'u2', username: 'Luis Gil 5566 [Abogado]' })],
      hayMas: false,
    };
    const live = { subscribe: () => () => undefined, on: () => () => undefined, mark: () => true };
    renderWithApp(
      <ChatRoom
        caseId={CASE}
        tipo="general"
        source={{ path: `/api/casos/${CASE}/chats/general`, live, viewer: `cliente:${CASE}` }}
      />,
    );
    await screen.findAllByTestId('chat-message');
    expect(screen.getByTestId('chat-online')).toHaveTextContent(fmt(T.enLineaN, { n: 0 }));
    expect(screen.getByTestId('chat-online')).not.toHaveTextContent('Carlos');
  });

  it('an empty room says so; older pages are asked for with antes', async () => {
    page = { ...page, mensajes: [] };
    const { unmount } = renderRoom();
    expect(await screen.findByTestId('chat-empty')).toHaveTextContent(T.sinMensajes);
    unmount();

    page = { sala: sala(), mensajes: [msg(51), msg(52)], hayMas: true };
    renderRoom();
    await screen.findAllByTestId('chat-message');
    page = { sala: sala(), mensajes: [msg(49), msg(50)], hayMas: false };
    fireEvent.click(screen.getByRole('button', { name: T.cargarAnteriores }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    expect(api.calls.some((r) => r.url.includes('antes=51'))).toBe(true);
    expect(screen.queryByRole('button', { name: T.cargarAnteriores })).toBeNull();
  });

  it('an older page that comes in while the room is being caught up stays (the catch-up adds to what is held then)', async () => {
    page = { sala: sala({ ultimo: 52 }), mensajes: [msg(51), msg(52)], hayMas: true };
    const { queryClient } = renderRoom();
    await screen.findAllByTestId('chat-message');

    // A catch-up read (a live event, the connection back) whose answer is slow to come.
    let answerCatchUp!: () => void;
    const catchUpAnswered = new Promise<void>((resolve) => (answerCatchUp = resolve));
    api.on(async (req) => {
      if (req.url.includes('despues=52')) {
        await catchUpAnswered;
        return json({ sala: sala({ ultimo: 53 }), mensajes: [msg(53)], hayMas: false });
      }
    });
    void queryClient.invalidateQueries({ queryKey: chatRoomKey(CASE, 'general'), exact: true });
    await waitFor(() => expect(api.calls.some((r) => r.url.includes('despues=52'))).toBe(true));

    // Meanwhile the viewer scrolls up and the older page arrives first.
    page = { sala: sala({ ultimo: 52 }), mensajes: [msg(49), msg(50)], hayMas: false };
    fireEvent.click(screen.getByRole('button', { name: T.cargarAnteriores }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));

    answerCatchUp();
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(5));
    expect(screen.getAllByTestId('chat-content').map((c) => c.textContent)).toEqual(
      [49, 50, 51, 52, 53].map((n) => `mensaje ${n}`),
    );
    expect(screen.queryByRole('button', { name: T.cargarAnteriores })).toBeNull();
  });

  it("Fotos Drone: 'Archivos required' when saved with none, images only", async () => {
    renderRoom();
    fireEvent.click(await screen.findByTestId('drone-button'));
    const dialog = await screen.findByRole('dialog', { name: T.fotosDrone });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.guardar }));
    expect(await within(dialog).findByTestId('drone-error')).toHaveTextContent(MSG.archivosRequeridos);
    const pdf = new File(['%PDF'], 'acta.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByTestId('drone-file-input'), { target: { files: [pdf] } });
    expect(within(dialog).getByTestId('drone-error')).toHaveTextContent(MSG.soloImagenes);
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.cancelar }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it(`the block button reads ${MSG.bloquearChat} while open and asks ${MSG.seguro} first`, async () => {
    page = {
      ...page,
      sala: sala({ acciones: { enviar: { allowed: true }, verArchivos: true, bloquear: true, fotosDrone: false } }),
    };
    renderRoom();
    fireEvent.click(await screen.findByRole('button', { name: MSG.bloquearChat }));
    expect(await screen.findByRole('dialog', { name: MSG.seguro })).toBeInTheDocument();
  });

  it("a Perito in the general room reads 'Solo lectura' (no refusal), and an empty room says what will appear", async () => {
    page = {
      ...page,
      mensajes: [],
      sala: sala({
        soloArchivos: true,
        acciones: {
          enviar: { allowed: false, message: MSG.chatRolNoAutorizado },
          verArchivos: true,
          bloquear: false,
          fotosDrone: false,
        },
      }),
    };
    renderRoom('Perito');
    expect(await screen.findByTestId('chat-read-only')).toHaveTextContent(T.soloLecturaArchivos);
    expect(screen.queryByTestId('chat-refusal')).toBeNull();
    expect(screen.queryByRole('textbox', { name: T.mensaje })).toBeNull();
    expect(screen.getByTestId('chat-empty')).toHaveTextContent(T.sinMensajesArchivos);
  });

  it("a closed room's refusal stays a refusal, and its empty state says it opens when the investigator opens it", async () => {
    page = {
      ...page,
      mensajes: [],
      sala: sala({
        abierto: false,
        acciones: {
          enviar: { allowed: false, message: MSG.chatBloqueadoInvestigador },
          verArchivos: true,
          bloquear: false,
          fotosDrone: false,
        },
      }),
    };
    renderRoom('Abogado');
    expect(await screen.findByTestId('chat-refusal')).toHaveTextContent(MSG.chatBloqueadoInvestigador);
    expect(screen.getByTestId('chat-empty')).toHaveTextContent(T.sinMensajesCerrada);
  });

  it("'Miembros de la sala' lists every member with whether they are online", async () => {
    renderRoom();
    await screen.findAllByTestId('chat-message');
    // The badge's count is in the button's name.
    fireEvent.click(screen.getByRole('button', { name: `${T.miembros} · ${fmtCount(T.miembrosN, 3)}` }));
    const list = await screen.findByTestId('chat-members');
    expect(within(list).getByText(new RegExp(T.miembros))).toBeInTheDocument();
    const members = within(list).getAllByTestId('chat-member');
    expect(members.map((m) => m.textContent)).toEqual([
      `Ana Ruiz 1020 [Investigador]${T.enLinea}`,
      `Luis Gil 5566 [Abogado]${T.enLinea}`,
      `Eva Paz 7788 [Call Center]${T.desconectado}`,
    ]);
  });

  it("a message sent after another member's the screen has not read yet: the next read brings that one too", async () => {
    const caseId = 'c-gap';
    const room = `/api/casos/${caseId}/chats/general`;
    const live = roomChannel();
    const { listeners } = live;
    const other = { senderId: 'u2', username: 'Luis Gil 5566 [Abogado]' };
    api.on((req) => {
      if (req.method === 'POST' && req.url === `${room}/mensajes`) {
        // Luis's message 4 was stored first; its live event has not reached this screen yet.
        const body = req.body as { clientId: string; content: string };
        return json({ mensaje: msg(5, { content: body.content, clientId: body.clientId }), repetido: false });
      }
      if (req.method !== 'GET' || !req.url.startsWith(`${room}?`)) return;
      if (req.url.includes('despues=3'))
        return json({
          sala: sala({ ultimo: 5 }),
          mensajes: [msg(4, other), msg(5, { content: 'Ya llegué' })],
          hayMas: false,
        });
      return json(page);
    });
    const { queryClient } = await openLiveRoom(caseId, room, live);

    fireEvent.change(screen.getByRole('textbox', { name: T.mensaje }), { target: { value: 'Ya llegué' } });
    fireEvent.click(screen.getByRole('button', { name: T.enviar }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    // The room's number stays at the last one read: message 4 is still to come.
    expect(queryClient.getQueryData<RoomData>(chatRoomKey(caseId, 'general'))?.sala.ultimo).toBe(3);

    listeners.forEach((l) => l({ name: 'chat.message', roomId: 'r1', indexId: 4 }, 'chat:r1'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(5));
    expect(screen.getAllByTestId('chat-content').map((c) => c.textContent)).toEqual([
      'mensaje 1',
      'mensaje 2',
      'mensaje 3',
      'mensaje 4',
      'Ya llegué',
    ]);
    expect(api.calls.some((r) => r.url.includes('despues=3'))).toBe(true);
  });

  it('a screen at the newest message catches up and marks the room read in one request', async () => {
    const caseId = 'c-leido';
    const room = `/api/casos/${caseId}/chats/general`;
    const live = roomChannel();
    const { listeners } = live;
    const other = { senderId: 'u2', username: 'Luis Gil 5566 [Abogado]' };
    api.on((req) => {
      if (req.method !== 'GET' || !req.url.startsWith(`${room}?`)) return;
      if (req.url.includes('despues=3')) {
        // What the server answers a read that marks: nothing left unread.
        const noLeidos = req.url.includes('leido=1') ? 0 : 1;
        return json({ sala: sala({ ultimo: 4, noLeidos }), mensajes: [msg(4, other)], hayMas: false });
      }
      return json(page);
    });
    const { queryClient } = await openLiveRoom(caseId, room, live);
    queryClient.setQueryData(['chat-no-leidos', caseId], { general: 1, perito: 0 });

    listeners.forEach((l) => l({ name: 'chat.message', roomId: 'r1', indexId: 4 }, 'chat:r1'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    const catchUp = api.calls.filter((r) => r.method === 'GET' && r.url.includes('despues=3'));
    expect(catchUp.map((r) => new URL(r.url, 'http://x').searchParams.get('leido'))).toEqual(['1']);
    // The tabs' badge from the answer; no mark of its own.
    await waitFor(() =>
      expect(queryClient.getQueryData(['chat-no-leidos', caseId])).toEqual({ general: 0, perito: 0 }),
    );
    expect(api.calls.filter((r) => r.url.startsWith(`${room}/leidos`))).toHaveLength(0);
  });

  it('a message its event carries shows at once, with no read: its receipt and read go back over the socket', async () => {
    const caseId = 'c-carried';
    const room = `/api/casos/${caseId}/chats/general`;
    const live = roomChannel();
    const { emit, marks } = live;
    api.on((req) => (req.method === 'GET' && req.url.startsWith(`${room}?`) ? json(page) : undefined));
    const { queryClient } = await openLiveRoom(caseId, room, live);
    queryClient.setQueryData(['chat-no-leidos', caseId], { general: 1, perito: 0 });
    // Anything after the first page: a catch-up read or a read mark.
    const reads = () => api.calls.filter((r) => r.url.startsWith(room)).slice(1);

    const carried = msg(4, { senderId: 'u2', username: 'Luis Gil 5566 [Abogado]', content: 'Voy llegando' });
    emit({ name: 'chat.message', roomId: 'r1', indexId: 4, mensaje: carried });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    expect(screen.getAllByTestId('chat-content').at(-1)).toHaveTextContent('Voy llegando');
    // Received and read (the newest message is in view), said over the socket: no request.
    expect(marks).toEqual([['chat:r1', 4, true]]);
    expect(reads()).toEqual([]);
    expect(queryClient.getQueryData<RoomData>(chatRoomKey(caseId, 'general'))?.sala).toMatchObject({
      ultimo: 4,
      noLeidos: 0,
    });
    await waitFor(() =>
      expect(queryClient.getQueryData(['chat-no-leidos', caseId])).toEqual({ general: 0, perito: 0 }),
    );
  });

  it('a carried message after one the screen missed, or with no socket to mark it on, is read instead', async () => {
    const caseId = 'c-carried-gap';
    const room = `/api/casos/${caseId}/chats/general`;
    const live = roomChannel();
    const { emit, marks, state } = live;
    const other = { senderId: 'u2', username: 'Luis Gil 5566 [Abogado]' };
    api.on((req) => {
      if (req.method !== 'GET' || !req.url.startsWith(`${room}?`)) return;
      if (req.url.includes('despues=3'))
        return json({ sala: sala({ ultimo: 5 }), mensajes: [msg(4, other), msg(5, other)], hayMas: false });
      if (req.url.includes('despues=5'))
        return json({ sala: sala({ ultimo: 6 }), mensajes: [msg(6, other)], hayMas: false });
      return json(page);
    });
    await openLiveRoom(caseId, room, live);
    // Message 4's event never came: 5 does not follow what the screen holds.
    emit({ name: 'chat.message', roomId: 'r1', indexId: 5, mensaje: msg(5, other) });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(5));
    expect(api.calls.some((r) => r.url.includes('despues=3&'))).toBe(true);
    // The socket closed as 6 came: it could not say so, so the read does it.
    state.open = false;
    emit({ name: 'chat.message', roomId: 'r1', indexId: 6, mensaje: msg(6, other) });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(6));
    expect(api.calls.some((r) => r.url.includes('despues=5&'))).toBe(true);
    expect(marks).toEqual([]);
  });

  it("another member's marks that come while a read is out stay: the read's header, read before them, does not take them back", async () => {
    const caseId = 'c-marks-race';
    const room = `/api/casos/${caseId}/chats/general`;
    const live = roomChannel();
    const { emit } = live;
    let release: () => void = () => undefined;
    api.on((req) => {
      if (req.method !== 'GET' || !req.url.startsWith(`${room}?`)) return;
      if (!req.url.includes('despues=')) return json(page);
      // The viewer's own message 4, as the server read it before the other member saw it.
      const answer = { sala: sala({ ultimo: 4, entregadoHasta: 3, vistoHasta: 3 }), mensajes: [msg(4)], hayMas: false };
      return new Promise<Response>((resolve) => (release = () => resolve(json(answer))));
    });
    const { queryClient } = await openLiveRoom(caseId, room, live);
    // The own message's event comes before the send's answer: a read goes out.
    emit({ name: 'chat.message', roomId: 'r1', indexId: 4 });
    await waitFor(() => expect(api.calls.some((r) => r.url.includes('despues=3'))).toBe(true));
    // The other member reads it meanwhile: their marks come in their event.
    emit({ name: 'chat.room', roomId: 'r1', marcas: { de: 'u2', recibidoHasta: 4, leidoHasta: 4 } });
    release();
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(queryClient.getQueryData<RoomData>(chatRoomKey(caseId, 'general'))?.sala).toMatchObject({
      entregadoHasta: 4,
      vistoHasta: 4,
    });
    expect(within(screen.getAllByTestId('chat-message')[3]!).getByTestId('chat-ticks-visto')).toBeInTheDocument();
  });

  it('reads the room once more after a burst of live events, not once per event', async () => {
    // Its own case: the room's source (the live channel below) is kept per case and room.
    const caseId = 'c-burst';
    const room = `/api/casos/${caseId}/chats/general`;
    const live = roomChannel();
    const { emit } = live;
    let release: () => void = () => undefined;
    let held = false;
    api.on((req) => {
      if (req.method !== 'GET' || !req.url.startsWith(`${room}?`)) return;
      if (!held) return json(page);
      return new Promise<Response>((resolve) => (release = () => resolve(json(page))));
    });
    const reads = () => roomReads(room);
    const { queryClient } = await openLiveRoom(caseId, room, live);
    expect(reads()).toBe(1);

    // A message from another member: one read, held out while the marks it moves come in.
    held = true;
    page = { ...page, sala: sala({ ultimo: 4 }), mensajes: [...page.mensajes, msg(4, { senderId: 'u2' })] };
    emit({ name: 'chat.message', roomId: 'r1', indexId: 4 });
    await waitFor(() => expect(reads()).toBe(2));
    for (let i = 0; i < 6; i++) emit({ name: 'chat.room', roomId: 'r1' });
    expect(reads()).toBe(2);
    held = false;
    release();
    await waitFor(() => expect(reads()).toBe(3));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(reads()).toBe(3);

    // Marks come with their event and go into the header with no read: another member's are the
    // ticks of the viewer's messages; the viewer's own (their receipt, their read) show nothing.
    const ownSecond = () => screen.getAllByTestId('chat-message')[1]!;
    expect(within(ownSecond()).getByTestId('chat-ticks-entregado')).toBeInTheDocument();
    emit({ name: 'chat.room', roomId: 'r1', marcas: { de: ME, recibidoHasta: 4, leidoHasta: 4 } });
    emit({ name: 'chat.room', roomId: 'r1', marcas: { de: 'u2', recibidoHasta: 4, leidoHasta: 2 } });
    await waitFor(() => expect(within(ownSecond()).getByTestId('chat-ticks-visto')).toBeInTheDocument());
    expect(queryClient.getQueryData<RoomData>(chatRoomKey(caseId, 'general'))?.sala).toMatchObject({
      entregadoHasta: 4,
      vistoHasta: 2,
    });
    expect(reads()).toBe(3);
  });

  it("a member's presence comes in its event: the header shows it with no read, the viewer's own entering reads nothing, a new member is read", async () => {
    const caseId = 'c-presence';
    const room = `/api/casos/${caseId}/chats/general`;
    const live = roomChannel();
    const { emit } = live;
    api.on((req) => (req.method === 'GET' && req.url.startsWith(`${room}?`) ? json(page) : undefined));
    const reads = () => roomReads(room);
    const { queryClient } = await openLiveRoom(caseId, room, live);
    const online = () => screen.getByTestId('chat-online');
    expect(online()).toHaveTextContent('[Abogado]');
    expect(online()).not.toHaveTextContent('[Call Center]');
    expect(reads()).toBe(1);

    emit({ name: 'chat.room', roomId: 'r1', presencia: { de: ME, estado: 'online' } });
    emit({ name: 'chat.room', roomId: 'r1', presencia: { de: 'u3', estado: 'online' } });
    emit({ name: 'chat.room', roomId: 'r1', presencia: { de: 'u2', estado: 'offline' } });
    await waitFor(() => expect(online()).toHaveTextContent('[Call Center]'));
    expect(online()).not.toHaveTextContent('[Abogado]');
    expect(reads()).toBe(1);

    // Someone the header does not list yet: their name and photo come with a read.
    emit({ name: 'chat.room', roomId: 'r1', presencia: { de: 'u4', estado: 'online' } });
    await waitFor(() => expect(reads()).toBe(2));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });
});
