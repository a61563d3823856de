import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  accept,
  expect,
  expectCreatedCase,
  expectNoSideScroll,
  expectSuccess,
  logout,
  openScreen,
  pick,
  caseRow,
  rows,
  searchBy,
  setCaseStatus,
  shot,
  signIn,
  signOut,
  startsWith,
  test,
  createCaseAs,
  uniquePlate,
  type AsUser,
} from '../support';
import type { Locator, Page } from '@playwright/test';

const C = LABELS.casos;
/** Form fields, by the start of their label (required ones end in ' *'). */
const F = {
  placa: startsWith(C.placa),
  relacion: startsWith(C.relacion),
  identificacion: startsWith(C.identificacion),
  tipoCaso: startsWith(C.tipoCaso),
  empresa: startsWith(C.empresa),
  departamento: startsWith(C.departamento),
  ciudad: startsWith(C.ciudad),
  direccion: startsWith(C.direccionSiniestro),
  verificacion: startsWith(C.verificacion),
  tipoProducto: startsWith(C.tipoProducto),
  nombres: startsWith(C.nombres),
  apellidos: startsWith(C.apellidos),
  tipoUsuario: startsWith(C.tipoUsuario),
  usuario: startsWith(C.usuario),
};
const plan = (name: string) => fmt(C.planConsultado, { plan: name });
const BOGOTA = { departamento: 'BOGOTÁ, D.C.', ciudad: 'BOGOTÁ, D.C.', uidciudad: '11001', dep: '11' };

const uniqueId = () => Number(`9${Date.now().toString().slice(-8)}`);

interface Created {
  id: string;
  caso: number;
}

const createCase = (asUser: AsUser, placa = uniquePlate('Z'), identificacion = 52367418): Promise<Created> =>
  createCaseAs(asUser, { placa, identificacion });

/** Criteria panel: Caso = n; returns the case's row. */
async function searchCase(page: Page, caso: number): Promise<Locator> {
  await searchBy(page, C.caso, LABELS.operadores.eq, String(caso));
  await expect(rows(page)).toHaveCount(1);
  return caseRow(page, caso);
}

/** The table scrolls sideways: bring its last columns (dispatch, archive, actions) into view. */
async function scrollTableRight(page: Page) {
  await page.locator('.MuiTableContainer-root').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
}

/** Fills the add/edit case dialog after the plate. */
async function fillCase(page: Page, dialog: Locator, identificacion: string | number) {
  await pick(page, dialog, F.relacion, 'Propietario');
  await dialog.getByLabel(F.identificacion).fill(String(identificacion));
  await pick(page, dialog, F.tipoCaso, 'Choque simple');
  await pick(page, dialog, F.empresa, /SEGUROS DEL ESTADO/);
  await pick(page, dialog, F.departamento, BOGOTA.departamento);
  await dialog.getByRole('combobox', { name: F.ciudad }).fill('BOGOT');
  await page.getByRole('option', { name: BOGOTA.ciudad }).click();
  await dialog.getByLabel(F.direccion).fill('Av. Boyacá # 80-20');
  await pick(page, dialog, F.verificacion, 'Consulta en línea');
  await pick(page, dialog, F.tipoProducto, 'Todo riesgo taxis');
}

