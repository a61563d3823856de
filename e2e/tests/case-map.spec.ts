import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { LABELS, MAP_INFO_MAX_WIDTH, MSG, SUCCESS_TOAST_MS, TIME_ZONE, fmt } from '@vialex/domain';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, PHONE, createCaseAs, expect, expectNoSideScroll, signIn, signOut, test, uniquePlate } from '../support';
import { SHOTS_WANTED } from '../support/ui';
import { ACCIDENT, answerTiles, mapCase, near, placeAt, readMap } from '../support/map';

/**
 * The case map: the mapa tab at phone and desk size, against the real server (its maps
 * adapter is the demo's local fake) with the tiles answered locally. The people move through their
 * own sessions (PUT /api/me/location, as their phones do every 4 s) and the open map follows them
 * live; no test waits on a clock.
 */

const T = LABELS.mapa;
const SHOTS = '/tmp/map-shots';
const DESK = { viewport: { width: 1280, height: 800 } } as const;

const inBogota = (iso: string, opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: TIME_ZONE, hourCycle: 'h23', ...opts }).format(new Date(iso));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The panel's arrival line: 'Llegó a las HH:mm' while the page's clock is on the arrival's Bogotá
 * day, with the day when it is on another (a run near midnight, or a clock the test moved on).
 * With the arrival's time, that hour and day exactly; without it, any.
 */
function arrivalLine(fechaIso?: string): RegExp {
  if (!fechaIso) return /^Llegó (el \d{2}\/\d{2}\/\d{4} )?a las \d{2}:\d{2}$/;
  const hora = inBogota(fechaIso, { hour: '2-digit', minute: '2-digit' });
  const fecha = inBogota(fechaIso, { day: '2-digit', month: '2-digit', year: 'numeric' });
  return new RegExp(`^(${escaped(fmt(T.llegoALas, { hora }))}|${escaped(fmt(T.llegoEl, { fecha, hora }))})$`);
}

