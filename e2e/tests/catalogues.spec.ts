import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import type { Locator, Page } from '@playwright/test';
import {
  DEMO,
  PHONE,
  accept,
  expect,
  expectNoSideScroll,
  expectSuccess,
  openScreen,
  pick,
  rows,
  searchBy,
  shot,
  signIn,
  startsWith,
  test,
} from '../support';

/**
 * The desk's catalogues (spec 3 §2–§8): the vehicle list and its AGREGAR / ACTUALIZAR dialog,
 * LISTA DE EMPRESAS, AREA and TIPO DE GESTIONES with their confirmations and the status lock.
 */
const V = { ...LABELS.list, ...LABELS.vehiculos, igual: LABELS.operadores.eq };
const E = { ...LABELS.empresas, ...LABELS.list, igual: LABELS.operadores.eq };
const G = { ...LABELS.gestiones, ...LABELS.list, igual: LABELS.operadores.eq };
const A = { ...LABELS.areas, ...LABELS.list, igual: LABELS.operadores.eq };
const OK = MSG.exito;

const unique = () => String(Date.now() % 100_000).padStart(5, '0');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });
const options = (page: Page) => page.getByRole('listbox').getByRole('option');
/** The options a select offers, read by opening it (then closed again). */
async function optionsOf(page: Page, scope: Locator, label: string | RegExp): Promise<string[]> {
  await scope.getByRole('combobox', { name: label }).click();
  await expect(options(page).first()).toBeVisible();
  const texts = await options(page).allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  return texts;
}