test('call center creates a case from TAX123 (RC PUBLICO), sees its data and edits it', async ({ page }) => {
  await signIn(page, DEMO.callCenter, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  await page.getByRole('button', { name: MSG.nuevo }).click();
  const dialog = page.getByRole('dialog', { name: LABELS.list.agregar });
  await dialog.getByLabel(F.placa).fill('tax123');
  await expect(dialog.getByTestId('plate-plan')).toHaveText(plan('RC PUBLICO'));
  await expect(dialog.getByText(MSG.vehiculoConPolizaTecnicar)).toBeVisible();
  await fillCase(page, dialog, 79845123);
  await shot(page, 'cases-form-desktop');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  const caso = await expectCreatedCase(page);

  const row = rows(page).first();
  await expect(row).toContainText('CARLOS RAMÍREZ TORRES');
  await expect(row).toContainText('RC PUBLICO');
  await expect(row.getByTestId('origin-chip')).toHaveText('Tecnicar');
  await expect(row.getByTestId('origin-chip')).toHaveClass(/MuiChip-colorWarning/);
  await expect(row).toContainText('Recibido');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // A Recibido case can't be archived yet: the switch is there, disabled, saying why.
  const archive = row.getByRole('switch', { name: C.archivarCaso });
  await expect(archive).toBeDisabled();
  await expect(archive).toHaveAccessibleDescription(MSG.recibidoNoArchivable);
  await shot(page, 'cases-list-desktop');
  await scrollTableRight(page);
  await shot(page, 'cases-list-actions-desktop');

  await row.getByRole('button', { name: C.datosCaso }).click();
  const info = page.getByTestId('case-info-dialog');
  await expect(info).toContainText('AV. BOYACÁ # 80-20');
  await expect(info.getByTestId('client-relation')).toHaveText('Propietario');
  await expect(info).toContainText('3104567890');
  await shot(page, 'cases-info-desktop');
  await info.getByRole('button', { name: MSG.cerrar }).click();

  await row.getByRole('button', { name: C.editarCaso }).click();
  const edit = page.getByRole('dialog', { name: LABELS.list.actualizar });
  await expect(edit.getByLabel(F.placa)).toHaveValue('TAX123');
  await expect(edit.getByLabel(F.identificacion)).toHaveValue('79845123');
  // Another relation is another person: the identification is cleared.
  await pick(page, edit, F.relacion, 'Conductor');
  await expect(edit.getByLabel(F.identificacion)).toHaveValue('');
  await edit.getByLabel(F.identificacion).fill('1020456789');
  await edit.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.casoActualizado, { caso }) });
  await expect(rows(page).first()).toContainText('JORGE PINEDA RUEDA');

  // A new plate is looked up again: the plan and the vehicle follow it; the number stays.
  const numero = await rows(page).first().locator('td').first().innerText();
  await rows(page).first().getByRole('button', { name: C.editarCaso }).click();
  const again = page.getByRole('dialog', { name: LABELS.list.actualizar });
  await again.getByLabel(F.placa).fill('SEG456');
  await expect(again.getByTestId('plate-plan')).toHaveText(plan('SEGURO TERCERO'));
  await again.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.casoActualizado, { caso }) });
  const edited = rows(page).first();
  await expect(edited).toContainText('SEGURO TERCERO');
  await expect(edited).toContainText('RENAULT LOGAN 2022');
  await expect(edited.locator('td').first()).toHaveText(numero);
});

test('unknown plate gives SIN PLAN; an unregistered person is registered on the spot; Cronos case is orange', async ({
  page,
}) => {
  const placa = uniquePlate('Z');
  const identificacion = uniqueId();
  await signIn(page, DEMO.callCenter, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  await page.getByRole('button', { name: MSG.nuevo }).click();
  const dialog = page.getByRole('dialog', { name: LABELS.list.agregar });
  await dialog.getByLabel(F.placa).fill(placa);
  await expect(dialog.getByTestId('plate-plan')).toHaveText(plan('SIN PLAN'));
  await fillCase(page, dialog, identificacion);
  await dialog.getByRole('button', { name: MSG.guardar }).click();

  const quick = page.getByRole('dialog', { name: C.registroAfectado });
  await expect(quick.getByText(MSG.usuarioNoRegistrado)).toBeVisible();
  await expect(quick.getByLabel(F.identificacion)).toBeDisabled();
  await expect(quick.getByLabel(F.identificacion)).toHaveValue(String(identificacion));
  await quick.getByLabel(F.nombres).fill('  pedro pablo ');
  await quick.getByLabel(F.apellidos).fill('león');
  await shot(page, 'cases-quick-client-desktop');
  await quick.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.afectadoRegistrado, { nombre: 'PEDRO PABLO LEÓN' }) });
  await expect(dialog.getByText(MSG.usuarioNoRegistrado)).toHaveCount(0);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  const first = await expectCreatedCase(page);
  const row = rows(page).first();
  await expect(row).toContainText('PEDRO PABLO LEÓN');
  await expect(row).toContainText('SIN PLAN');
  await expect(row.getByTestId('origin-chip')).toHaveText('Vialex');
  await expect(row.getByTestId('origin-chip')).toHaveClass(/MuiChip-colorSuccess/);

  await page.getByRole('button', { name: C.agregarCronos }).click();
  const cronos = page.getByRole('dialog', { name: C.agregarCasoCronos });
  await cronos.getByLabel(F.placa).fill(uniquePlate('Z'));
  await fillCase(page, cronos, 80123456);
  await shot(page, 'cases-cronos-desktop');
  await cronos.getByRole('button', { name: MSG.guardar }).click();
  await expectCreatedCase(page, first);
  await expect(rows(page).first().getByTestId('origin-chip')).toHaveText('Cronos');
  await expect(rows(page).first().getByTestId('origin-chip')).toHaveClass(/MuiChip-colorWarning/);
});

