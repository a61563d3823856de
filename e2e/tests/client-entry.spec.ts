import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { DEMO, PASSWORD, PHONE, createCaseAs, dismissNotices, expect, signIn, test } from '../support';
import { authorise, clientShot, pendingLocation, sendCaseSms } from '../support/client';
import { answerTiles, near, placeAt } from '../support/map';
import { axeViolations } from '../support/a11y';

const L = LABELS.cliente;
const C = LABELS.chat;
/** The phone at the accident (Bogotá, near Calle 26), with its location allowed. */
const AT_ACCIDENT = { ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 4.6486, longitude: -74.1007 } };

const entryButton = (page: Page) => page.getByRole('button', { name: MSG.ingresarAlCaso });

/** axe (WCAG 2.1 A/AA) on the entry page: no serious or critical violation. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}
const composer = (page: Page) => page.getByRole('textbox', { name: C.mensaje });

/**
 * The driver's side (spec 3 §2 "Client case entry", §7): from the SMS link in the case's
 * outbox to their case's chat on a phone, seen live by the staff; the entry page's refusals.
 */
test('the driver follows the SMS link on a phone, enters, lands on the chat and writes; the desk sees the message and the case Verificado live', async ({
  page,
  asUser,
  openContext,
}) => {
  // TAX123: an RC policy, so the plan lets the SMS go. The case is Recibido.
  const { id, caso } = await createCaseAs(asUser, { placa: 'TAX123' });
  await signIn(page, DEMO.administrador, { at: `/gestionar-caso/${id}` });
  await expect(page.getByTestId('workspace-status')).toContainText('Recibido');
  const shortLink = await sendCaseSms(page);
  await page.getByRole('tab', { name: LABELS.espacio.pestanas.chat }).click();
  await expect(page.getByTestId('chat-room')).toBeVisible();

  const phone = await (await openContext(AT_ACCIDENT)).newPage();
  await phone.goto(shortLink);
  await expect(phone).toHaveURL(/\/login\/auth-cliente\/[A-Za-z0-9_.-]+$/);
  await expect(phone.getByTestId('client-entry-case')).toHaveText(fmt(L.numeroCaso, { caso }));
  await expect(entryButton(phone)).toBeEnabled();
  await expect(phone.getByTestId('geo-warning')).toBeHidden();
  await expect(phone.getByTestId('client-entry-location')).toHaveText(L.ubicacionLista);
  await clientShot(phone, 'entry-ready');
  await expectAccessible(phone, 'entry page, ready');

  await authorise(phone);
  await entryButton(phone).click();
  await expect(phone).toHaveURL(/\/caso-cliente\/chat$/);
  await expect(phone.getByTestId('chat-room')).toBeVisible();
  await expect(phone.getByRole('tab', { name: L.pestanas.chat })).toHaveAttribute('aria-selected', 'true');
  // Bogotá assigns automatically: the status card says the outcome (on the way, or nobody free).
  await expect(phone.getByTestId('client-status-title')).toHaveText(
    new RegExp(`(va en camino|${MSG.noHayInvestigadores})`),
  );

  // The desk sees the case verified at the client's place, without a reload.
  await expect(page.getByTestId('workspace-status')).toContainText('Verificado');

  const text = `Estoy en el lugar del accidente ${Date.now()}`;
  await composer(phone).fill(text);
  await composer(phone).press('Enter');
  await expect(phone.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await clientShot(phone, 'case-chat');

  // And the desk's answer reaches the phone live, in its event: the phone reads nothing for it.
  const phoneReads = () =>
    phone.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('despues=')).length);
  const phoneReadsBefore = await phoneReads();
  const answer = `Vamos en camino ${Date.now()}`;
  await composer(page).fill(answer);
  await composer(page).press('Enter');
  await expect(phone.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
  expect(await phoneReads()).toBe(phoneReadsBefore);
  // Each side sees the other read its message (each screen, at its newest message, marks it over
  // its socket).
  await expect(
    phone.getByTestId('chat-message').filter({ hasText: text }).getByTestId('chat-ticks-visto'),
  ).toBeVisible();
  await expect(
    page.getByTestId('chat-message').filter({ hasText: answer }).getByTestId('chat-ticks-visto'),
  ).toBeVisible();

  // Without a signal the phone says so, keeps what is written, and sends it once the signal is back.
  await phone.context().setOffline(true);
  await expect(phone.getByTestId('client-offline')).toHaveText(MSG.sinConexionCliente);
  const later = `Aquí no hay señal ${Date.now()}`;
  await composer(phone).fill(later);
  await composer(phone).press('Enter');
  await expect(phone.getByTestId('chat-message-pending').filter({ hasText: later })).toBeVisible();
  await clientShot(phone, 'case-chat-offline');
  await expectAccessible(phone, 'case chat, offline');
  await phone.context().setOffline(false);
  await expect(phone.getByTestId('client-offline')).toHaveCount(0);
  await expect(page.getByTestId('chat-message').filter({ hasText: later })).toBeVisible();

  await phone.getByRole('tab', { name: L.pestanas.informacion }).click();
  await expect(phone.getByTestId('client-info-caso')).toHaveText(String(caso));
  await expect(phone.getByTestId('client-info-estado')).toHaveText(L.estadoAbierto);
  await expect(phone.getByTestId('client-info-placa')).toHaveText('TAX123');
  await clientShot(phone, 'case-informacion');

  const map = await (await phone.request.get('/api/cliente/mapa')).json();
  await answerTiles(phone, map.teselas.url);
  await phone.getByRole('tab', { name: L.pestanas.mapa }).click();
  await expect(phone.getByTestId('map-marker-cliente')).toBeVisible();
  await clientShot(phone, 'case-mapa');

  // A second phone with the same link is refused while the client is in.
  const other = await (await openContext(AT_ACCIDENT)).newPage();
  await other.goto(shortLink);
  await expect(other.getByTestId('client-entry-error')).toHaveText(MSG.casoYaIngresado);
  await expect(entryButton(other)).toBeDisabled();

  // Salir: back to the entry page of the link, which opens the case again.
  await phone.getByTestId('client-exit').click();
  await expect(phone).toHaveURL(/\/login\/auth-cliente\/[A-Za-z0-9_.-]+$/);
  await expect(phone.getByTestId('client-entry-notice')).toHaveText(MSG.sesionClienteCerrada);
  await expect(entryButton(phone)).toBeEnabled();
  expect((await phone.request.get('/api/cliente/yo')).status()).toBe(401);
});

