import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { MSG, TITLES, fmt } from '@vialex/domain';
import { BASE_URL, PASSWORD, login, logout, newContext, resetSessions, shot } from '../support/helpers';

/** Labels of the cases screens (apps/web/src/features/cases/texts.ts). */
const T = {
  nuevo: MSG.nuevo,
  cronos: 'Agregar caso Cronos',
  solicitar: 'Solicitar',
  asignar: 'Asignar',
  tipoUsuario: /^Tipo Usuario/,
  usuario: /^Usuario/,
  datosCaso: 'Datos del caso',
  tomar: 'Tomar caso',
  liberar: 'Liberar caso',
  archivar: 'Archivar caso',
  activar: 'Activar caso',
  autorizar: 'Autorizar asistencia especial',
  editar: 'Editar caso',
  registrar: 'REGISTRO DE AFECTADO',
};
const BOGOTA = { departamento: 'BOGOTÁ, D.C.', ciudad: 'BOGOTÁ, D.C.', uidciudad: '11001', dep: '11' };

const uniquePlate = () => `Z${Date.now().toString(36).toUpperCase().slice(-5)}`;
const uniqueId = () => Number(`9${Date.now().toString().slice(-8)}`);

/** A signed-in API session of a demo user, for setting the scene. */
async function signIn(email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const res = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return api;
}

async function signOut(api: APIRequestContext): Promise<void> {
  await api.post('/api/auth/logout');
  await api.dispose();
}

async function asUser<T>(email: string, work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await signIn(email);
  try {
    return await work(api);
  } finally {
    await signOut(api);
  }
}

interface Created {
  id: string;
  caso: number;
}