test('an answer lost on the way back: saving again gets the same case, not a second one', async ({ page, asUser }) => {
  const placa = uniquePlate('Z');
  await signIn(page, DEMO.callCenter, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  await page.getByRole('button', { name: MSG.nuevo }).click();
  const dialog = page.getByRole('dialog', { name: LABELS.list.agregar });
  await dialog.getByLabel(F.placa).fill(placa);
  await expect(dialog.getByTestId('plate-plan')).toHaveText(plan('SIN PLAN'));
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
  await accept(page, 'error', { title: MSG.oops, message: MSG.sinConexion });
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expectCreatedCase(page);
  await page.unroute(isCreate);

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys[1]).toBe(keys[0]);
  const criteria = encodeURIComponent(JSON.stringify([{ field: 'placa', op: 'eq', value: placa }]));
  const found = await asUser(
    DEMO.administrador,
    async (api) => (await (await api.get(`/api/casos?criteria=${criteria}`)).json()).rows,
  );
  expect(found).toHaveLength(1);
});

test('coordinator assigns the investigator, who sees the case and releases it', async ({ page, apiAs, asUser }) => {
  const { caso } = await createCase(asUser);
  // Only signed-in agents are offered (signing in sets 'Activo en espera', signing out
  // 'Fuera de su horario laboral'): the investigator is at work while being assigned.
  const investigador = await apiAs(DEMO.investigador);
  await signIn(page, DEMO.coordInvestigador, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  const row = await searchCase(page, caso);
  await row.getByRole('button', { name: C.asignar }).click();
  const dialog = page.getByTestId('assign-agent-dialog');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expect(dialog.getByText(MSG.campoRequerido)).toHaveCount(2);
  await pick(page, dialog, F.tipoUsuario, 'Investigador');
  await dialog.getByRole('combobox', { name: F.usuario }).click();
  await expect(page.getByRole('option', { name: /Julián Martínez Peña/i })).toBeVisible();
  await shot(page, 'cases-assign-desktop');
  await page.getByRole('option', { name: /Julián Martínez Peña/i }).click();
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.agenteAsignado, { nombre: 'JULIÁN MARTÍNEZ PEÑA', caso }) });
  await expect(row).toContainText(/Julián Martínez Peña/i);
  await logout(page);
  await signOut(investigador);

  await signIn(page, DEMO.investigador, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  const own = await searchCase(page, caso);
  const release = own.getByRole('switch', { name: C.liberarCaso });
  await expect(release).toBeChecked();
  await release.click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByRole('heading', { name: fmt(FEEDBACK.liberarCaso, { n: caso }) })).toBeVisible();
  await confirm.getByRole('button', { name: FEEDBACK.siLiberar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.casoLiberado, { caso }) });
  // Investigador sees own cases only: released, it leaves the list (the search finds it no more).
  await expect(page.getByTestId('list-no-match')).toContainText(C.ningunCaso);
});

