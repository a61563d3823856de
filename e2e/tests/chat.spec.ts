import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CHAT_PAGE_SIZE, LABELS, MSG, fmt, fmtCount } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  createCaseAs,
  expect,
  expectNoSideScroll,
  signIn,
  signOut,
  test,
  uniquePlate,
  type AsUser,
} from '../support';
import { SHOTS_WANTED, STAFF_LIVE_SOCKET } from '../support/ui';
import { answerTiles, readMap } from '../support/map';

const T = LABELS.chat;
const SHOTS = '/tmp/chat-shots';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A 64×48 PNG (the server checks images by content and renders their previews). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSDlsScF9FYF2M8/sAAOhY+T5O6AQuwviK7kHdJ3YAFWF+RXci7pG7AAqyvyC7kXVI3YAHWV2QX8i6pG7AA6yuyC3mX1A1YgPUV2YW8S+oGLMD6iuxC3iV1AxZgfUV2Ie+SugELsL4iu5B3Sd2AxwN+UX1o8ehqlvIAAAAASUVORK5CYII=',
  'base64',
);
const DESK = { viewport: { width: 1280, height: 800 } } as const;
/** A message on the other screen this soon came live (no reload, no poll: the room has neither). */
const LIVE_WITHIN_MS = 5_000;

/** Saves /tmp/chat-shots/<name>.png once the page's finite animations have ended. */
async function chatShot(page: Page, name: string): Promise<void> {
  if (!SHOTS_WANTED) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

const room = (page: Page) => page.getByTestId('chat-room');
const ROOM_OF = { chat: 'general', chat_perito: 'perito', chat_dibujante: 'dibujante' } as const;
const messages = (page: Page) => page.getByTestId('chat-message');
const composer = (page: Page) => page.getByRole('textbox', { name: T.mensaje });

/** Opens a case's room tab and waits for the room (its messages read, the live topic asked for). */
/** Opens a room; `as`: signs in as that user straight onto it (one load of the app). */
async function openRoom(
  page: Page,
  caseId: string,
  tab: 'chat' | 'chat_perito' | 'chat_dibujante' = 'chat',
  as?: string,
) {
  const url = `/gestionar-caso/${caseId}/${tab}`;
  if (as) await signIn(page, as, { at: url });
  else await page.goto(url);
  await expect(room(page)).toBeVisible();
  // Each room named for who is in it.
  await expect(room(page).getByRole('heading', { name: T.salas[ROOM_OF[tab]] })).toBeVisible();
}

async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/**
 * On a phone, what is shown above the case (a banner, the location warning) takes its room off
 * the room's height: it stays on the screen, the case's header (its way back) under it, the
 * composer above the bottom bar.
 */
async function expectRoomFitsUnder(page: Page, above: Locator) {
  await expect(above).toBeInViewport({ ratio: 1 });
  const bottomOf = async (l: Locator) => ((b) => b.y + b.height)((await l.boundingBox())!);
  await expect
    .poll(async () => (await page.getByTestId('workspace-header').boundingBox())!.y)
    .toBeGreaterThanOrEqual(await bottomOf(above));
  expect(await bottomOf(composer(page))).toBeLessThanOrEqual(
    (await page.getByTestId('workspace-bottom-nav').boundingBox())!.y,
  );
}

/**
 * A new case the administrator assigns to the demo Investigador (whose scope is their own cases),
 * optionally with an expert requested by the Investigador (an RC PUBLICO plate: its plan allows
 * it). Only agents at work are offered, so the Investigador is signed in (API) meanwhile, and
 * signed out before the test signs them in a browser.
 */
async function investigatorsCase(
  asUser: AsUser,
  apiAs: (email: string) => Promise<APIRequestContext>,
  { perito = false } = {},
) {
  const c = await createCaseAs(asUser, { placa: perito ? 'TAX123' : uniquePlate('K') });
  const inv = await apiAs(DEMO.investigador);
  const usuario = ((await (await inv.get('/api/auth/me')).json()) as { id: string }).id;
  await asUser(DEMO.administrador, async (api) => {
    const res = await api.post(`/api/casos/${c.id}/asignar`, { data: { tipo: 'Investigador', usuario } });
    expect(res.ok(), await res.text()).toBeTruthy();
  });
  if (perito) {
    const res = await inv.post(`/api/casos/${c.id}/solicitar`, { data: { tipo: 'Perito' } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await signOut(inv);
  return c;
}

/** The messages of a room with this text, as the API reads them (to count arrivals). */
async function countInRoom(asUser: AsUser, caseId: string, text: string): Promise<number> {
  return asUser(DEMO.administrador, async (api) => {
    const res = await api.get(`/api/casos/${caseId}/chats/general?q=${encodeURIComponent(text)}`);
    expect(res.ok(), await res.text()).toBeTruthy();
    const page = (await res.json()) as { mensajes: { content: string }[] };
    return page.mensajes.filter((m) => m.content === text).length;
  });
}

test.describe('desk', () => {
  test.use(DESK);

  test('a message typed in one browser reaches another user’s browser live; replies, ticks and presence', async ({
    page,
    openContext,
    asUser,
  }) => {
    const { id } = await createCaseAs(asUser, { placa: uniquePlate('Q') });
    await openRoom(page, id, 'chat', DEMO.callCenter);
    await expect(page.getByTestId('chat-empty')).toHaveText(new RegExp(T.sinMensajes));
    await chatShot(page, 'desk-empty-room');

    const admin = await (await openContext(DESK)).newPage();
    await openRoom(admin, id, 'chat', DEMO.administrador);
    // The administrator's open room is their presence: the call center sees them online.
    await expect(page.getByTestId('chat-online')).toContainText('[Administrador]');

    // Timed in the browsers (their clocks are this machine's), not by polling from the test: from
    // just before Enter in one to the message on screen in the other.
    const text = `Cliente en camino ${Date.now()}`;
    const arrived = admin.evaluate(
      (t) =>
        new Promise<number>((resolve) => {
          const found = () =>
            Array.from(document.querySelectorAll('[data-testid="chat-message"]')).some((e) =>
              e.textContent?.includes(t),
            );
          if (found()) return resolve(Date.now());
          const watch = new MutationObserver(() => {
            if (!found()) return;
            watch.disconnect();
            resolve(Date.now());
          });
          watch.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      text,
    );
    const countReads = () =>
      admin.evaluate(
        () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/chats/no-leidos')).length,
      );
    // The tabs read the counts once as the workspace opened.
    await expect.poll(countReads).toBeGreaterThan(0);
    const countsBefore = await countReads();
    const roomReads = () =>
      admin.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('despues=')).length);
    const roomReadsBefore = await roomReads();
    // A text goes on the live socket the app holds, not as a request of its own.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/mensajes')) posts.push(r.url());
    });
    await composer(page).fill(text);
    const sentAt = await page.evaluate(() => Date.now());
    await composer(page).press('Enter');
    const latency = (await arrived) - sentAt;
    test.info().annotations.push({ type: 'message latency', description: `${latency} ms` });
    // The staff app never polls a room: a message shown without a reload came over the live
    // channel. How fast is the chat benchmark's budget (p99 ≤ 100 ms to 1,000 sockets), not a
    // browser's on a machine this suite keeps busy (1.6 s seen with every core taken).
    expect(latency).toBeLessThan(LIVE_WITHIN_MS);
    const received = messages(admin).filter({ hasText: text });
    await expect(received).toHaveAttribute('data-own', 'false');
    await expect(received.getByTestId('chat-username')).toContainText('[Call Center]');
    await expect(received.getByTestId('chat-time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    // The administrator has it on screen: the call center's message turns seen (read mark). It
    // came in its live event, and their screen, at the newest message, said so over the socket:
    // no read of the room.
    const sent = messages(page).filter({ hasText: text });
    await expect(sent).toHaveAttribute('data-own', 'true');
    await expect(sent.getByTestId('chat-ticks-visto')).toBeVisible();
    expect(await roomReads()).toBe(roomReadsBefore);
    expect(posts).toEqual([]);

    // A reply quotes the message it answers.
    await received.getByRole('button', { name: T.responder }).click();
    await expect(admin.getByTestId('chat-replying')).toContainText(text);
    await say(admin, 'Recibido, gracias');
    const reply = messages(page).filter({ hasText: 'Recibido, gracias' });
    await expect(reply.getByTestId('chat-quote')).toContainText(text);
    await expect(reply).toHaveAttribute('data-own', 'false');
    // The unread event named the room the administrator had on screen: its read gave the tab's
    // count, and the case's counts were not read again.
    expect(await countReads()).toBe(countsBefore);

    // Search within the room.
    await page.getByRole('button', { name: T.buscar }).click();
    await page.getByRole('textbox', { name: T.buscar }).fill('gracias');
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page)).toContainText('Recibido, gracias');
    await page.getByRole('button', { name: T.cerrarBusqueda }).click();
    await expect(messages(page)).toHaveCount(2);
    await chatShot(page, 'desk-room-with-messages');

    // The administrator leaves the room (Información): a new message counts as unread on the chat
    // tab and in the case list, and is read again on coming back.
    await admin.getByRole('tab', { name: LABELS.espacio.pestanas.informacion }).click();
    await expect(page.getByTestId('chat-online')).toHaveText(fmt(T.enLineaN, { n: 0 }));
    await say(page, 'Otro mensaje');
    const badge = admin.getByTestId('tab-chat').getByTestId('chat-unread-badge');
    await expect(badge).toHaveText('1');
    await admin.goto('/casos');
    await expect(admin.getByTestId('case-chat-unread').first()).toHaveAccessibleName(fmt(T.noLeidos, { n: 1 }));
    await admin.goto(`/gestionar-caso/${id}/chat`);
    await expect(messages(admin).filter({ hasText: 'Otro mensaje' })).toBeVisible();
    await expect(admin.getByTestId('tab-chat').getByTestId('chat-unread-badge')).toHaveCount(0);
  });
});

for (const [size, options] of [
  ['phone', PHONE],
  ['desk', DESK],
] as const) {
  test.describe(size, () => {
    test.use(options);

    test(`${size}: an Investigador attaches a file and sends drone photos with the phone's location`, async ({
      page,
      context,
      asUser,
      apiAs,
    }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 4.711, longitude: -74.0721 });
      const { id } = await investigatorsCase(asUser, apiAs);
      await openRoom(page, id, 'chat', DEMO.investigador);
      if (size === 'phone') {
        // One room fills the screen below the tabs; nothing scrolls sideways.
        await expect(page.getByRole('tab', { name: LABELS.espacio.pestanasCortas.chat })).toBeInViewport();
        await expect(composer(page)).toBeInViewport();
        await expectNoSideScroll(page);
      }

      // A file with a note.
      await page
        .getByTestId('chat-file-input')
        .setInputFiles({ name: 'parte.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByTestId('chat-attachments')).toContainText('parte.pdf');
      await say(page, 'Informe del tránsito');
      const withFile = messages(page).filter({ hasText: 'Informe del tránsito' });
      await expect(withFile.getByRole('link', { name: /^parte\.pdf \d/ })).toHaveAttribute('target', '_blank');
      await expect(withFile.getByTestId('chat-ticks-guardado')).toBeVisible();

      // Fotos Drone: 400 px wide, a message with none, then two photos.
      await page.getByTestId('drone-button').click();
      const dialog = page.getByRole('dialog', { name: T.fotosDrone });
      await expect(dialog).toBeVisible();
      const width = (await dialog.boundingBox())!.width; // MUI puts role=dialog on the paper
      expect(width).toBeLessThanOrEqual(400);
      await dialog.getByRole('button', { name: MSG.guardar }).click();
      await expect(dialog.getByTestId('drone-error')).toHaveText(MSG.archivosRequeridos);
      await dialog.getByTestId('drone-file-input').setInputFiles([
        { name: 'dron-1.png', mimeType: 'image/png', buffer: PNG },
        { name: 'dron-2.png', mimeType: 'image/png', buffer: PNG },
      ]);
      await expect(dialog.getByText(fmtCount(T.fotosSeleccionadas, 2))).toBeVisible();
      await expect(dialog.getByTestId('drone-location')).toHaveText(T.ubicacionObtenida);
      await chatShot(page, `${size}-drone-dialog`);
      await dialog.getByRole('button', { name: MSG.guardar }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('success-toast').filter({ hasText: MSG.fotosCargadas })).toBeVisible();
      const photos = messages(page).filter({ has: page.getByTestId('chat-image') });
      await expect(photos.getByTestId('chat-image')).toHaveCount(2);
      await expect(photos.getByRole('link', { name: T.verEnMapaDetalle })).toHaveAttribute(
        'href',
        `/gestionar-caso/${id}/mapa?lat=4.711000&lng=-74.072100`,
      );
      // The preview shows: the image loaded.
      await expect
        .poll(() =>
          photos
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await chatShot(page, `${size}-room-files-drone`);
    });

    test(`${size}: a message typed offline shows pending and arrives exactly once back online`, async ({
      page,
      context,
      asUser,
    }) => {
      const { id } = await createCaseAs(asUser, { placa: uniquePlate('O') });
      await openRoom(page, id, 'chat', DEMO.callCenter);
      await expect(page.getByTestId('chat-empty')).toBeVisible();
      if (size === 'phone') await chatShot(page, 'phone-empty-room');
      await say(page, 'Antes del túnel');
      await expect(
        messages(page).filter({ hasText: 'Antes del túnel' }).getByTestId('chat-ticks-guardado'),
      ).toBeVisible();

      await context.setOffline(true);
      if (size === 'phone') await expectRoomFitsUnder(page, page.getByTestId('connection-banner'));
      const text = `Sin señal ${Date.now()}`;
      await say(page, text);
      const pending = page.getByTestId('chat-message-pending').filter({ hasText: text });
      await expect(pending).toBeVisible();
      await expect(pending.getByTestId('chat-time')).toHaveText(T.pendiente);
      await expect(pending.getByTestId('chat-pending')).toBeVisible();
      await say(page, 'Segundo sin señal');
      await expect(page.getByTestId('chat-message-pending')).toHaveCount(2);
      await expect(page.getByTestId('chat-outbox-note')).toHaveText(fmtCount(T.pendientesEnvio, 2));
      await chatShot(page, `${size}-offline-pending`);

      await context.setOffline(false);
      await expect(page.getByTestId('chat-message-pending')).toHaveCount(0);
      await expect(messages(page).filter({ hasText: text })).toHaveCount(1);
      // In order, and once each on the server.
      await expect(messages(page)).toHaveText([/Antes del túnel/, new RegExp(text), /Segundo sin señal/]);
      expect(await countInRoom(asUser, id, text)).toBe(1);
      expect(await countInRoom(asUser, id, 'Segundo sin señal')).toBe(1);
    });
  });
}

test.describe('desk', () => {
  test.use(DESK);

  test('a message whose send fails keeps waiting through a reload, and is sent once afterwards', async ({
    page,
    context,
    asUser,
  }) => {
    const { id } = await createCaseAs(asUser, { placa: uniquePlate('R') });
    // The signal drops exactly when the message goes out (the browser still believes it is
    // online): the live socket it goes on is cut, and the POST the app tries then fails.
    let cut = true;
    await page.routeWebSocket(STAFF_LIVE_SOCKET, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => {
        if (cut && String(frame).includes('"action":"send"')) return void ws.close({ code: 1006 });
        server.send(frame);
      });
    });
    await openRoom(page, id, 'chat', DEMO.callCenter);
    const sends = `**/api/casos/${id}/chats/general/mensajes`;
    await page.route(sends, (route) => route.abort('internetdisconnected'));
    const text = `Guardado en el teléfono ${Date.now()}`;
    await say(page, text);
    await expect(page.getByTestId('chat-message-pending').filter({ hasText: text })).toBeVisible();

    // A reload (the phone killed the tab): the message is still there, waiting.
    await page.reload();
    await expect(room(page)).toBeVisible();
    await expect(page.getByTestId('chat-message-pending').filter({ hasText: text })).toBeVisible();

    // The signal comes back: sent, once.
    cut = false;
    await page.unroute(sends);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByTestId('chat-message-pending')).toHaveCount(0);
    await expect(messages(page).filter({ hasText: text })).toHaveCount(1);
    expect(await countInRoom(asUser, id, text)).toBe(1);
  });
});