/** The call center opens a case through the API (the UI path has its own tests). */
async function createCase(placa = uniquePlate(), identificacion = 52367418): Promise<Created> {
  return asUser('callcenter@vialex.test', async (api) => {
    const [empresa] = await (await api.get('/api/lookups/empresas')).json();
    const res = await api.post('/api/casos', {
      data: {
        placa,
        relacion: 'Propietario',
        identificacion,
        tipocaso: 'Atropello',
        uidempresa: empresa.id,
        departamento: BOGOTA.dep,
        uidciudad: BOGOTA.uidciudad,
        direccion_siniestro: 'Calle 26 # 68-10',
        verificacion: 'Ninguno',
        tipo_producto: 'Ninguno',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  });
}

async function openList(page: Page, path = '/casos', title: string = TITLES.casos) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

/** Criteria panel: Caso = n; returns the case's row. */
async function searchCase(page: Page, caso: number): Promise<Locator> {
  const panel = page.getByRole('form', { name: MSG.buscar });
  if (!(await panel.getByLabel(MSG.campo).isVisible()))
    await panel.getByRole('button', { name: MSG.mostrarCriterios }).click();
  await panel.getByRole('combobox', { name: MSG.campo }).click();
  await page.getByRole('option', { name: 'Caso', exact: true }).click();
  await panel.getByRole('combobox', { name: MSG.operador }).click();
  await page.getByRole('option', { name: 'Igual', exact: true }).click();
  await panel.getByLabel(MSG.valor).fill(String(caso));
  await panel.getByRole('button', { name: MSG.buscar }).click();
  const row = page
    .getByTestId('list-row')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${caso}$`) }) });
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  return row;
}

/** The table scrolls sideways: bring its last columns (dispatch, archive, actions) into view. */
async function scrollTableRight(page: Page) {
  await page.locator('.MuiTableContainer-root').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
}

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Fills the add/edit case dialog after the plate. */
async function fillCase(page: Page, dialog: Locator, identificacion: string | number) {
  await choose(page, dialog, /^Relación con el vehículo/, 'Propietario');
  await dialog.getByLabel(/^Identificación/).fill(String(identificacion));
  await choose(page, dialog, /^Tipo de caso/, 'Choque simple');
  await choose(page, dialog, /^Empresa/, /SEGUROS DEL ESTADO/);
  await choose(page, dialog, /^Departamento/, BOGOTA.departamento);
  await dialog.getByRole('combobox', { name: /^Ciudad/ }).fill('BOGOT');
  await page.getByRole('option', { name: BOGOTA.ciudad }).click();
  await dialog.getByLabel(/^Dirección siniestro/).fill('Av. Boyacá # 80-20');
  await choose(page, dialog, /^Verificación de asegurabilidad/, 'Consulta en línea');
  await choose(page, dialog, /^Tipo de producto/, 'Todo riesgo taxis');
}

async function accept(
  page: Page,
  kind: 'success' | 'error' | 'info',
  title: string,
  message?: string,
  screenshot?: string,
) {
  const popup = page.getByTestId(`${kind}-dialog`);
  await expect(popup.getByRole('heading', { name: title })).toBeVisible();
  if (message) await expect(popup.getByText(message)).toBeVisible();
  if (screenshot) await shot(page, screenshot);
  await popup.getByRole('button', { name: MSG.aceptar }).click();
  await expect(popup).toBeHidden();
}

test.beforeEach(async ({ request }) => resetSessions(request));

test('call center creates a case from TAX123 (RC PUBLICO), sees its data and edits it', async ({ page }) => {
  await login(page, 'callcenter@vialex.test');
  await openList(page);
  await page.getByRole('button', { name: T.nuevo }).click();
  const dialog = page.getByRole('dialog', { name: 'AGREGAR' });
  await dialog.getByLabel(/^Placa/).fill('tax123');
  await expect(dialog.getByTestId('plate-plan')).toHaveText('Plan: RC PUBLICO');
  await expect(dialog.getByText(MSG.vehiculoConPolizaTecnicar)).toBeVisible();
  await fillCase(page, dialog, 79845123);
  await shot(page, 'cases-form-desktop');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'success', MSG.exito);

  const row = page.getByTestId('list-row').first();
  await expect(row).toContainText('CARLOS RAMÍREZ TORRES');
  await expect(row).toContainText('RC PUBLICO');
  await expect(row.getByTestId('origin-chip')).toHaveText('Tecnicar');
  await expect(row.getByTestId('origin-chip')).toHaveClass(/MuiChip-colorWarning/);
  await expect(row).toContainText('Recibido');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // A Recibido case can't be archived: no toggle.
  await expect(row.getByTestId('archive-switch')).toHaveCount(0);
  await shot(page, 'cases-list-desktop');
  await scrollTableRight(page);
  await shot(page, 'cases-list-actions-desktop');

  await row.getByRole('button', { name: T.datosCaso }).click();
  const info = page.getByTestId('case-info-dialog');
  await expect(info).toContainText('AV. BOYACÁ # 80-20');
  await expect(info.getByTestId('client-relation')).toHaveText('Propietario');
  await expect(info).toContainText('3104567890');
  await shot(page, 'cases-info-desktop');
  await info.getByRole('button', { name: MSG.cerrar }).click();

  await row.getByRole('button', { name: T.editar }).click();
  const edit = page.getByRole('dialog', { name: 'ACTUALIZAR' });
  await expect(edit.getByLabel(/^Placa/)).toHaveValue('TAX123');
  await expect(edit.getByLabel(/^Identificación/)).toHaveValue('79845123');
  // Another relation is another person: the identification is cleared.
  await choose(page, edit, /^Relación con el vehículo/, 'Conductor');
  await expect(edit.getByLabel(/^Identificación/)).toHaveValue('');
  await edit.getByLabel(/^Identificación/).fill('1020456789');
  await edit.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'success', MSG.exito);
  await expect(page.getByTestId('list-row').first()).toContainText('JORGE PINEDA RUEDA');

  // A new plate is looked up again: the plan and the vehicle follow it; the number stays.
  const numero = await page.getByTestId('list-row').first().locator('td').first().innerText();
  await page.getByTestId('list-row').first().getByRole('button', { name: T.editar }).click();
  const again = page.getByRole('dialog', { name: 'ACTUALIZAR' });
  await again.getByLabel(/^Placa/).fill('SEG456');
  await expect(again.getByTestId('plate-plan')).toHaveText('Plan: SEGURO TERCERO');
  await again.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'success', MSG.exito);
  const edited = page.getByTestId('list-row').first();
  await expect(edited).toContainText('SEGURO TERCERO');
  await expect(edited).toContainText('RENAULT LOGAN 2022');
  await expect(edited.locator('td').first()).toHaveText(numero);
  await logout(page);
});

test('unknown plate gives SIN PLAN; an unregistered person is registered on the spot; Cronos case is orange', async ({
  page,
}) => {
  const placa = uniquePlate();
  const identificacion = uniqueId();
  await login(page, 'callcenter@vialex.test');
  await openList(page);
  await page.getByRole('button', { name: T.nuevo }).click();
  const dialog = page.getByRole('dialog', { name: 'AGREGAR' });
  await dialog.getByLabel(/^Placa/).fill(placa);
  await expect(dialog.getByTestId('plate-plan')).toHaveText('Plan: SIN PLAN');
  await fillCase(page, dialog, identificacion);
  await dialog.getByRole('button', { name: MSG.guardar }).click();

  const quick = page.getByRole('dialog', { name: T.registrar });
  await expect(quick.getByText(MSG.usuarioNoRegistrado)).toBeVisible();
  await expect(quick.getByLabel(/^Identificación/)).toBeDisabled();
  await expect(quick.getByLabel(/^Identificación/)).toHaveValue(String(identificacion));
  await quick.getByLabel(/^Nombres/).fill('  pedro pablo ');
  await quick.getByLabel(/^Apellidos/).fill('león');
  await shot(page, 'cases-quick-client-desktop');
  await quick.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'success', MSG.exito);
  await expect(dialog.getByText(MSG.usuarioNoRegistrado)).toHaveCount(0);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'success', MSG.exito);
  const row = page.getByTestId('list-row').first();
  await expect(row).toContainText('PEDRO PABLO LEÓN');
  await expect(row).toContainText('SIN PLAN');
  await expect(row.getByTestId('origin-chip')).toHaveText('Vialex');
  await expect(row.getByTestId('origin-chip')).toHaveClass(/MuiChip-colorSuccess/);

  await page.getByRole('button', { name: T.cronos }).click();
  const cronos = page.getByRole('dialog', { name: 'AGREGAR CASO CRONOS' });
  await cronos.getByLabel(/^Placa/).fill(uniquePlate());
  await fillCase(page, cronos, 80123456);
  await shot(page, 'cases-cronos-desktop');
  await cronos.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'success', MSG.exito);
  await expect(page.getByTestId('list-row').first().getByTestId('origin-chip')).toHaveText('Cronos');
  await expect(page.getByTestId('list-row').first().getByTestId('origin-chip')).toHaveClass(/MuiChip-colorWarning/);
  await logout(page);
});

test('an answer lost on the way back: saving again gets the same case, not a second one', async ({ page }) => {
  const placa = uniquePlate();
  await login(page, 'callcenter@vialex.test');
  await openList(page);
  await page.getByRole('button', { name: T.nuevo }).click();
  const dialog = page.getByRole('dialog', { name: 'AGREGAR' });
  await dialog.getByLabel(/^Placa/).fill(placa);
  await expect(dialog.getByTestId('plate-plan')).toHaveText('Plan: SIN PLAN');
  await fillCase(page, dialog, 52367418);

  // The first save reaches the server, which opens the case; the browser never hears back.
  const keys: string[] = [];
  const isCreate = (url: URL) => url.pathname === '/api/casos';
  await page.route(isCreate, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    await route.abort('failed');
  });
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'error', MSG.oops, MSG.sinConexion);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'success', MSG.exito);
  await page.unroute(isCreate);

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys[1]).toBe(keys[0]);
  const criteria = encodeURIComponent(JSON.stringify([{ field: 'placa', op: 'eq', value: placa }]));
  const rows = await asUser(
    'administrador@vialex.test',
    async (api) => (await (await api.get(`/api/casos?criteria=${criteria}`)).json()).rows,
  );
  expect(rows).toHaveLength(1);
  await logout(page);
});

test('coordinator assigns the investigator, who sees the case and releases it', async ({ page }) => {
  const { caso } = await createCase();
  // Only signed-in agents are offered (signing in sets 'Activo en espera', signing out
  // 'Fuera de su horario laboral'): the investigator is at work while being assigned.
  const investigador = await signIn('investigador@vialex.test');
  await login(page, 'coord.investigador@vialex.test');
  await openList(page);
  const row = await searchCase(page, caso);
  await row.getByRole('button', { name: T.asignar }).click();
  const dialog = page.getByTestId('assign-agent-dialog');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expect(dialog.getByText(MSG.campoRequerido)).toHaveCount(2);
  await choose(page, dialog, T.tipoUsuario, 'Investigador');
  await dialog.getByRole('combobox', { name: T.usuario }).click();
  await expect(page.getByRole('option', { name: /Julián Martínez Peña/i })).toBeVisible();
  await shot(page, 'cases-assign-desktop');
  await page.getByRole('option', { name: /Julián Martínez Peña/i }).click();
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await accept(page, 'success', MSG.exito);
  await expect(row).toContainText(/Julián Martínez Peña/i);
  await logout(page);
  await signOut(investigador);

  await login(page, 'investigador@vialex.test');
  await openList(page);
  const own = await searchCase(page, caso);
  const release = own.getByRole('switch', { name: T.liberar });
  await expect(release).toBeChecked();
  await release.click();
  await accept(page, 'success', MSG.exito);
  // Investigador sees own cases only: released, it leaves the list.
  await expect(page.getByText(MSG.datosNoDisponibles)).toBeVisible();
  await logout(page);
});

test('abogado takes an unassigned case and may not create cases', async ({ page }) => {
  const { caso } = await createCase();
  await login(page, 'abogado@vialex.test');
  await openList(page);
  await page.getByRole('button', { name: T.nuevo }).click();
  await accept(page, 'info', MSG.noAutorizado);
  const row = await searchCase(page, caso);
  await expect(row.getByRole('button', { name: T.asignar })).toHaveCount(0);
  await row.getByRole('switch', { name: T.tomar }).click();
  await accept(page, 'success', MSG.exitoMayus, MSG.casoAsignado, 'cases-taken-desktop');
  await expect(row).toContainText(/Felipe Castro Niño/i);
  await expect(row.getByRole('switch', { name: T.liberar })).toBeChecked();
  await logout(page);
});

test('a Perito request on a SIN PLAN case is denied; a Dibujante request shows Solicitando', async ({ page }) => {
  const { caso } = await createCase();
  await login(page, 'coord.investigador@vialex.test');
  await openList(page);
  const row = await searchCase(page, caso);
  await row.getByRole('button', { name: T.solicitar }).click();
  const dialog = page.getByRole('dialog', { name: 'SOLICITAR AGENTE' });
  await dialog.getByRole('button', { name: T.solicitar }).click();
  await expect(dialog.getByText(MSG.campoRequerido)).toBeVisible();
  await dialog.getByRole('combobox', { name: T.tipoUsuario }).click();
  await expect(page.getByRole('option')).toHaveText(['Perito', 'Dibujante']);
  await page.getByRole('option', { name: 'Perito' }).click();
  await shot(page, 'cases-request-desktop');
  await dialog.getByRole('button', { name: T.solicitar }).click();
  await accept(page, 'error', MSG.operacionDenegada, MSG.planSinServicio, 'cases-denied-desktop');

  await row.getByRole('button', { name: T.solicitar }).click();
  await choose(page, dialog, T.tipoUsuario, 'Dibujante');
  await dialog.getByRole('button', { name: T.solicitar }).click();
  await accept(page, 'success', MSG.exito);
  await expect(row.getByTestId('agent-requested')).toHaveText(MSG.solicitando);
  await logout(page);
});

test('special attention: the orange dot until an administrator authorizes it', async ({ page }) => {
  const { id, caso } = await createCase(uniquePlate());
  await asUser('callcenter@vialex.test', async (api) =>
    expect((await api.post(`/api/casos/${id}/solicitar-atencion`)).ok()).toBeTruthy(),
  );
  await login(page, 'coord.contactcenter@vialex.test');
  await openList(page);
  const row = await searchCase(page, caso);
  await expect(row.getByTestId('attention-dot')).toBeVisible();
  await row.getByRole('button', { name: T.autorizar }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText(fmt(MSG.autorizarAtencion, { n: caso }))).toBeVisible();
  await shot(page, 'cases-authorize-desktop');
  await confirm.getByRole('button', { name: MSG.siAutorizar }).click();
  await accept(page, 'success', MSG.exito);
  await expect(row.getByTestId('attention-dot')).toHaveCount(0);
  await logout(page);
});

test('archive and restore a case whose status is past Recibido', async ({ page, request }) => {
  const { caso } = await createCase();
  // Test-only route (NODE_ENV=test): there is no status screen yet.
  const set = await request.post(`${BASE_URL}/api/test/case-status`, { data: { caso, estado: 'Verificado' } });
  expect(set.ok(), await set.text()).toBeTruthy();
  await login(page, 'administrador@vialex.test');
  await openList(page);
  const row = await searchCase(page, caso);
  await row.getByRole('switch', { name: T.archivar }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText(fmt(MSG.archivarCaso, { n: caso }))).toBeVisible();
  await shot(page, 'cases-archive-confirm-desktop');
  await confirm.getByRole('button', { name: MSG.siArchivar }).click();
  await accept(page, 'success', MSG.casoArchivado);
  await expect(page.getByText(MSG.datosNoDisponibles)).toBeVisible();

  await openList(page, '/casos-archivados', TITLES.casosArchivados);
  const archived = await searchCase(page, caso);
  await expect(page.getByRole('columnheader').last()).toHaveText('Activar');
  await scrollTableRight(page);
  await shot(page, 'cases-archived-desktop');
  await archived.getByRole('switch', { name: T.activar }).click();
  await expect(confirm.getByText(fmt(MSG.restablecerCaso, { n: caso }))).toBeVisible();
  await confirm.getByRole('button', { name: MSG.siRestablecer }).click();
  await accept(page, 'success', MSG.casoActivado);
  await expect(page.getByText(MSG.datosNoDisponibles)).toBeVisible();
  await logout(page);
});

test("a new case appears in a coordinator's open list without reloading", async ({ page, browser }) => {
  await login(page, 'coord.contactcenter@vialex.test');
  await openList(page);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The call center, in a browser of its own, creates a case.
  const other = await newContext(browser);
  const callcenter = await other.newPage();
  await login(callcenter, 'callcenter@vialex.test');
  await openList(callcenter);
  await callcenter.getByRole('button', { name: T.nuevo }).click();
  const dialog = callcenter.getByRole('dialog', { name: 'AGREGAR' });
  const placa = uniquePlate();
  await dialog.getByLabel(/^Placa/).fill(placa);
  await fillCase(callcenter, dialog, 1032478965);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await accept(callcenter, 'success', MSG.exito);
  const created = await callcenter.getByTestId('list-row').first().getByRole('cell').first().textContent();

  await expect(page.getByTestId('list-row').first().getByRole('cell').first()).toHaveText(created!);
  await expect(page.getByTestId('list-row').first()).toContainText('LAURA OSPINA VÉLEZ');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await logout(callcenter);
  await other.close();
  await logout(page);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the list scrolls sideways and every dialog is full-screen at 390×844', async ({ page }) => {
    const { caso } = await createCase('TAX123');
    await login(page, 'administrador@vialex.test');
    await openList(page);
    // The page never scrolls sideways; the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const table = page.locator('.MuiTableContainer-root');
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await shot(page, 'cases-list-phone');
    const row = await searchCase(page, caso);
    const shoot = async (open: () => Promise<void>, dialog: Locator, name: string) => {
      await open();
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box?.width).toBe(390);
      await shot(page, name);
      await dialog.getByRole('button', { name: /^(Cancelar|Cerrar)$/ }).click();
      await expect(dialog).toBeHidden();
    };
    await shoot(
      () => row.getByRole('button', { name: T.datosCaso }).click(),
      page.getByTestId('case-info-dialog').getByRole('dialog'),
      'cases-info-phone',
    );
    await shoot(
      () => row.getByRole('button', { name: T.solicitar }).click(),
      page.getByTestId('request-agent-dialog').getByRole('dialog'),
      'cases-request-phone',
    );
    await shoot(
      () => row.getByRole('button', { name: T.asignar }).click(),
      page.getByTestId('assign-agent-dialog').getByRole('dialog'),
      'cases-assign-phone',
    );
    await shoot(
      () => row.getByRole('button', { name: T.editar }).click(),
      page.getByRole('dialog', { name: 'ACTUALIZAR' }),
      'cases-form-phone',
    );
    await logout(page);
  });
});