/** Saves /tmp/map-shots/<name>.png once the page's finite animations have ended. */
async function mapShot(page: Page, name: string): Promise<void> {
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

/** A person's marker on the map (Leaflet's icon element, which Leaflet moves with a transform). */
const marker = (page: Page, rol: 'cliente' | 'abogado' | 'investigador' | 'destino') =>
  page.locator('.leaflet-marker-icon').filter({ has: page.getByTestId(`map-marker-${rol}`) });
const transformOf = (l: Locator) => l.evaluate((el) => (el as HTMLElement).style.transform);
const stateOf = (page: Page, rol: string) => page.getByTestId(`map-marker-${rol}`);

/** Opens the map tab and waits for the map: its tiles drawn and the people placed. */
/** Opens the case's map; `as`: signs in as that user straight onto it (one load of the app). */
async function openMap(page: Page, caseId: string, as?: string): Promise<void> {
  const url = `/gestionar-caso/${caseId}/mapa`;
  if (as) await signIn(page, as, { at: url });
  else await page.goto(url);
  await expect(page.getByTestId('case-map')).toBeVisible();
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
}

test.describe('phone', () => {
  test.use(PHONE);

  test('the investigator on a phone with location allowed: three markers, the route and both times; the lawyer moves live; info window; arrival marked once', async ({
    page,
    context,
    asUser,
    apiAs,
  }) => {
    const dest = ACCIDENT;
    // The investigator's phone is 500 m from the accident (the browser reports it too, once signed in).
    const phone = near(dest, 0.004, 0.003);
    const c = await mapCase(asUser, apiAs, uniquePlate('M'), {
      investigador: phone,
      abogado: near(dest, -0.003, -0.004),
    });
    await signOut(c.investigator);
    await context.setGeolocation({ latitude: phone.lat, longitude: phone.lng });
    const tiles = await answerTiles(page, c.map.teselas.url);
    // The page's clock is one the test moves: the success toast's seconds pass without waiting.
    await page.clock.install();
    await openMap(page, c.id, DEMO.investigador);
    for (const rol of ['cliente', 'abogado', 'investigador'] as const) await expect(marker(page, rol)).toBeVisible();
    await expect(stateOf(page, 'investigador')).toHaveAttribute('data-state', 'live');
    await expect(stateOf(page, 'abogado')).toHaveAttribute('data-state', 'live');
    await expect(page.locator('path.vx-route')).toHaveCount(1);
    await expect(page.getByTestId('map-time-investigador')).toHaveText(
      /^Investigador: \d+ (min|h \d+ min) \([\d,]+ k?m\)$/,
    );
    await expect(page.getByTestId('map-time-abogado')).toHaveText(/^Abogado: \d+ (min|h \d+ min) \([\d,]+ k?m\)$/);
    expect(tiles()).toBeGreaterThan(0);
    // Phone first: the map fills the width, the times and the button sit at the bottom, under the thumb.
    const canvas = await page.getByTestId('map-canvas').boundingBox();
    expect(canvas!.width).toBeGreaterThanOrEqual(388);
    // A third of an 844 px screen at least, beside the header, the workspace's bottom bar and the
    // times and buttons under the thumb.
    expect(canvas!.height).toBeGreaterThanOrEqual(280);
    const button = page.getByRole('button', { name: T.marcarLlegada });
    const box = (await button.boundingBox())!;
    expect(box.y).toBeGreaterThan(844 / 2);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await expectNoSideScroll(page);
    await mapShot(page, 'phone-route');

    // The lawyer drives on: their marker moves in this open browser, without a reload.
    const before = await transformOf(marker(page, 'abogado'));
    await placeAt(c.lawyer, near(dest, -0.001, -0.0015));
    await expect.poll(() => transformOf(marker(page, 'abogado'))).not.toBe(before);

    // The info window: name, role, the position's age and the address, at most 300 px wide.
    await marker(page, 'abogado').click();
    const popup = page.getByTestId('map-popup-abogado');
    await expect(popup).toContainText('Felipe Castro Niño', { ignoreCase: true });
    await expect(popup).toContainText(T.roles.abogado);
    await expect(popup.getByTestId('map-popup-state')).toContainText(T.enVivo);
    await expect(popup.getByTestId('map-popup-address')).not.toContainText(T.buscandoDireccion);
    expect((await page.locator('.leaflet-popup-content-wrapper').boundingBox())!.width).toBeLessThanOrEqual(
      MAP_INFO_MAX_WIDTH,
    );
    await mapShot(page, 'phone-info-window');
    // The address grew the window, and Leaflet pans the map to keep it in view: a tap aimed while
    // the map still slides can land beside the button (a busy CI run once left the window open
    // after it). A person taps what has stopped moving.
    await expect(page.locator('.leaflet-pan-anim')).toHaveCount(0);
    await page.getByRole('button', { name: MSG.cerrar }).click();
    await expect(popup).toBeHidden();

    // Arrival: asked first, naming the case; the phone is over 500 m away, so it warns.
    await button.click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(fmt(T.confirmarLlegada, { caso: c.caso }));
    await expect(confirm.getByTestId('confirm-warning')).toHaveText(/^Está a \d+ m del sitio del caso\./);
    await mapShot(page, 'phone-arrival-confirm');
    await confirm.getByRole('button', { name: T.siLlegue }).click();
    await expect(page.getByTestId('success-toast')).toHaveText(`${MSG.llegadaMarcada} · caso #${c.caso}`);
    await expect(page.getByRole('button', { name: T.marcarLlegada })).toHaveCount(0);
    // The case header says since when the investigator is at the site (on a phone, opened from its line).
    await page.getByTestId('workspace-line').click();
    await expect(page.getByTestId('workspace-arrival')).toBeVisible();
    await expect(page.getByTestId('map-arrival')).toHaveText(arrivalLine());
    // The toast hides by itself (not while the pointer rests on it): the picture shows the panel under it.
    await page.mouse.move(195, 300);
    await page.clock.runFor(SUCCESS_TOAST_MS);
    await expect(page.getByTestId('success-toast')).toBeHidden();
    await mapShot(page, 'phone-arrival');
    // The server agrees: a second mark is refused.
    const again = await page.request.post(`/api/casos/${c.id}/llegada`);
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe(MSG.llegadaYaMarcada);
    await page.reload();
    await expect(page.getByTestId('map-arrival')).toBeVisible();
    await expect(page.getByRole('button', { name: T.marcarLlegada })).toHaveCount(0);
  });
});

for (const size of ['phone', 'desk'] as const) {
  test.describe(size, () => {
    test.use(size === 'phone' ? PHONE : DESK);

    test(`a coordinator watching (${size}): agents not heard for minutes are drawn stale, one that moves is live again; the arrival shows live`, async ({
      page,
      asUser,
      apiAs,
    }) => {
      const dest = ACCIDENT;
      const c = await mapCase(asUser, apiAs, uniquePlate('N'), {
        investigador: near(dest, 0.004, 0.003),
        abogado: near(dest, -0.003, -0.004),
      });
      await answerTiles(page, c.map.teselas.url);
      // The page's clock is one the test moves: minutes pass without waiting for them.
      await page.clock.install();
      await openMap(page, c.id, DEMO.coordInvestigador);
      await expect(stateOf(page, 'abogado')).toHaveAttribute('data-state', 'live');
      await expect(stateOf(page, 'investigador')).toHaveAttribute('data-state', 'live');
      await expect(page.locator('path.vx-route')).toHaveCount(1);
      await expect(page.getByTestId('map-no-arrival')).toHaveText(T.sinLlegada);
      if (size === 'desk') await mapShot(page, 'desk-route');

      // Three minutes without news: both drawn stale, with their age, never as live.
      await page.clock.fastForward('03:00');
      for (const rol of ['abogado', 'investigador'] as const) {
        await expect(stateOf(page, rol)).toHaveAttribute('data-state', 'stale');
        // Placed a few seconds before the map opened: 3 minutes old (4 on a slow run).
        await expect(stateOf(page, rol)).toContainText(/hace [34] min/);
        await expect(page.getByTestId(`map-person-${rol}`)).toContainText(
          new RegExp(`${T.posicionAntigua} · hace [34] min`),
        );
      }
      // The lawyer reports again: live at once; the investigator stays stale.
      await placeAt(c.lawyer, near(dest, -0.002, -0.003));
      await expect(stateOf(page, 'abogado')).toHaveAttribute('data-state', 'live');
      await expect(stateOf(page, 'investigador')).toHaveAttribute('data-state', 'stale');
      await mapShot(page, `${size}-stale`);

      // The investigator marks arrival from their phone: this map shows it without a reload.
      const res = await c.investigator.post(`/api/casos/${c.id}/llegada`);
      expect(res.ok(), await res.text()).toBeTruthy();
      // The page's clock runs 3 minutes ahead of the server's: near midnight it is already tomorrow.
      await expect(page.getByTestId('map-arrival')).toHaveText(arrivalLine((await res.json()).fecha));
      await mapShot(page, `${size}-watching-arrival`);
    });
  });
}

test.describe('the place of a case opened at the desk', () => {
  const CALLE_26 = { lat: 4.6486, lng: -74.1007 };
  /** The case's map as its investigator reads it, once the typed address is geocoded (after commit). */
  const placedMap = (api: APIRequestContext, id: string) =>
    expect.poll(async () => (await readMap(api, id)).destino).toMatchObject(CALLE_26);

  test.describe('phone', () => {
    test.use(PHONE);

    test('the investigator drives to the typed address: the map opens fitted to both, Navegar hands it to the navigator', async ({
      page,
      context,
      asUser,
      apiAs,
    }) => {
      const c = await createCaseAs(asUser, { placa: uniquePlate('D') });
      const investigator = await apiAs(DEMO.investigador);
      const me = (await (await investigator.get('/api/auth/me')).json()) as { id: string };
      // 2 km away: at zoom 15 around the place the investigator would be off-screen.
      const phone = near(CALLE_26, 0.018, 0.006);
      await placeAt(investigator, phone);
      await asUser(DEMO.administrador, async (api) => {
        const res = await api.post(`/api/casos/${c.id}/asignar`, { data: { tipo: 'Investigador', usuario: me.id } });
        expect(res.ok(), await res.text()).toBeTruthy();
      });
      await placedMap(investigator, c.id);
      await signOut(investigator);
      await context.setGeolocation({ latitude: phone.lat, longitude: phone.lng });
      const map = await asUser(DEMO.administrador, (api) => readMap(api, c.id));
      await answerTiles(page, map.teselas.url);
      await openMap(page, c.id, DEMO.investigador);
      await expect(page.getByTestId('map-place-source')).toHaveText(T.lugarDireccion);
      // Fitted: the place and the investigator both inside the map, without 'Ver a todos'.
      const canvas = (await page.getByTestId('map-canvas').boundingBox())!;
      for (const rol of ['cliente', 'investigador'] as const) {
        const box = (await marker(page, rol).boundingBox())!;
        expect(box.x, rol).toBeGreaterThanOrEqual(canvas.x);
        expect(box.x + box.width, rol).toBeLessThanOrEqual(canvas.x + canvas.width);
        expect(box.y, rol).toBeGreaterThanOrEqual(canvas.y);
        expect(box.y + box.height, rol).toBeLessThanOrEqual(canvas.y + canvas.height);
      }
      await expect(page.getByTestId('map-time-abogado')).toHaveText('Abogado: Sin asignar');
      await page.getByRole('button', { name: T.navegar }).click();
      await expect(page.getByTestId('map-navigate-google')).toHaveAttribute(
        'href',
        `https://www.google.com/maps/dir/?api=1&destination=${CALLE_26.lat},${CALLE_26.lng}&travelmode=driving`,
      );
      await expect(page.getByTestId('map-navigate-waze')).toHaveAttribute('href', /^https:\/\/waze\.com\/ul\?ll=/);
      await mapShot(page, 'phone-desk-case-navigate');
      await page.keyboard.press('Escape');
      await expectNoSideScroll(page);
    });
  });

  test.describe('desk', () => {
    test.use(DESK);

    test('an address the maps cannot find: the map says so, no default place; the coordinator drops the pin', async ({
      page,
      asUser,
    }) => {
      // Chía: a rural address the maps provider does not know.
      const c = await createCaseAs(asUser, {
        placa: uniquePlate('P'),
        direccion: 'Vereda El Silencio',
        ciudad: { departamento: '25', uidciudad: '25175' },
      });
      const map = await asUser(DEMO.administrador, async (api) => {
        await expect.poll(async () => (await readMap(api, c.id)).lugar.direccionNoUbicada).toBe(true);
        return readMap(api, c.id);
      });
      expect(map.destino).toBeNull();
      await answerTiles(page, map.teselas.url);
      await openMap(page, c.id, DEMO.coordInvestigador);
      await expect(page.getByTestId('map-no-place')).toHaveText(
        fmt(T.direccionNoUbicada, { direccion: 'VEREDA EL SILENCIO' }),
      );
      await expect(marker(page, 'cliente')).toHaveCount(0);
      await mapShot(page, 'desk-no-place');
      await page.getByRole('button', { name: T.marcarLugar }).click();
      await expect(page.getByTestId('map-picking')).toHaveText(T.marqueLugar);
      const canvas = (await page.getByTestId('map-canvas').boundingBox())!;
      await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm).toContainText(fmt(T.confirmarLugar, { caso: c.caso }));
      await confirm.getByRole('button', { name: T.siMarcar }).click();
      await expect(page.getByTestId('success-toast')).toHaveText(`${MSG.lugarMarcado} · caso #${c.caso}`);
      await expect(marker(page, 'cliente')).toBeVisible();
      await expect(page.getByTestId('map-place-source')).toHaveText(/^Ubicación marcada por /);
      await expect(page.getByTestId('map-no-place')).toHaveCount(0);
      await mapShot(page, 'desk-pin-dropped');
    });
  });
});
