import type { Page, WebSocketRoute } from '@playwright/test';
import { LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  STAFF_LIVE_SOCKET,
  expect,
  expireSession,
  openScreen,
  shot,
  signIn,
  test,
  createCaseAs,
  uniquePlate,
  type AsUser,
} from '../support';

const createCase = (asUser: AsUser) => createCaseAs(asUser, { placa: uniquePlate('N') });

/** The signed-in user of the page (its session cookie). */
async function myId(page: Page): Promise<string> {
  return (await (await page.request.get('/api/auth/me')).json()).id;
}

const bell = (page: Page) => page.getByTestId('notification-bell');
/** The catalogue's warning with any time left. */
const warningPattern = new RegExp(
  fmt(MSG.sesionPorTerminar, { tiempo: '§' })
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('§', '\\d:\\d{2}'),
);

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a lawyer with the app open sees an assignment arrive in the bell, without Web Push, and opens it', async ({
    page,
    asUser,
  }) => {
    const { id, caso } = await createCase(asUser);
    await signIn(page, DEMO.abogado, { at: '/casos' });
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    const lawyer = await myId(page);
    // The bell has loaded its count (whatever earlier tests left): mark all read to start from 0.
    await bell(page).click();
    const popup = page.getByRole('dialog', { name: TITLES.notificaciones });
    await expect(popup).toBeVisible();
    const markAll = popup.getByRole('button', { name: MSG.marcarTodasLeidas });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(markAll).toBeDisabled();
    // The disabled button dropped the focus; the popup's focus trap takes it back, then Escape
    // reaches the popup.
    await expect.poll(() => popup.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(bell(page)).toHaveAccessibleName(MSG.abrirNotificaciones);

    await asUser(DEMO.coordAbogado, async (api) => {
      const res = await api.post(`/api/casos/${id}/asignar`, { data: { tipo: 'Abogado', usuario: lawyer } });
      expect(res.ok(), await res.text()).toBeTruthy();
    });

    // Live: the count and a toast (the service worker is blocked here, so no Web Push at all).
    const unread = `${MSG.abrirNotificaciones}, ${fmt(MSG.notificacionesSinLeer, { n: 1 })}`;
    await expect(bell(page)).toHaveAccessibleName(unread);
    await expect(page.getByRole('alert').filter({ hasText: MSG.casoAsignado }).first()).toBeVisible();
    await shot(page, 'notifications-phone-arrived');

    await bell(page).click();
    const item = popup.getByTestId('notification-item').first();
    await expect(item).toContainText(MSG.casoAsignado);
    await expect(item).toContainText(`# ${caso}`);
    await expect(item).toHaveAttribute('data-unread', 'true');
    await shot(page, 'notifications-phone-open');
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${id}/chat$`));
    // Opened, it is read (the case workspace has no top bar yet: back to the list).
    await page.goBack();
    await expect(bell(page)).toHaveAccessibleName(MSG.abrirNotificaciones);
    await bell(page).click();
    await expect(popup.getByTestId('notification-item').first()).toHaveAttribute('data-unread', 'false');
  });

  test('the connection drops: a banner, actions disabled with the reason; back, the list refreshes', async ({
    page,
    context,
    asUser,
  }) => {
    // The live socket passes through the test, which can close it as a lost connection would.
    let socket: WebSocketRoute | undefined;
    let offline = false;
    await page.routeWebSocket(STAFF_LIVE_SOCKET, (ws) => {
      if (offline) return void ws.close({ code: 1006 });
      socket = ws;
      ws.connectToServer();
    });
    await createCase(asUser);
    await signIn(page, DEMO.abogado, { at: '/casos' });
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    const take = page.getByRole('button', { name: LABELS.casos.tomarCaso }).first();
    await expect(take).toBeEnabled();
    await expect.poll(() => socket !== undefined).toBe(true);

    offline = true;
    await context.setOffline(true);
    await socket!.close({ code: 1006 });
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toHaveText(MSG.sinConexionBanner);
    await expect(take).toBeDisabled();
    await expect(page.getByText(MSG.sinConexionAccion).first()).toBeVisible();
    await shot(page, 'connectivity-phone-offline');

    // Meanwhile a case is opened: its live event can't reach this tab.
    const { caso } = await createCase(asUser);
    socket = undefined;
    offline = false;
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await expect.poll(() => socket !== undefined).toBe(true);
    await expect(take).toBeEnabled();
    await expect(page.getByText(new RegExp(`^${caso}$`)).first()).toBeVisible();
  });

  test('a re-read that fails on the network keeps the case on screen; what is being written survives it and a change of tab', async ({
    page,
    asUser,
  }) => {
    let socket: WebSocketRoute | undefined;
    await page.routeWebSocket(STAFF_LIVE_SOCKET, (ws) => {
      socket = ws;
      ws.connectToServer();
    });
    const c = await createCase(asUser);
    await signIn(page, DEMO.administrador, { at: `/gestionar-caso/${c.id}/gestionar` });
    const description = page.getByRole('textbox', { name: LABELS.gestion.descripcion });
    await description.fill('Borrador a medio escribir');
    await expect.poll(() => socket !== undefined).toBe(true);

    // The case's reads fail as on a signal lost mid-request; the live socket drops and comes
    // back, after which the app reads again everything on screen.
    await page.route(
      (url) => url.pathname.startsWith(`/api/casos/${c.id}`),
      (route) => (route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.continue()),
    );
    const failed = page.waitForEvent('requestfailed', (r) => r.url().includes(`/api/casos/${c.id}/espacio`));
    const dropped = socket!;
    socket = undefined;
    await dropped.close({ code: 1006 });
    await failed;
    await expect.poll(() => socket !== undefined).toBe(true);
    await expect(page.getByTestId('connection-banner')).toBeHidden();

    await expect(page.getByTestId('workspace-refused')).toHaveCount(0);
    await expect(page.getByTestId('workspace-case-number')).toBeVisible();
    await expect(description).toHaveValue('Borrador a medio escribir');
    await expect(page.getByTestId('history-section')).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });

    // A look at the chat and back: what was being written in each is still there.
    await page.getByTestId('tab-chat').click();
    const composer = page.getByRole('textbox', { name: LABELS.chat.mensaje });
    await composer.fill('Llego en diez minutos');
    await page.getByTestId('tab-gestionar').click();
    await expect(description).toHaveValue('Borrador a medio escribir');
    await page.getByTestId('tab-chat').click();
    await expect(composer).toHaveValue('Llego en diez minutos');
  });

  test('offline, a room not loaded yet says it will load when the connection is back, and loads then', async ({
    page,
    context,
    asUser,
  }) => {
    const c = await createCase(asUser);
    await signIn(page, DEMO.administrador, { at: `/gestionar-caso/${c.id}` });
    await expect(page.getByTestId('tabpanel-informacion')).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('connection-banner')).toHaveText(MSG.sinConexionBanner);
    await page.getByTestId('tab-chat').click();
    const panel = page.getByTestId('tabpanel-chat');
    // The room's read waits for the connection: the spinner says why instead of turning on.
    await expect(panel.getByTestId('spinner-offline')).toHaveText(MSG.sinConexionCarga);
    await shot(page, 'connectivity-phone-room-offline');
    await context.setOffline(false);
    await expect(panel.getByTestId('chat-room')).toBeVisible();
    await expect(panel.getByTestId('spinner')).toHaveCount(0);
  });
});

test('two minutes before the session time ends a warning says so; at the end /login says the time ended', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.clock.install();
  await signIn(page, DEMO.coordAbogado);
  const me = await (await page.request.get('/api/auth/me')).json();
  // Read when needed: the page's clock runs on while the test works (seconds on a busy machine).
  const left = async () => Date.parse(me.sessionExpiresAt) - (await page.evaluate(() => Date.now()));
  await openScreen(page, '/casos', TITLES.casos);
  await bell(page).click();
  await expect(page.getByRole('dialog', { name: TITLES.notificaciones })).toBeVisible();
  await shot(page, 'notifications-desktop-open');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: TITLES.casos }).click();
  const warning = page.getByTestId('session-warning');
  await expect(warning).toHaveCount(0);

  await page.clock.fastForward((await left()) - 2 * 60_000 - 30_000);
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward(40_000);
  await expect(warning).toHaveText(warningPattern);
  await shot(page, 'session-warning-desktop');
  await page.setViewportSize(PHONE.viewport);
  await shot(page, 'session-warning-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The server ends the session at its time (here aged through the test route): /login says why.
  await expireSession(request, DEMO.coordAbogado);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-ended')).toHaveText(MSG.sesionTiempoCumplido);
  await shot(page, 'session-ended-desktop');
  await page.setViewportSize(PHONE.viewport);
  await shot(page, 'session-ended-phone');
});
