import type { CDPSession, Page, Worker } from '@playwright/test';
import { LABELS, MSG, NOTICE_TOAST_MS, TITLES, fmt, type NotificationPage } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  WITH_TRAY,
  createCaseAs,
  expect,
  openScreen,
  pick,
  rows,
  searchBy,
  shot,
  signIn,
  startsWith,
  test,
  uniquePlate,
} from '../support';

/*
 * A notice reaches the person it names: an assignment made by a coordinator in their
 * browser shows in the assigned investigator’s phone as a toast at the top and in the
 * notification centre, and the phone's service worker shows its push and opens the case when
 * the notification is clicked. Headless Chromium has no push service, so the push is handed to
 * the service worker through DevTools (ServiceWorker.deliverPushMessage) with the payload the
 * server sends (the server's push is tested end to end at the API against a local push service:
 * apps/server/test/notice-events.test.ts). A notification in the tray cannot be clicked from
 * here either: the click is the worker's own notificationclick event, dispatched in the worker
 * on the notification it shows (its handler is also unit-tested in apps/web/src/sw-notices.test.ts).
 */

// The push is shown in the system's tray: this file runs in the whole browser (a worker of its
// own), not in the headless shell the rest of the suite uses.
test.use(WITH_TRAY);

const C = LABELS.casos;
const bell = (page: Page) => page.getByTestId('notification-bell');

/** The bell starts from nothing unread (earlier tests of this worker may have left notices). */
async function clearBell(page: Page) {
  await bell(page).click();
  const popup = page.getByRole('dialog', { name: TITLES.notificaciones });
  await expect(popup).toBeVisible();
  const markAll = popup.getByRole('button', { name: MSG.marcarTodasLeidas });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(markAll).toBeDisabled();
  await expect.poll(() => popup.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName(MSG.abrirNotificaciones);
}

/** The app's service worker, once it controls the page. */
async function activeWorker(page: Page): Promise<Worker> {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
  await expect.poll(() => page.context().serviceWorkers().length).toBeGreaterThan(0);
  return page.context().serviceWorkers()[0];
}

/** DevTools' handle on the page's service worker registration. */
async function pushChannel(page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await registration };
}

/** What the worker shows in the tray. */
/** The parts of the worker's scope the test reads (the e2e project has no WebWorker types). */
interface WorkerScope {
  registration: { getNotifications(): Promise<{ title: string; body: string; data: unknown; close(): void }[]> };
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
  dispatchEvent(event: Event): boolean;
}

const shown = (worker: Worker) =>
  worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    return (await sw.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });

test.describe('an assignment reaches the investigator’s phone', () => {
  test.use({ ...PHONE, serviceWorkers: 'allow' });

  test('a toast at the top that hides by itself, the notification centre, the push in the tray; each opens the case', async ({
    page,
    context,
    baseURL,
    openContext,
    asUser,
  }) => {
    // Two browsers, and the service worker precaches the whole build before it takes the page.
    test.setTimeout(150_000);
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(['geolocation', 'notifications'], { origin });
    const { id, caso } = await createCaseAs(asUser, { placa: uniquePlate('P') });

    // The investigator, on a phone, with the app open on the cases list.
    await signIn(page, DEMO.investigador);
    const worker = await activeWorker(page);
    await openScreen(page, '/casos', TITLES.casos);
    await clearBell(page);

    // The coordinator, in another browser, assigns the case to them.
    const desk = await (await openContext()).newPage();
    await signIn(desk, DEMO.coordInvestigador, { at: '/casos' });
    await expect(desk.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    await searchBy(desk, C.caso, LABELS.operadores.eq, String(caso));
    await expect(rows(desk)).toHaveCount(1);
    await rows(desk).first().getByRole('button', { name: C.asignar }).click();
    const dialog = desk.getByTestId('assign-agent-dialog');
    await pick(desk, dialog, startsWith(C.tipoUsuario), 'Investigador');
    await dialog.getByRole('combobox', { name: startsWith(C.usuario) }).click();
    await desk.getByRole('option', { name: /Julián Martínez Peña/i }).click();
    await dialog.getByRole('button', { name: MSG.guardar }).click();
    await expect(dialog).toBeHidden();

    // The phone: a toast at the top, under the app bar (the screen's actions are at the bottom),
    // saying who was assigned to which case.
    const toast = page.getByRole('alert').filter({ hasText: MSG.casoAsignado });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(new RegExp(`Caso # ${caso}: Investigador Julián Martínez Peña`, 'i'));
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(56);
    expect(box.y + box.height).toBeLessThan(viewport.height * 0.4);
    await shot(page, 'notices-phone-toast');

    // The notification centre has it, unread; opening it closes the toast (its list holds the
    // notice, and on a phone the toast would cover it).
    const unread = `${MSG.abrirNotificaciones}, ${fmt(MSG.notificacionesSinLeer, { n: 1 })}`;
    await expect(bell(page)).toHaveAccessibleName(unread);
    await bell(page).click();
    // Gone from the screen, not only from the accessibility tree (the open list hides the rest of
    // the page from it), well before it would hide by itself (the bell opened a second or two after it).
    await expect(page.getByTestId('notice-toast').filter({ hasText: MSG.casoAsignado })).toBeHidden({
      timeout: NOTICE_TOAST_MS / 2,
    });
    const popup = page.getByRole('dialog', { name: TITLES.notificaciones });
    const item = popup.getByTestId('notification-item').first();
    await expect(item).toContainText(MSG.casoAsignado);
    await expect(item).toContainText(`# ${caso}`);
    await expect(item).toHaveAttribute('data-unread', 'true');
    await shot(page, 'notices-phone-centre');
    await page.keyboard.press('Escape');

    // Its push, as the server sends it, reaches the worker: shown in the tray, and as the toast,
    // whose Abrir opens the case.
    const notices = (await (await page.request.get('/api/notificaciones')).json()) as NotificationPage;
    const notice = notices.rows.find((r) => r.caso === caso && r.titulo === MSG.casoAsignado)!;
    const payload = { title: notice.titulo, body: notice.cuerpo, url: notice.url };
    const { cdp, registrationId } = await pushChannel(page);
    const push = () =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    await push();
    await expect.poll(() => shown(worker)).toEqual([payload]);
    const pushed = page.getByRole('alert').filter({ hasText: notice.cuerpo });
    await expect(pushed).toHaveCount(1);
    await shot(page, 'notices-phone-push-toast');
    await pushed.getByRole('button', { name: MSG.abrir }).click();
    await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${id}/chat$`));
    await expect(pushed).toHaveCount(0);
    await worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      for (const n of await sw.registration.getNotifications()) n.close();
    });

    // From here the page's clock is one the test moves: the toast's seconds pass without waiting.
    await openScreen(page, '/casos', TITLES.casos);
    await page.clock.install();
    await push();
    await expect.poll(() => shown(worker)).toEqual([payload]);
    await expect(pushed).toHaveCount(1);
    // It hides by itself; the bell keeps the notice.
    await page.clock.runFor(NOTICE_TOAST_MS + 1000);
    await expect(pushed).toHaveCount(0);

    // Clicking the notification brings the app to the case.
    await worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      const [notification] = await sw.registration.getNotifications();
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${id}/chat$`));
    await expect.poll(() => shown(worker)).toEqual([]);
  });
});