test.describe('phone', () => {
  test.use(PHONE);

  test('a long room opens on its latest page and pages back when scrolled to the top', async ({ page, asUser }) => {
    const { id } = await createCaseAs(asUser, { placa: uniquePlate('P') });
    const total = CHAT_PAGE_SIZE + 5;
    await asUser(DEMO.callCenter, async (api) => {
      for (let i = 1; i <= total; i++) {
        const res = await api.post(`/api/casos/${id}/chats/general/mensajes`, {
          data: { clientId: crypto.randomUUID(), content: `Nota ${i}` },
        });
        expect(res.ok(), await res.text()).toBeTruthy();
      }
    });
    await openRoom(page, id, 'chat', DEMO.administrador);
    await expect(messages(page)).toHaveCount(CHAT_PAGE_SIZE);
    await expect(messages(page).last()).toContainText(`Nota ${total}`);
    await expect(messages(page).last()).toBeInViewport();
    await expect(messages(page).first()).toContainText('Nota 6');
    // Scrolled to the top: the older messages come in above, and what was read stays in place.
    const list = page.getByTestId('chat-messages');
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(messages(page)).toHaveCount(total);
    await expect(messages(page).first()).toContainText('Nota 1');
    await expect(page.getByTestId('chat-load-older')).toHaveCount(0);
    const sixth = messages(page).nth(5);
    await expect(sixth.getByTestId('chat-content')).toHaveText('Nota 6');
    await expect(sixth).toBeInViewport();
    await expect(messages(page).first()).not.toBeInViewport();
  });
});