test('Call Center adds a vehicle (clase → carrocería, marca → línea, owner by identificación), edits it and deactivates it', async ({
  page,
}) => {
  await signIn(page, DEMO.callCenter, { at: '/vehiculos' });
  await expect(page.getByRole('heading', { name: TITLES.vehiculos })).toBeVisible();
  for (const header of [V.placa, V.carroceria, V.clase, V.linea, V.marca, V.modelo, V.poliza, V.servicio, V.cliente])
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await shot(page, 'vehiculos-list');

  await page.getByRole('button', { name: MSG.nuevo }).click();
  const add = page.getByRole('dialog', { name: V.agregar });
  // About 1000 px wide on a desk.
  const box = (await add.boundingBox())!;
  expect(box.width).toBeGreaterThan(960);
  expect(box.width).toBeLessThanOrEqual(1000);
  // The spec's defaults (spec 3 §3); no estado choice when adding.
  await expect(add.getByRole('combobox', { name: V.clase })).toContainText('SIN CLASE');
  await expect(add.getByRole('combobox', { name: V.carroceria })).toContainText('SIN CARROCERIA');
  await expect(add.getByRole('combobox', { name: V.marca })).toContainText('SIN MARCA');
  await expect(add.getByRole('combobox', { name: V.linea })).toContainText('SIN LINEA');
  await expect(add.getByRole('combobox', { name: V.servicio })).toContainText('PARTICULAR');
  await expect(add.getByLabel(V.modelo)).toHaveValue('0000');
  await expect(add.getByRole('combobox', { name: V.estado })).toHaveCount(0);
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(add.getByText(MSG.campoRequerido)).toHaveCount(2);
  await add.getByLabel(V.placa).fill('ab1');
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(add.getByText(fmt(MSG.placaMinimo, { min: 5 }))).toBeVisible();
  await shot(page, 'vehiculos-add-validation');

  const placa = `E2E${unique()}`;
  await add.getByLabel(V.placa).fill(placa.toLowerCase());
  // clase → its carrocerías.
  await pick(page, add, V.clase, 'CAMIONETA');
  const carrocerias = await optionsOf(page, add, V.carroceria);
  expect(carrocerias).toContain('DOBLE CABINA');
  expect(carrocerias).not.toContain('SEDAN');
  await pick(page, add, V.carroceria, 'DOBLE CABINA');
  // marca → its líneas.
  await pick(page, add, V.marca, 'MAZDA');
  await expect(async () => expect(await optionsOf(page, add, V.linea)).toContain('BT-50')).toPass();
  expect(await optionsOf(page, add, V.linea)).not.toContain('SPARK');
  await pick(page, add, V.linea, 'BT-50');
  await add.getByLabel(V.modelo).fill('2021');
  // The owner: a hyphenated identificación is ignored; the number finds the client.
  const owner = add.getByTestId('vehicle-owner');
  const ident = add.getByLabel(V.identificacionCliente);
  await ident.fill('79845-123');
  await expect(owner).toHaveText(V.sinCliente);
  await ident.fill('1');
  await expect(add.getByText(MSG.propietarioNoEncontrado)).toBeVisible();
  await ident.fill('79845123');
  await expect(owner).toContainText(/carlos ramírez torres · cc 79845123/i);
  await add.getByLabel(V.informacionAdicional).fill('color gris');
  await shot(page, 'vehiculos-add-filled');
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.vehiculoCreado, { placa }) });
  await expect(add).toBeHidden();

  await searchBy(page, V.placa, V.igual, placa.toLowerCase());
  await expect(rows(page)).toHaveCount(1);
  const row = rowWith(page, placa);
  for (const text of ['CAMIONETA', 'DOBLE CABINA', 'MAZDA', 'BT-50', '2021', 'SIN PÓLIZA', 'PARTICULAR', 'CC 79845123'])
    await expect(row).toContainText(text);
  await expect(row.locator('[data-column="cliente"]')).toContainText(/carlos/i);
  await expect(row).toContainText(MSG.activo);
  await shot(page, 'vehiculos-created');

  await row.getByRole('button', { name: V.editar }).click();
  const edit = page.getByRole('dialog', { name: V.actualizar });
  await expect(edit.getByLabel(V.placa)).toHaveValue(placa);
  await expect(edit.getByRole('combobox', { name: V.linea })).toContainText('BT-50');
  await expect(edit.getByTestId('vehicle-owner')).toContainText('79845123');
  await expect(edit.getByRole('combobox', { name: V.estado })).toContainText(MSG.activo);
  // Another marca starts from SIN LINEA and offers its own líneas.
  await pick(page, edit, V.marca, 'TOYOTA');
  await expect(edit.getByRole('combobox', { name: V.linea })).toContainText('SIN LINEA');
  await expect(async () => expect(await optionsOf(page, edit, V.linea)).toContain('HILUX')).toPass();
  await pick(page, edit, V.linea, 'HILUX');
  await edit.getByLabel(V.poliza).fill('todo riesgo');
  await shot(page, 'vehiculos-edit');
  await edit.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.vehiculoActualizado, { placa }) });
  await expect(row).toContainText('TOYOTA');
  await expect(row).toContainText('HILUX');
  await expect(row).toContainText('TODO RIESGO');

  await row.getByRole('button', { name: V.eliminar }).click();
  const confirm = page.getByRole('dialog', { name: MSG.eliminarRegistro });
  await shot(page, 'vehiculos-deactivate-confirm');
  await confirm.getByRole('button', { name: MSG.siEliminar }).click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.vehiculoInactivado, { placa }) });
  await expect(row).toContainText(MSG.inactivo);
  await expect(row.getByRole('button', { name: V.eliminar })).toBeDisabled();

  // Nothing matches: the empty text.
  await searchBy(page, V.placa, V.igual, 'ZZZ999');
  await expect(page.getByText(MSG.datosNoDisponibles)).toBeVisible();
  await shot(page, 'vehiculos-empty');
});