test.describe('the entry page at phone size', () => {
  test.use(AT_ACCIDENT);

  test("is the server's page with one script of a few KB (≤ 150 KB budget): no React, no staff app; the case's app loads after the tap", async ({
    page,
    asUser,
  }) => {
    const { id, caso } = await createCaseAs(asUser, { placa: 'TAX123' });
    const shortLink = await linkOf(asUser, id);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    // The API is not asked what the link opens: the page came with it.
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/cliente/entrada/') && asked.push(r.url()));
    await page.goto(shortLink);
    await expect(page.getByTestId('client-entry-case')).toHaveText(fmt(L.numeroCaso, { caso }));
    await expect(entryButton(page)).toBeEnabled();
    expect(asked).toEqual([]);
    const dist = path.resolve(
      fileURLToPath(new URL('../../', import.meta.url)),
      process.env.WEB_DIST ?? 'apps/web/dist',
    );
    const before = [...scripts];
    const gzipped = before.map((p) => zlib.gzipSync(fs.readFileSync(path.join(dist, p)), { level: 9 }).length);
    const kb = gzipped.reduce((a, b) => a + b, 0) / 1024;
    expect(kb, before.join(', ')).toBeLessThanOrEqual(150);
    // One request: the entry's own script (entrada/), a few KB.
    expect(before, before.join(', ')).toHaveLength(1);
    expect(before[0]).toMatch(/^\/assets\/entrada-[\w-]+\.js$/);
    expect(kb).toBeLessThanOrEqual(8);
    expect(fs.readFileSync(path.join(dist, before[0]), 'utf8')).not.toMatch(/react|Mui/i);

    // The tap enters and then loads the case's React app.
    await authorise(page);
    await entryButton(page).click();
    await expect(page).toHaveURL(/\/caso-cliente\/chat$/);
    await expect(page.getByTestId('chat-room')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.slice(1).join(' ')).toMatch(/\/assets\/cliente-/);
  });

  test('a forged link says "El caso no existe" and cannot be entered', async ({ page }) => {
    await page.goto('/login/auth-cliente/forged-token');
    await expect(page.getByTestId('client-entry-error')).toHaveText(MSG.casoNoExiste);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MSG.ingresarAlCaso);
    await expect(page.getByTestId('client-entry-location')).toHaveText(L.ubicacionLista);
    await expect(entryButton(page)).toBeDisabled();
    await clientShot(page, 'entry-error');
    await expectAccessible(page, 'entry page, refused');
  });

  test('while the position is unknown the banner shows and the button waits', async ({ page, asUser }) => {
    const { id } = await createCaseAs(asUser, { placa: 'TAX123' });
    const shortLink = await linkOf(asUser, id);
    await page.addInitScript(pendingLocation);
    await page.goto(shortLink);
    await expect(page.getByTestId('client-entry-case')).toBeVisible();
    await expect(page.getByTestId('geo-warning')).toHaveText(MSG.geolocalizacionApagada);
    await expect(page.getByTestId('client-entry-location')).toHaveText(L.buscandoUbicacion);
    await expect(entryButton(page)).toBeDisabled();
    await clientShot(page, 'entry-pending');
  });
});

