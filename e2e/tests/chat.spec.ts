import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { CHAT_PAGE_SIZE, LABELS, MSG, fmt } from '@vialex/domain';
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
  await expect(room(page).getByRole('heading', { name: MSG.chatEnProceso })).toBeVisible();
}

async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
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
    await composer(page).fill(text);
    const sentAt = await page.evaluate(() => Date.now());
    await composer(page).press('Enter');
    const latency = (await arrived) - sentAt;
    // Where the time went (the send's POST, the other browser's catch-up read), for the report.
    const timing = (p: Page, part: string) =>
      p.evaluate(
        (x) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes(x))
            .map((e) => `${Math.round(e.startTime)}+${Math.round(e.duration)}`)
            .slice(-1)[0],
        part,
      );
    test.info().annotations.push({
      type: 'message latency',
      description: `${latency} ms (send ${await timing(page, '/mensajes')}, read ${await timing(admin, 'despues=')})`,
    });
    // The staff app never polls a room: a message shown without a reload came over the live
    // channel. How fast is the chat benchmark's budget (p99 ≤ 100 ms to 1,000 sockets), not a
    // browser's on a machine this suite keeps busy (1.6 s seen with every core taken).
    expect(latency).toBeLessThan(LIVE_WITHIN_MS);
    const received = messages(admin).filter({ hasText: text });
    await expect(received).toHaveAttribute('data-own', 'false');
    await expect(received.getByTestId('chat-username')).toContainText('[Call Center]');
    await expect(received.getByTestId('chat-time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    // The administrator has it on screen: the call center's message turns seen (read mark).
    const sent = messages(page).filter({ hasText: text });
    await expect(sent).toHaveAttribute('data-own', 'true');
    await expect(sent.getByTestId('chat-ticks-visto')).toBeVisible();

    // A reply quotes the message it answers.
    await received.getByRole('button', { name: T.responder }).click();
    await expect(admin.getByTestId('chat-replying')).toContainText(text);
    await say(admin, 'Recibido, gracias');
    const reply = messages(page).filter({ hasText: 'Recibido, gracias' });
    await expect(reply.getByTestId('chat-quote')).toContainText(text);
    await expect(reply).toHaveAttribute('data-own', 'false');

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
        await expect(page.getByRole('tab', { name: LABELS.espacio.pestanas.chat })).toBeInViewport();
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
      await expect(withFile.getByRole('link', { name: fmt(T.abrirArchivo, { nombre: 'parte.pdf' }) })).toHaveAttribute(
        'target',
        '_blank',
      );
      await expect(withFile.getByTestId('chat-ticks-guardado')).toBeVisible();

      // Fotos Drone: 400 px wide, 'Archivos required' with none, then two photos.
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
      await expect(dialog.getByText(fmt(T.fotosSeleccionadas, { n: 2 }))).toBeVisible();
      await expect(dialog.getByTestId('drone-location')).toHaveText(
        fmt(T.ubicacion, { lat: (4.711).toFixed(5), long: (-74.0721).toFixed(5) }),
      );
      await chatShot(page, `${size}-drone-dialog`);
      await dialog.getByRole('button', { name: MSG.guardar }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('success-toast').filter({ hasText: MSG.fotosCargadas })).toBeVisible();
      const photos = messages(page).filter({ has: page.getByTestId('chat-image') });
      await expect(photos.getByTestId('chat-image')).toHaveCount(2);
      await expect(photos).toContainText(fmt(T.ubicacion, { lat: '4.71100', long: '-74.07210' }));
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
      const text = `Sin señal ${Date.now()}`;
      await say(page, text);
      const pending = page.getByTestId('chat-message-pending').filter({ hasText: text });
      await expect(pending).toBeVisible();
      await expect(pending.getByTestId('chat-time')).toHaveText(T.pendiente);
      await expect(pending.getByTestId('chat-pending')).toBeVisible();
      await say(page, 'Segundo sin señal');
      await expect(page.getByTestId('chat-message-pending')).toHaveCount(2);
      await expect(page.getByTestId('chat-outbox-note')).toHaveText(fmt(T.pendientesEnvio, { n: 2 }));
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
    await openRoom(page, id, 'chat', DEMO.callCenter);
    // The signal drops exactly when the message goes out (the browser still believes it is online).
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

test.describe('phone', () => {
  test.use(PHONE);

  test('a refused send shows the spec’s message: a read-only cargo in the general room, a blocked expert room', async ({
    page,
    openContext,
    asUser,
    apiAs,
  }) => {
    // The CAIT coordinator reads the general room but may not write in it.
    const c = await investigatorsCase(asUser, apiAs, { perito: true });
    await openRoom(page, c.id, 'chat', DEMO.coordAbogadoCait);
    await expect(page.getByTestId('chat-refusal')).toHaveText(MSG.chatRolNoAutorizado);
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