test('a company deactivated with its confirmation leaves the case form; another tab sees it live', async ({
  page,
  openContext,
}) => {
  await signIn(page, DEMO.coordContactCenter, { at: '/empresas' });
  await expect(page.getByRole('heading', { name: TITLES.empresas })).toBeVisible();
  await expect(page.getByRole('combobox', { name: E.filasPorPagina })).toBeVisible();
  const other = await openContext({ storageState: await page.context().storageState() });
  const second = await other.newPage();
  await second.goto('/empresas');
  await expect(rows(second).first()).toBeVisible();

  await page.getByRole('button', { name: MSG.nuevo }).click();
  const add = page.getByRole('dialog', { name: E.agregar });
  await expect(add.getByRole('combobox', { name: E.estado })).toHaveCount(0);
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(add.getByText(MSG.campoRequerido)).toHaveCount(2);
  const nombre = `EMPRESA E2E ${unique()}`;
  await add.getByLabel(E.empresa).fill(nombre.toLowerCase());
  await add.getByLabel(E.nit).fill(`901${unique()}9`);
  await shot(page, 'empresas-add');
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.empresaCreada, { nombre }) });
  // The other tab hears of it without reloading.
  await searchBy(second, E.empresa, E.igual, nombre);
  await expect(rowWith(second, nombre)).toContainText(MSG.activo);

  await searchBy(page, E.empresa, E.igual, nombre);
  const row = rowWith(page, nombre);
  await expect(row).toContainText(MSG.activo);
  await row.getByRole('button', { name: E.eliminar }).click();
  const confirm = page.getByRole('dialog', { name: MSG.eliminarRegistro });
  await shot(page, 'empresas-delete-confirm');
  await confirm.getByRole('button', { name: MSG.siEliminar }).click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.empresaInactivada, { nombre }) });
  await expect(row).toContainText(MSG.inactivo);
  await expect(rowWith(second, nombre)).toContainText(MSG.inactivo);
  await shot(page, 'empresas-inactive');

  // The case form's Empresa select offers only active companies.
  await page.goto('/casos');
  await page.getByRole('button', { name: MSG.nuevo }).click();
  const caseDialog = page.getByRole('dialog', { name: V.agregar });
  const empresas = await optionsOf(page, caseDialog, startsWith(LABELS.casos.empresa));
  expect(empresas.length).toBeGreaterThan(0);
  expect(empresas).not.toContain(nombre);
  await caseDialog.getByRole('button', { name: MSG.cancelar }).click();
});

test('TIPO DE GESTIONES: a locked status answers its messages; a status inactivated and activated with the confirmations', async ({
  page,
}) => {
  await signIn(page, DEMO.administrador, { at: '/gestiones' });
  await expect(page.getByRole('heading', { name: TITLES.gestiones })).toBeVisible();
  for (const header of [G.nombre, G.editable, G.estado, G.acciones])
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await searchBy(page, G.nombre, G.igual, 'recibido');
  const locked = rowWith(page, 'Recibido');
  await expect(locked).toContainText(G.no);
  await expect(locked.getByTestId('estado-chip')).toHaveText(MSG.activo);
  await locked.getByRole('button', { name: G.editar }).click();
  await accept(page, 'error', { message: MSG.noSePuedeEditar, screenshot: 'gestiones-locked-edit' });
  await locked.getByRole('button', { name: G.inactivar }).click();
  await accept(page, 'error', { message: MSG.noSePuedeInactivar });

  await page.getByRole('button', { name: MSG.nuevo }).click();
  const add = page.getByRole('dialog', { name: G.agregar });
  const nombre = `Seguimiento E2E ${unique()}`;
  await add.getByLabel(G.nombre).fill(`  ${nombre} `);
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.estadoCreado, { nombre }) });
  await searchBy(page, G.nombre, G.igual, nombre);
  const row = rowWith(page, nombre);
  await expect(row).toContainText(G.si);
  await row.getByRole('button', { name: G.inactivar }).click();
  const confirm = page.getByRole('dialog', { name: MSG.inactivarRegistro });
  await shot(page, 'gestiones-inactivate-confirm');
  await confirm.getByRole('button', { name: MSG.siInactivar }).click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.estadoInactivado, { nombre }) });
  await expect(row.getByTestId('estado-chip')).toHaveText(MSG.inactivo);
  await shot(page, 'gestiones-inactive');
  await row.getByRole('button', { name: G.activar }).click();
  await page
    .getByRole('dialog', { name: LABELS.catalogos.activarRegistro })
    .getByRole('button', { name: LABELS.catalogos.siActivar })
    .click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.estadoActivado, { nombre }) });
  await expect(row.getByTestId('estado-chip')).toHaveText(MSG.activo);
});