test.describe('phone, location off', () => {
  test.use({ ...PHONE, permissions: [], geolocation: undefined });

  test('the location warning and the offline banner take their room off the room, not the header', async ({
    page,
    context,
    asUser,
  }) => {
    const { id } = await createCaseAs(asUser, { placa: uniquePlate('G') });
    await openRoom(page, id, 'chat', DEMO.callCenter);
    const warning = page.getByTestId('geo-warning');
    await expectRoomFitsUnder(page, warning);
    await chatShot(page, 'phone-room-location-off');
    // Offline too: the banner comes above the warning, and both come off the room.
    await context.setOffline(true);
    await expect(page.getByTestId('connection-banner')).toBeVisible();
    await expectRoomFitsUnder(page, warning);
    await chatShot(page, 'phone-room-location-off-offline');
    await context.setOffline(false);
  });
});

test.describe('phone', () => {
  test.use(PHONE);

  test('a read-only cargo in the general room reads what it is for; a blocked expert room says the spec’s message', async ({
    page,
    openContext,
    asUser,
    apiAs,
  }) => {
    // The CAIT coordinator reads the general room but may not write in it: said positively.
    const c = await investigatorsCase(asUser, apiAs, { perito: true });
    await openRoom(page, c.id, 'chat', DEMO.coordAbogadoCait);
    await expect(page.getByTestId('chat-read-only')).toHaveText(T.soloLectura);
    await expect(page.getByTestId('chat-refusal')).toHaveCount(0);
    await expect(composer(page)).toHaveCount(0);
    await chatShot(page, 'phone-refused-general');

    // The Investigador asked for an expert: the expert room is open, and they block it.
    const inv = await (await openContext(PHONE)).newPage();
    await openRoom(inv, c.id, 'chat_perito', DEMO.investigador);
    await inv.getByRole('button', { name: MSG.bloquearChat }).click();
    const confirm = inv.getByRole('dialog', { name: MSG.seguro });
    await confirm.getByRole('button', { name: MSG.si }).click();
    await expect(inv.getByRole('button', { name: MSG.desbloquearChat })).toBeVisible();
    await expect(inv.getByTestId('chat-refusal')).toHaveText(MSG.chatBloqueadoInvestigador);
    await chatShot(inv, 'phone-expert-room-blocked');

    // The expert coordinator finds it closed, with the investigator's words.
    await openRoom(page, c.id, 'chat_perito', DEMO.coordPerito);
    await expect(page.getByTestId('chat-refusal')).toHaveText(MSG.chatBloqueadoInvestigador);
    await expect(composer(page)).toHaveCount(0);

    // Unblocked: the composer comes back live, without a reload.
    await inv.getByRole('button', { name: MSG.desbloquearChat }).click();
    await inv.getByRole('dialog', { name: MSG.seguro }).getByRole('button', { name: MSG.si }).click();
    await expect(composer(page)).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// Drone photos, images and uploads as a field team needs them, on a phone (390×844).

const DRONE_SHOTS = '/tmp/shots-drone';
const V = T.visor;

async function droneShot(page: Page, name: string): Promise<void> {
  if (!SHOTS_WANTED) return;
  fs.mkdirSync(DRONE_SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(DRONE_SHOTS, `${name}.png`), animations: 'disabled' });
}

/** A w×h PNG stored without compression (about 3·w·h bytes): its upload takes a while on a slow line. */
function bigPng(w: number, h: number): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      raw.set([(x * 7) % 256, (y * 5) % 256, ((x + y) * 3) % 256], y * (w * 3 + 1) + 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('phone', () => {
  test.use(PHONE);

  test('drone photos go at once with the known position; the viewer zooms them; Ver en el mapa opens the map there', async ({
    page,
    context,
    asUser,
    apiAs,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 4.6952, longitude: -74.0321 });
    const { id } = await investigatorsCase(asUser, apiAs);
    const { teselas } = await asUser(DEMO.administrador, (api) => readMap(api, id));
    await answerTiles(page, teselas.url);
    await openRoom(page, id, 'chat', DEMO.investigador);

    await page.getByTestId('drone-button').click();
    const dialog = page.getByRole('dialog', { name: T.fotosDrone });
    await expect(dialog.getByTestId('drone-location')).toHaveAttribute('data-state', 'known');
    await dialog.getByTestId('drone-file-input').setInputFiles([
      { name: 'vista-1.png', mimeType: 'image/png', buffer: bigPng(320, 240) },
      { name: 'vista-2.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await droneShot(page, 'phone-drone-dialog-known');
    await dialog.getByRole('button', { name: MSG.guardar }).click();
    // Sent at once: the position was known, nothing to wait for.
    await expect(dialog).toBeHidden();
    const photos = messages(page).filter({ has: page.getByTestId('chat-image') });
    await expect(photos.getByTestId('chat-image')).toHaveCount(2);
    const mapLink = photos.getByRole('link', { name: T.verEnMapaDetalle });
    await expect(mapLink).toHaveText(T.verEnMapa);
    await expect
      .poll(() => photos.locator('img').evaluateAll((all: HTMLImageElement[]) => all.every((i) => i.naturalWidth > 0)))
      .toBe(true);
    await droneShot(page, 'phone-drone-message');

    // A tap opens the viewer full screen on that image (not a download).
    await photos.getByRole('button', { name: fmt(T.verImagen, { nombre: 'vista-1.png' }) }).click();
    const viewer = page.getByRole('dialog', { name: 'vista-1.png' });
    await expect(viewer).toHaveAccessibleDescription(fmt(V.posicion, { n: 1, total: 2 }));
    const image = viewer.getByTestId('viewer-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    expect(await viewer.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await expect(viewer.getByRole('link', { name: V.descargar })).toHaveAttribute('download', 'vista-1.png');
    await droneShot(page, 'phone-viewer');
    await viewer.getByRole('button', { name: V.acercar }).click();
    await expect(image).toHaveAttribute('data-scale', '1.50');
    await viewer.getByRole('button', { name: V.ajustar }).click();
    await expect(image).toHaveAttribute('data-scale', '1.00');
    // A double tap zooms in where it was.
    const stage = (await viewer.getByTestId('viewer-stage').boundingBox())!;
    const spot = { x: stage.x + stage.width / 2 + 40, y: stage.y + stage.height / 2 - 30 };
    await page.touchscreen.tap(spot.x, spot.y);
    await page.touchscreen.tap(spot.x, spot.y);
    await expect(image).toHaveAttribute('data-scale', '2.50');
    await droneShot(page, 'phone-viewer-zoomed');
    await viewer.getByRole('button', { name: V.siguiente }).click();
    await expect(page.getByRole('dialog', { name: 'vista-2.png' })).toHaveAccessibleDescription(
      fmt(V.posicion, { n: 2, total: 2 }),
    );
    await page.getByRole('button', { name: V.cerrar }).click();
    await expect(page.getByTestId('image-viewer')).toHaveCount(0);

    // Ver en el mapa: the case's map tab, centred on where the photos were taken, marked.
    await mapLink.click();
    await expect(page).toHaveURL(`/gestionar-caso/${id}/mapa?lat=4.695200&lng=-74.032100`);
    const marker = page.getByTestId('map-marker-foto');
    await expect(marker).toBeVisible();
    const container = page.locator('.leaflet-container');
    await expect
      .poll(async () => {
        const [map, pin] = [(await container.boundingBox())!, (await marker.boundingBox())!];
        // The pin's tip (its bottom centre) on the map's centre.
        return Math.round(
          Math.hypot(pin.x + pin.width / 2 - (map.x + map.width / 2), pin.y + 47 - (map.y + map.height / 2)),
        );
      })
      .toBeLessThan(4);
    await expectNoSideScroll(page);
    await droneShot(page, 'phone-map-photo-point');
  });

  test('a file’s upload shows its progress; a failure says so and keeps it; cancelled, it waits to be sent again', async ({
    page,
    asUser,
  }) => {
    const { id } = await createCaseAs(asUser, { placa: uniquePlate('U') });
    await openRoom(page, id, 'chat', DEMO.callCenter);
    const upload = `/api/casos/${id}/chats/general/archivos`;
    const text = `Foto del sitio ${Date.now()}`;

    // No signal: the send fails and says so; the photo stays on the phone, to be tried again.
    await page.route(upload, (route) => route.abort('internetdisconnected'));
    await page
      .getByTestId('chat-file-input')
      .setInputFiles({ name: 'sitio.png', mimeType: 'image/png', buffer: bigPng(600, 500) });
    await say(page, text);
    const pending = page.getByTestId('chat-message-pending').filter({ hasText: text });
    await expect(pending.getByTestId('upload-failed')).toHaveText(fmt(T.envioFallido, { motivo: MSG.sinConexion }));
    await expect(pending.getByRole('img', { name: 'sitio.png' })).toBeVisible();
    await droneShot(page, 'phone-upload-failed');

    // A weak signal (about 60 KB/s up): Reintentar ahora, and the upload shows how far it got.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 250_000,
      uploadThroughput: 60_000,
    });
    await page.unroute(upload);
    await pending.getByRole('button', { name: T.reintentarAhora }).click();
    const bar = pending.getByRole('progressbar');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await expect(pending.getByTestId('upload-percent')).toHaveText(/^Enviando… \d{1,2}\u00a0%$/);
    await droneShot(page, 'phone-upload-progress');

    // Cancelar envío: stopped, and held with its photo until sent again.
    await pending.getByRole('button', { name: T.cancelarEnvio }).click();
    await expect(pending.getByTestId('chat-refused')).toHaveText(T.envioCancelado);
    await expect(pending.getByRole('img', { name: 'sitio.png' })).toBeVisible();
    await droneShot(page, 'phone-upload-cancelled');

    // Back on a good line, Reintentar: it arrives, once.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await pending.getByRole('button', { name: MSG.reintentar }).click();
    await expect(page.getByTestId('chat-message-pending')).toHaveCount(0);
    await expect(messages(page).filter({ hasText: text }).getByTestId('chat-image')).toHaveCount(1);
    expect(await countInRoom(asUser, id, text)).toBe(1);
  });
});

test.describe('phone', () => {
  test.use(PHONE);

  test('Fotos Drone waits for the position, saying so; with the location denied they go without one', async ({
    page,
    asUser,
    apiAs,
  }) => {
    // The phone's location answers when the test says (a fix that takes its time, then a refusal).
    await page.addInitScript(() => {
      const watchers = new Map<number, PositionErrorCallback | null | undefined>();
      let next = 0;
      Object.defineProperty(navigator, 'geolocation', {
        configurable: true,
        value: {
          watchPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) => {
            watchers.set(++next, fail);
            return next;
          },
          clearWatch: (id: number) => watchers.delete(id),
          getCurrentPosition: () => {},
        },
      });
      const denied = { code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' };
      (window as unknown as { denyLocation: () => void }).denyLocation = () =>
        watchers.forEach((fail) => fail?.(denied as GeolocationPositionError));
    });
    const { id } = await investigatorsCase(asUser, apiAs);
    await openRoom(page, id, 'chat', DEMO.investigador);

    await page.getByTestId('drone-button').click();
    const dialog = page.getByRole('dialog', { name: T.fotosDrone });
    await expect(dialog.getByTestId('drone-location')).toHaveText(T.obteniendoUbicacion);
    await dialog
      .getByTestId('drone-file-input')
      .setInputFiles([{ name: 'techo.png', mimeType: 'image/png', buffer: PNG }]);
    await dialog.getByRole('button', { name: MSG.guardar }).click();
    // Guardar waits for the position, and says so.
    await expect(dialog.getByRole('progressbar', { name: T.obteniendoUbicacion })).toBeVisible();
    await expect(dialog.getByText(T.enviaranConUbicacion)).toBeVisible();
    await expect(dialog.getByRole('button', { name: MSG.guardar })).toBeDisabled();
    await droneShot(page, 'phone-drone-dialog-getting');

    await page.evaluate(() => (window as unknown as { denyLocation: () => void }).denyLocation());
    await expect(dialog.getByTestId('drone-location')).toHaveAttribute('data-state', 'off');
    await expect(dialog.getByTestId('drone-location')).toContainText(T.ubicacionApagada);
    await droneShot(page, 'phone-drone-dialog-off');
    await dialog.getByRole('button', { name: T.enviarSinUbicacion }).click();
    await expect(dialog).toBeHidden();
    const photo = messages(page).filter({ has: page.getByTestId('chat-image') });
    await expect(photo.getByTestId('drone-place')).toHaveText(T.sinUbicacion);
    await expect(photo.getByRole('link', { name: T.verEnMapaDetalle })).toHaveCount(0);
  });
});

test.describe('desk', () => {
  test.use(DESK);

  test('an image opens in the viewer: arrow keys move through the message’s images, Escape closes it', async ({
    page,
    asUser,
  }) => {
    const { id } = await createCaseAs(asUser, { placa: uniquePlate('V') });
    await openRoom(page, id, 'chat', DEMO.callCenter);
    await page.getByTestId('chat-file-input').setInputFiles([
      { name: 'frente.png', mimeType: 'image/png', buffer: bigPng(640, 480) },
      { name: 'parte.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'lateral.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await say(page, 'Fotos y parte');
    const message = messages(page).filter({ hasText: 'Fotos y parte' });
    // The document still opens in a new tab; the images open the viewer.
    await expect(message.getByRole('link', { name: /^parte\.pdf \d/ })).toHaveAttribute('target', '_blank');
    await message.getByRole('button', { name: fmt(T.verImagen, { nombre: 'frente.png' }) }).click();
    const viewer = page.getByRole('dialog', { name: 'frente.png' });
    await expect(viewer).toHaveAccessibleDescription(fmt(V.posicion, { n: 1, total: 2 }));
    await expect(viewer.getByRole('link', { name: V.descargar })).toBeVisible();
    await expect
      .poll(() => viewer.getByTestId('viewer-image').evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBe(640);
    // The wheel zooms.
    const stage = (await viewer.getByTestId('viewer-stage').boundingBox())!;
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
    await page.mouse.wheel(0, -300);
    await expect
      .poll(async () => Number(await viewer.getByTestId('viewer-image').getAttribute('data-scale')))
      .toBeGreaterThan(1);
    await droneShot(page, 'desk-viewer');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'lateral.png' })).toHaveAccessibleDescription(
      fmt(V.posicion, { n: 2, total: 2 }),
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('image-viewer')).toHaveCount(0);
    // Focus comes back to the picture that opened it.
    await expect(message.getByRole('button', { name: fmt(T.verImagen, { nombre: 'frente.png' }) })).toBeFocused();
  });
});