test('abogado takes an unassigned case and may not create cases', async ({ page, asUser }) => {
  const { caso } = await createCase(asUser);
  await signIn(page, DEMO.abogado, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  // Creating is not offered to an Abogado (the server refuses it anyway).
  const row = await searchCase(page, caso);
  await expect(page.getByRole('button', { name: MSG.nuevo })).toHaveCount(0);
  await expect(page.getByRole('button', { name: C.agregarCronos })).toHaveCount(0);
  await expect(row.getByRole('button', { name: C.asignar })).toHaveCount(0);
  await row.getByRole('switch', { name: C.tomarCaso }).click();
  await expectSuccess(page, {
    title: `${MSG.exito} ${MSG.casoAsignado}`,
    detail: fmt(FEEDBACK.casoTomado, { caso }),
    screenshot: 'cases-taken-desktop',
  });
  await expect(row).toContainText(/Felipe Castro Niño/i);
  await expect(row.getByRole('switch', { name: C.liberarCaso })).toBeChecked();
});

test('a Perito request on a SIN PLAN case is denied; a Dibujante request shows Solicitando', async ({
  page,
  asUser,
}) => {
  const { caso } = await createCase(asUser);
  await signIn(page, DEMO.coordInvestigador, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  const row = await searchCase(page, caso);
  await row.getByRole('button', { name: C.solicitar }).click();
  const dialog = page.getByRole('dialog', { name: C.solicitarAgente });
  await dialog.getByRole('button', { name: C.solicitar }).click();
  await expect(dialog.getByText(MSG.campoRequerido)).toBeVisible();
  await dialog.getByRole('combobox', { name: F.tipoUsuario }).click();
  await expect(page.getByRole('option')).toHaveText(['Perito', 'Dibujante']);
  await page.getByRole('option', { name: 'Perito' }).click();
  await shot(page, 'cases-request-desktop');
  await dialog.getByRole('button', { name: C.solicitar }).click();
  await accept(page, 'error', {
    title: MSG.operacionDenegada,
    message: MSG.planSinServicio,
    screenshot: 'cases-denied-desktop',
  });

  await row.getByRole('button', { name: C.solicitar }).click();
  await pick(page, dialog, F.tipoUsuario, 'Dibujante');
  await dialog.getByRole('button', { name: C.solicitar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.agenteSolicitado, { tipo: 'Dibujante', caso }) });
  await expect(row.getByTestId('agent-requested')).toHaveText(MSG.solicitando);
});

test('special attention: the orange dot until an administrator authorizes it', async ({ page, asUser }) => {
  const { id, caso } = await createCase(asUser, uniquePlate('Z'));
  await asUser(DEMO.callCenter, async (api) =>
    expect((await api.post(`/api/casos/${id}/solicitar-atencion`)).ok()).toBeTruthy(),
  );
  await signIn(page, DEMO.coordContactCenter, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  const row = await searchCase(page, caso);
  await expect(row.getByTestId('attention-dot')).toBeVisible();
  await row.getByRole('button', { name: C.autorizarAtencion }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText(fmt(MSG.autorizarAtencion, { n: caso }))).toBeVisible();
  await shot(page, 'cases-authorize-desktop');
  await confirm.getByRole('button', { name: MSG.siAutorizar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.atencionAutorizada, { caso }) });
  await expect(row.getByTestId('attention-dot')).toHaveCount(0);
});

test('archive and restore a case whose status is past Recibido', async ({ page, request, asUser }) => {
  const { caso } = await createCase(asUser);
  // Test-only route (NODE_ENV=test): there is no status screen yet.
  await setCaseStatus(request, caso, 'Verificado');
  await signIn(page, DEMO.administrador, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  const row = await searchCase(page, caso);
  await row.getByRole('switch', { name: C.archivarCaso }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText(fmt(MSG.archivarCaso, { n: caso }))).toBeVisible();
  await shot(page, 'cases-archive-confirm-desktop');
  await confirm.getByRole('button', { name: MSG.siArchivar }).click();
  await expectSuccess(page, { title: MSG.casoArchivado, detail: fmt(FEEDBACK.caso, { caso }) });
  await expect(page.getByTestId('list-no-match')).toContainText(C.ningunCaso);

  await openScreen(page, '/casos-archivados', TITLES.casosArchivados);
  const archived = await searchCase(page, caso);
  await expect(page.getByRole('columnheader').last()).toHaveText(C.activar);
  await scrollTableRight(page);
  await shot(page, 'cases-archived-desktop');
  await archived.getByRole('switch', { name: C.activarCaso }).click();
  await expect(confirm.getByText(fmt(MSG.restablecerCaso, { n: caso }))).toBeVisible();
  await confirm.getByRole('button', { name: MSG.siRestablecer }).click();
  await expectSuccess(page, { title: MSG.casoActivado, detail: fmt(FEEDBACK.caso, { caso }) });
  await expect(page.getByTestId('list-no-match')).toContainText(C.ningunCaso);
});

test("a new case appears in a coordinator's open list without reloading", async ({ page, openContext }) => {
  await signIn(page, DEMO.coordContactCenter, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The call center, in a browser of its own, creates a case.
  const callcenter = await (await openContext()).newPage();
  await signIn(callcenter, DEMO.callCenter, { at: '/casos' });
  await expect(callcenter.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  await callcenter.getByRole('button', { name: MSG.nuevo }).click();
  const dialog = callcenter.getByRole('dialog', { name: LABELS.list.agregar });
  const placa = uniquePlate('Z');
  await dialog.getByLabel(F.placa).fill(placa);
  await fillCase(callcenter, dialog, 1032478965);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expectCreatedCase(callcenter);
  const created = await rows(callcenter).first().getByRole('cell').first().textContent();

  await expect(rows(page).first().getByRole('cell').first()).toHaveText(created!);
  await expect(rows(page).first()).toContainText('LAURA OSPINA VÉLEZ');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await logout(callcenter);
});

test.describe('phone', () => {
  test.use(PHONE);

  test('the list shows one card per row and every dialog is full-screen at 390×844', async ({ page, asUser }) => {
    const { caso } = await createCase(asUser, 'TAX123');
    await signIn(page, DEMO.administrador, { at: '/casos' });
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    // Cards, not a table: the page never scrolls sideways.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSideScroll(page);
    await shot(page, 'cases-list-phone');
    // The one search field: digits are the case number.
    const search = page.getByRole('searchbox', { name: C.buscarRapido });
    await search.fill(String(caso));
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByTestId('card-title')).toHaveText(String(caso));
    const shoot = async (open: () => Promise<void>, dialog: Locator, name: string) => {
      await open();
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box?.width).toBe(390);
      await shot(page, name);
      await dialog.getByRole('button', { name: new RegExp(`^(${MSG.cancelar}|${MSG.cerrar})$`) }).click();
      await expect(dialog).toBeHidden();
    };
    await shoot(
      () => row.getByRole('button', { name: C.datosCaso }).click(),
      page.getByTestId('case-info-dialog').getByRole('dialog'),
      'cases-info-phone',
    );
    await shoot(
      () => row.getByRole('button', { name: C.solicitar }).click(),
      page.getByTestId('request-agent-dialog').getByRole('dialog'),
      'cases-request-phone',
    );
    await shoot(
      () => row.getByRole('button', { name: C.asignar }).click(),
      page.getByTestId('assign-agent-dialog').getByRole('dialog'),
      'cases-assign-phone',
    );
    await shoot(
      () => row.getByRole('button', { name: C.editarCaso }).click(),
      page.getByRole('dialog', { name: LABELS.list.actualizar }),
      'cases-form-phone',
    );
  });
});