test.describe('location denied', () => {
  test.use({ ...PHONE, permissions: [], geolocation: undefined });

  test('keeps the button disabled with the banner', async ({ page, asUser }) => {
    const { id } = await createCaseAs(asUser, { placa: 'TAX123' });
    const shortLink = await linkOf(asUser, id);
    await page.goto(shortLink);
    await expect(page.getByTestId('client-entry-case')).toBeVisible();
    await expect(page.getByTestId('geo-warning')).toHaveText(MSG.geolocalizacionApagada);
    // Denied: the banner turns filled (as MUI's filled warning), nothing is being looked for.
    await expect(page.getByTestId('geo-warning')).toHaveClass(/llena/);
    await expect(page.getByTestId('client-entry-location')).toHaveText('\u00a0');
    await expect(entryButton(page)).toBeDisabled();
    await clientShot(page, 'entry-denied');
    await expectAccessible(page, 'entry page, location denied');
  });
});

test('after its 120 minutes the session ends on the next step: back to the entry page, which says so', async ({
  asUser,
  openContext,
}) => {
  const { id, caso } = await createCaseAs(asUser, { placa: 'TAX123' });
  const shortLink = await linkOf(asUser, id);
  const phone = await (await openContext(AT_ACCIDENT)).newPage();
  await phone.goto(shortLink);
  await authorise(phone);
  await entryButton(phone).click();
  await expect(phone).toHaveURL(/\/caso-cliente\/chat$/);
  await expect(phone.getByTestId('chat-room')).toBeVisible();

  // Only the session's row ends here, not its socket's timer (which ends it on time in real use):
  // the next step that reaches the server meets it. (Switching tabs shows what was read moments
  // ago without reading again, so it is not such a step.) On a busy machine a read of the page's
  // own may still be on its way (its socket's first events ask for one) and meet it first, so
  // the message is typed with the keyboard into the composer focused beforehand: typing waits
  // for no element, and whichever request comes first leads to the same entry page.
  await composer(phone).focus();
  const ended = await phone.request.post('/api/test/expire-client-session', { data: { caso } });
  expect(ended.ok()).toBeTruthy();
  await phone.keyboard.type('¿Sigue ahí mi asesor?');
  await phone.keyboard.press('Enter');
  await expect(phone).toHaveURL(/\/login\/auth-cliente\/[A-Za-z0-9_.-]+$/);
  await expect(phone.getByTestId('client-entry-notice')).toHaveText(MSG.sesionClienteTerminada);
  // The flag cleared with the session: the link opens the case again.
  await expect(entryButton(phone)).toBeEnabled();
  expect((await phone.request.get('/api/cliente/yo')).status()).toBe(401);
  await clientShot(phone, 'entry-session-ended');
});