test('AREA: the Administrador adds and inactivates an area; others only read', async ({ page }) => {
  await signIn(page, DEMO.administrador, { at: '/areas' });
  await expect(page.getByRole('heading', { name: TITLES.areas })).toBeVisible();
  await page.getByRole('button', { name: MSG.nuevo }).click();
  const add = page.getByRole('dialog', { name: A.agregar });
  const nombre = `AREA E2E ${unique()}`;
  await add.getByLabel(A.nombre).fill(nombre.toLowerCase());
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.areaCreada, { nombre }) });
  await searchBy(page, A.nombre, A.igual, nombre);
  const row = rowWith(page, nombre);
  await expect(row.getByTestId('estado-chip')).toHaveText(MSG.activo);
  await row.getByRole('button', { name: A.inactivar }).click();
  await page
    .getByRole('dialog', { name: MSG.inactivarRegistro })
    .getByRole('button', { name: MSG.siInactivar })
    .click();
  await expectSuccess(page, { title: OK, detail: fmt(FEEDBACK.areaInactivada, { nombre }) });
  await expect(row.getByTestId('estado-chip')).toHaveText(MSG.inactivo);
  await shot(page, 'areas-list');

  await signIn(page, DEMO.callCenter, { at: '/areas' });
  await expect(page.getByRole('heading', { name: TITLES.areas })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: MSG.nuevo })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: A.acciones })).toHaveCount(0);
  // Vehicles: the desk writes, an Investigador only reads.
  await signIn(page, DEMO.investigador, { at: '/vehiculos' });
  await expect(page.getByRole('heading', { name: TITLES.vehiculos })).toBeVisible();
  await expect(page.getByRole('button', { name: MSG.nuevo })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: V.acciones })).toHaveCount(0);
});

test.describe('phone', () => {
  test.use(PHONE);

  test('the catalogues as cards, their dialogs on the whole screen', async ({ page }) => {
    await signIn(page, DEMO.callCenter, { at: '/vehiculos' });
    await expect(page.getByRole('heading', { name: TITLES.vehiculos })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(rows(page).first()).toBeVisible();
    await expectNoSideScroll(page);
    await shot(page, 'vehiculos-phone');
    const first = (await rows(page).first().getByTestId('card-title').innerText()).trim();
    const search = page.getByRole('searchbox', { name: V.buscarRapido });
    await search.fill(first.slice(0, 4).toLowerCase());
    await search.press('Enter');
    await expect(rows(page).first()).toContainText(first);
    // Not 'ZZZ': a generated plate (uniquePlate: 'Z' and five base-36 characters) may begin so.
    await search.fill('ZZZ999');
    await search.press('Enter');
    await expect(page.getByText(MSG.datosNoDisponibles)).toBeVisible();
    await shot(page, 'vehiculos-phone-empty');

    await page.getByRole('button', { name: MSG.nuevo }).click();
    const add = page.getByRole('dialog', { name: V.agregar });
    const box = (await add.boundingBox())!;
    expect(box.width).toBe(390);
    await add.getByRole('button', { name: MSG.guardar }).click();
    await expect(add.getByText(MSG.campoRequerido).first()).toBeVisible();
    await shot(page, 'vehiculos-phone-add');
    await add.getByRole('button', { name: MSG.cancelar }).click();

    await openScreen(page, '/empresas', TITLES.empresas);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSideScroll(page);
    await shot(page, 'empresas-phone');

    await openScreen(page, '/gestiones', TITLES.gestiones);
    await expect(rowWith(page, 'Recibido').getByRole('definition')).toHaveText(G.no);
    await expectNoSideScroll(page);
    await shot(page, 'gestiones-phone');

    await openScreen(page, '/areas', TITLES.areas);
    await expect(rows(page).first()).toBeVisible();
    await expectNoSideScroll(page);
    await shot(page, 'areas-phone');
  });
});