test("the desk ends the driver's session, then revokes the link: the phone leaves the case at once, saying why", async ({
  page,
  asUser,
  openContext,
}) => {
  const { id, caso } = await createCaseAs(asUser, { placa: 'TAX123' });
  await signIn(page, DEMO.administrador, { at: `/gestionar-caso/${id}` });
  const shortLink = await sendCaseSms(page);
  const panel = page.getByRole('region', { name: LABELS.casoSms.titulo });
  const phone = await (await openContext(AT_ACCIDENT)).newPage();
  await phone.goto(shortLink);
  await authorise(phone);
  await entryButton(phone).click();
  await expect(phone.getByTestId('chat-room')).toBeVisible();

  // The panel sees the driver come in, live, and ends their session after naming the case.
  await expect(panel.getByTestId('sms-sesion-cliente')).toBeVisible();
  await panel.getByRole('button', { name: LABELS.casoSms.terminarSesion }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(fmt(LABELS.casoSms.terminarSesionPregunta, { caso }));
  await confirm.getByRole('button', { name: LABELS.casoSms.siTerminar }).click();
  // The phone does nothing: its live channel says the session ended.
  await expect(phone).toHaveURL(/\/login\/auth-cliente\/[A-Za-z0-9_.-]+$/);
  await expect(phone.getByTestId('client-entry-notice')).toHaveText(MSG.sesionClienteCerradaPorAsesor);
  await expect(panel.getByTestId('sms-sesion-cliente')).toBeHidden();
  await clientShot(phone, 'entry-session-ended-by-desk');

  // The link still opens the case: the driver enters again (the notice already authorised on this
  // case, no box to tick). Then the desk revokes it.
  await expect(entryButton(phone)).toBeEnabled();
  await expect(phone.getByRole('checkbox')).toHaveCount(0);
  await entryButton(phone).click();
  await expect(phone.getByTestId('chat-room')).toBeVisible();
  await expect(panel.getByTestId('sms-sesion-cliente')).toBeVisible();
  await dismissNotices(page);
  await panel.getByRole('button', { name: LABELS.casoSms.revocar }).click();
  await confirm.getByRole('button', { name: LABELS.casoSms.siRevocar }).click();
  await expect(phone).toHaveURL(/\/login\/auth-cliente\/[A-Za-z0-9_.-]+$/);
  await expect(phone.getByTestId('client-entry-notice')).toHaveText(MSG.sesionClienteRevocada);
  // A revoked link opens nothing.
  await expect(phone.getByTestId('client-entry-error')).toHaveText(MSG.casoNoExiste);
  await expect(entryButton(phone)).toBeDisabled();
  expect((await phone.request.get('/api/cliente/yo')).status()).toBe(401);
  await clientShot(phone, 'entry-link-revoked');
});

const S = L.seguimiento;
const statusTitle = (page: Page) => page.getByTestId('client-status-title');
/** The company's line (COMPANY_PHONE's default). */
const CALL = { name: 'Llamar a mi asesor: +57 601 555 0100', href: 'tel:+576015550100' };

test('the status card follows the investigator live: looking, on the way with the minutes, arrived', async ({
  asUser,
  apiAs,
  openContext,
}) => {
  // Medellín: no automatic assignment, so the driver sees the search until the desk assigns. An
  // investigator of its own (the demo one may be busy with other specs' cases), covering Medellín.
  const n = Date.now() % 100_000_000;
  const email = `julian${n}@vialex.test`;
  const julian = await asUser(DEMO.administrador, async (admin) => {
    const created = await admin.post('/api/usuarios', {
      data: {
        nombres: 'Julián',
        apellidos: 'Restrepo',
        identificacion: String(70_000_000 + (n % 10_000_000)),
        telefono: '3001234567',
        email,
        cargo: 'Investigador',
        area: 'INVESTIGACIÓN',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const cities = await admin.put(`/api/usuarios/${id}/ciudades`, { data: { ciudades: ['05001'] } });
    expect(cities.ok(), await cities.text()).toBeTruthy();
    return id;
  });
  const { id } = await createCaseAs(asUser, {
    placa: 'TAX123',
    ciudad: { departamento: '05', uidciudad: '05001' },
  });
  const shortLink = await linkOf(asUser, id);
  const phone = await (await openContext(AT_ACCIDENT)).newPage();
  await phone.goto(shortLink);
  await authorise(phone);
  await entryButton(phone).click();
  await expect(phone.getByTestId('chat-room')).toBeVisible();
  await expect(statusTitle(phone)).toHaveText(S.buscando);
  await expect(phone.getByTestId('client-status-detail')).toHaveText(S.buscandoDetalle);
  await clientShot(phone, 'status-buscando');

  // The investigator signs in, shares their position 2 km away, and the desk assigns them: the
  // phone's card changes without a reload.
  const investigator = await apiAs(email);
  await placeAt(
    investigator,
    near({ lat: AT_ACCIDENT.geolocation.latitude, lng: AT_ACCIDENT.geolocation.longitude }, 0.012, 0.012),
  );
  await asUser(DEMO.administrador, async (admin) => {
    const assigned = await admin.post(`/api/casos/${id}/asignar`, { data: { tipo: 'Investigador', usuario: julian } });
    expect(assigned.ok(), await assigned.text()).toBeTruthy();
  });
  await expect(statusTitle(phone)).toHaveText(/^Julián va en camino\s·\s\d+\smin(\saprox\.)?$/);
  await expect(phone.getByTestId('client-status')).not.toContainText('Restrepo');
  const minutes = /·\s(\d+)\smin/.exec((await statusTitle(phone).textContent()) ?? '')![1];
  await clientShot(phone, 'status-en-camino-chat');
  await phone.getByRole('tab', { name: L.pestanas.informacion }).click();
  await expect(phone.getByTestId('client-info-llegadaInvestigador')).toHaveText(
    new RegExp(`^En camino · ${minutes} min \\(`),
  );
  await clientShot(phone, 'status-en-camino-informacion');

  // Arrival marked: the card and the tab say it once, with the time; no time to arrive beside it.
  const arrival = await investigator.post(`/api/casos/${id}/llegada`);
  expect(arrival.ok(), await arrival.text()).toBeTruthy();
  await expect(statusTitle(phone)).toHaveText(/^Julián llegó a las \d{2}:\d{2}$/);
  const hora = /(\d{2}:\d{2})$/.exec((await statusTitle(phone).textContent()) ?? '')![1];
  await expect(phone.getByTestId('client-info-llegadaInvestigador')).toHaveText(`Llegó a las ${hora}`);
  await expect(phone.getByTestId('client-info')).not.toContainText('—');
  await expect(phone.getByTestId('client-info')).not.toContainText(' min (');
  await clientShot(phone, 'status-llego-informacion');
  await phone.getByRole('tab', { name: L.pestanas.chat }).click();
  await expect(phone.getByTestId('chat-room')).toBeVisible();
  await clientShot(phone, 'status-llego-chat');
});

test.describe('the call to the advisor, and nobody free', () => {
  // Far from every investigator (Villavicencio, ~80 km from Bogotá): the entry's assignment finds nobody.
  test.use({ ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 4.142, longitude: -73.626 } });

  test('the entry page and the case page offer the call; nobody free says what happens next, and stays', async ({
    page,
    asUser,
  }) => {
    const { id } = await createCaseAs(asUser, { placa: 'TAX123' });
    const shortLink = await linkOf(asUser, id);
    await page.goto(shortLink);
    const entryCall = page.getByRole('link', { name: CALL.name });
    await expect(entryCall).toHaveAttribute('href', CALL.href);
    await expect(entryCall).toContainText(L.llamarAsesor);
    await expect(page.getByText(L.lema)).toBeVisible();
    await expect(entryButton(page)).toBeEnabled();
    await clientShot(page, 'entry-call');

    await authorise(page);
    await entryButton(page).click();
    await expect(page.getByTestId('chat-room')).toBeVisible();
    await expect(statusTitle(page)).toHaveText(MSG.noHayInvestigadores);
    await expect(page.getByTestId('client-status-detail')).toHaveText(S.sinDisponiblesDetalle);
    await expect(page.getByRole('link', { name: CALL.name })).toHaveAttribute('href', CALL.href);
    await clientShot(page, 'status-sin-disponibles');
    // No toast that vanishes: the card still says it after a reload.
    await page.reload();
    await expect(statusTitle(page)).toHaveText(MSG.noHayInvestigadores);
    await page.getByRole('tab', { name: L.pestanas.informacion }).click();
    const full = page.getByTestId('client-call-full');
    await expect(full).toHaveAttribute('href', CALL.href);
    await expect(full).toContainText('+57 601 555 0100');
    await clientShot(page, 'status-sin-disponibles-informacion');

    // A refused link offers the call too.
    await page.goto('/login/auth-cliente/forged-token');
    await expect(page.getByTestId('client-entry-error')).toHaveText(MSG.casoNoExiste);
    await expect(page.getByRole('link', { name: CALL.name })).toHaveAttribute('href', CALL.href);
    await clientShot(page, 'entry-error-call');
  });
});

test('while the case loads the driver sees the brand, a spinner and "Cargando su caso…"', async ({
  asUser,
  openContext,
}) => {
  const { id } = await createCaseAs(asUser, { placa: 'TAX123' });
  const shortLink = await linkOf(asUser, id);
  const phone = await (await openContext({ ...AT_ACCIDENT, serviceWorkers: 'block' })).newPage();
  await phone.goto(shortLink);
  await expect(entryButton(phone)).toBeEnabled();
  /** Holds the scripts matching `pattern` until released. */
  const hold = async (pattern: RegExp) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await phone.route(pattern, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  };
  const app = await hold(/\/assets\/cliente-[\w-]+\.js$/);
  const tabs = await hold(/\/assets\/client-case-route-[\w-]+\.js$/);
  await authorise(phone);
  await entryButton(phone).click();
  // The page's own first paint, before any script: the brand, not a bare spinner.
  const boot = phone.getByTestId('client-boot');
  await expect(boot).toContainText('VIALEX');
  await expect(boot).toContainText(L.cargandoCaso);
  await clientShot(phone, 'loading-boot');
  app();
  // React's, while the case's tabs load.
  const loading = phone.getByTestId('client-loading');
  await expect(loading).toContainText('VIALEX');
  await expect(loading).toContainText(L.cargandoCaso);
  await expect(loading.locator('.MuiCircularProgress-root')).toBeVisible();
  await clientShot(phone, 'loading-case');
  tabs();
  await expect(phone.getByTestId('chat-room')).toBeVisible();
});

/** The SMS sent through the API by the contact-centre desk: the short link it carries. */
async function linkOf(asUser: Parameters<typeof createCaseAs>[0], caseId: string): Promise<string> {
  return asUser(DEMO.administrador, async (api) => {
    const sent = await api.post(`/api/casos/${caseId}/sms`, { data: { telefono: '+573104567890' } });
    expect(sent.ok(), await sent.text()).toBeTruthy();
    const panel = await (await api.get(`/api/casos/${caseId}/sms`)).json();
    return new URL(panel.mensajes[0].enlace.url).pathname;
  });
}
