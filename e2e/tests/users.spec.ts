import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  accept,
  expect,
  expectNoSideScroll,
  expectSuccess,
  fiftyPerPage,
  menuLabel,
  pick,
  rows,
  shot,
  signIn,
  test,
} from '../support';
import type { Page } from '@playwright/test';

const T = { ...LABELS.list, ...LABELS.usuarios };

// By the exact e-mail (a table cell, a card's line): 'perito@…' is also the end of 'coord.perito@…'.
const rowWith = (page: Page, email: string) => rows(page).filter({ has: page.getByText(email, { exact: true }) });

async function openUsers(page: Page) {
  await page.getByRole('link', { name: menuLabel('/usuarios'), exact: true }).click();
  await expect(page.getByRole('heading', { name: TITLES.usuarios })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test('Administrador creates a user (password rules first), edits it, assigns cities and deactivates it', async ({
  page,
}) => {
  await signIn(page, DEMO.administrador);
  await openUsers(page);
  await expect(page.getByRole('combobox', { name: T.filasPorPagina })).toBeVisible();
  await shot(page, 'usuarios-list');

  await page.getByRole('button', { name: MSG.nuevo }).click();
  const add = page.getByRole('dialog', { name: T.agregar });
  await expect(add.getByRole('combobox', { name: T.estado })).toHaveCount(0);
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(add.getByText(MSG.correoRequerido)).toBeVisible();
  // Nombre, Apellidos, # Identificación, Teléfono, Cargo, Area, Contraseña, Confirmar Contraseña.
  await expect(add.getByText(MSG.campoRequerido)).toHaveCount(8);
  await shot(page, 'usuarios-add-validation');

  const password = add.getByLabel(MSG.contrasena, { exact: true });
  const confirm = add.getByLabel(MSG.confirmarContrasena, { exact: true });
  const steps: [string, string][] = [
    ['Abc1!xy', fmt(MSG.passMinimo, { min: 8 })],
    ['abcdefgh', MSG.passMayuscula],
    ['ABCDEFGH', MSG.passMinuscula],
    ['Abcdefgh', MSG.passNumero],
    ['Abcdefg1', MSG.passEspecial],
  ];
  for (const [value, message] of steps) {
    await password.fill(value);
    await expect(add.getByText(message)).toBeVisible();
  }
  const newPassword = 'Nuevo-Ruta-2026#';
  await password.fill(newPassword);
  await add.getByLabel(T.email).fill('sin-arroba');
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(add.getByText(MSG.correoInvalido)).toBeVisible();

  const email = `e2e.${Date.now()}@vialex.test`;
  const identificacion = String(800_000_000 + Math.floor(Math.random() * 99_000_000));
  await add.getByLabel(T.nombre, { exact: true }).fill('usuario e2e');
  await add.getByLabel(T.apellidos).fill('de prueba');
  await add.getByLabel(T.identificacion).fill(identificacion);
  await add.getByLabel(T.telefono).fill('3204445566');
  await add.getByLabel(T.email).fill(email);
  await pick(page, add, T.cargo, 'Investigador');
  await pick(page, add, T.area, 'INVESTIGACIÓN');
  // The two passwords are compared once the rest of the form is valid.
  await confirm.fill('Otro2026#');
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(add.getByText(MSG.passNoCoinciden)).toBeVisible();
  await shot(page, 'usuarios-add-password-rules');
  await confirm.fill(newPassword);
  await shot(page, 'usuarios-add-filled');
  await add.getByRole('button', { name: MSG.guardar }).click();
  const nombre = 'USUARIO E2E DE PRUEBA';
  await expectSuccess(page, { detail: fmt(FEEDBACK.usuarioCreado, { nombre }) });

  const row = rowWith(page, email);
  await expect(row).toContainText('USUARIO E2E');
  await expect(row).toContainText('Investigador');
  await expect(row).toContainText(MSG.activo);

  // A second user with the same e-mail is refused with the server's message.
  await page.getByRole('button', { name: MSG.nuevo }).click();
  await add.getByLabel(T.nombre, { exact: true }).fill('otro');
  await add.getByLabel(T.apellidos).fill('igual');
  await add.getByLabel(T.identificacion).fill('123');
  await add.getByLabel(T.telefono).fill('3001');
  await add.getByLabel(T.email).fill(email);
  await pick(page, add, T.cargo, 'Perito');
  await pick(page, add, T.area, 'PERITAJE');
  await password.fill(newPassword);
  await confirm.fill(newPassword);
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(page.getByTestId('error-dialog')).toContainText(MSG.correoDuplicado);
  await shot(page, 'usuarios-duplicate');
  await accept(page, 'error');
  await add.getByRole('button', { name: MSG.cancelar }).click();

  await row.getByRole('button', { name: T.editar }).click();
  const edit = page.getByRole('dialog', { name: T.actualizar });
  await expect(edit.getByLabel(MSG.contrasena, { exact: true })).toHaveCount(0);
  await expect(edit.getByRole('combobox', { name: T.estado })).toContainText(MSG.activo);
  // The administrator may move a user to another area.
  await expect(edit.getByRole('combobox', { name: T.area })).not.toHaveAttribute('aria-disabled', 'true');
  await edit.getByLabel(T.telefono).fill('3207778899');
  await shot(page, 'usuarios-edit');
  await edit.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.usuarioActualizado, { nombre }) });
  await expect(rowWith(page, email)).toContainText('3207778899');

  await rowWith(page, email).getByRole('button', { name: T.asignarCiudades }).click();
  const cities = page.getByRole('dialog', { name: T.asignarCiudadesTitulo });
  const input = cities.getByRole('combobox', { name: T.ciudades });
  await input.fill('medell');
  await page.getByRole('listbox').getByRole('option', { name: 'MEDELLÍN' }).click();
  await input.fill('envigado');
  await page.getByRole('listbox').getByRole('option', { name: 'ENVIGADO' }).click();
  await input.fill('bogota');
  // The options are grouped by department.
  await expect(page.getByRole('listbox').getByText('BOGOTÁ, D.C.').first()).toBeVisible();
  await shot(page, 'usuarios-assign-cities');
  await page.getByRole('listbox').getByRole('option', { name: 'BOGOTÁ, D.C.' }).click();
  await expect(cities.getByRole('button', { name: 'MEDELLÍN' })).toBeVisible();
  // The list stays open while picking; Escape closes it without closing the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await cities.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.ciudadesAsignadas, { nombre }) });
  await expect(rowWith(page, email).getByTestId('user-cities')).toContainText('MEDELLÍN');
  await expect(rowWith(page, email).getByTestId('user-cities')).toContainText('+1');

  await rowWith(page, email).getByRole('button', { name: T.eliminar }).click();
  await page.getByRole('dialog', { name: MSG.eliminarRegistro }).getByRole('button', { name: MSG.siEliminar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.usuarioInactivado, { nombre }) });
  await expect(rowWith(page, email)).toContainText(MSG.inactivo);

  // Only Abogado and Investigador rows have the Assign Cities button (50 rows: every demo user).
  await fiftyPerPage(page);
  await expect(rowWith(page, DEMO.perito).getByRole('button', { name: T.asignarCiudades })).toHaveCount(0);
  await expect(rowWith(page, DEMO.abogado).getByRole('button', { name: T.asignarCiudades })).toHaveCount(1);
});

test('Administrador changes the page size', async ({ page }) => {
  await signIn(page, DEMO.administrador);
  await openUsers(page);
  await pick(page, page.getByTestId('list-pager'), T.filasPorPagina, '5');
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByRole('button', { name: T.paginaSiguiente })).toBeEnabled();
  await page.getByRole('button', { name: T.paginaSiguiente }).click();
  await expect(page.getByRole('button', { name: T.paginaAnterior })).toBeEnabled();
});

test('Coordinador Investigador sees only Investigador and Dibujante and may not create or edit', async ({ page }) => {
  await signIn(page, DEMO.coordInvestigador);
  await openUsers(page);
  const cargos = await rows(page).locator('td:nth-child(6)').allTextContents();
  expect(cargos.length).toBeGreaterThan(0);
  for (const cargo of cargos) expect(['Investigador', 'Dibujante']).toContain(cargo);
  // Assign Cities on the Investigador rows only (the agents this coordinator dispatches).
  await expect(
    rows(page).filter({ hasText: 'Dibujante' }).getByRole('button', { name: T.asignarCiudades }),
  ).toHaveCount(0);
  await expect(rowWith(page, DEMO.investigador).getByRole('button', { name: T.asignarCiudades })).toHaveCount(1);
  await shot(page, 'usuarios-coord-investigador');

  // NUEVO is not offered to a restricted view (the server refuses a creation anyway).
  await expect(page.getByRole('button', { name: MSG.nuevo })).toHaveCount(0);
  // Editing and deleting are not offered on rows this coordinator may not change (the server refuses anyway).
  await expect(rows(page).getByRole('button', { name: T.editar })).toHaveCount(0);
  await expect(rows(page).getByRole('button', { name: T.eliminar })).toHaveCount(0);
});

test('Coordinador Investigador assigns cities to an Investigador', async ({ page }) => {
  await signIn(page, DEMO.coordInvestigador);
  await openUsers(page);
  const row = rowWith(page, DEMO.investigador);
  // The demo investigador covers Bogotá, Soacha and Chía: two shown, '+1'.
  const covered = row.getByTestId('user-cities');
  await expect(covered).toHaveAttribute('aria-label', 'BOGOTÁ, D.C., SOACHA, CHÍA');
  await row.getByRole('button', { name: T.asignarCiudades }).click();
  const cities = page.getByRole('dialog', { name: T.asignarCiudadesTitulo });
  await expect(cities.getByRole('button', { name: 'SOACHA' })).toBeVisible();
  const input = cities.getByRole('combobox', { name: T.ciudades });
  await input.fill('zipaquir');
  await page.getByRole('listbox').getByRole('option', { name: 'ZIPAQUIRÁ' }).click();
  await page.keyboard.press('Escape');
  await expect(cities.getByRole('button', { name: 'ZIPAQUIRÁ' })).toBeVisible();
  await shot(page, 'usuarios-coord-assign-cities');
  await cities.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.ciudadesAsignadas, { nombre: 'JULIÁN MARTÍNEZ PEÑA' }) });
  await expect(covered).toHaveAttribute('aria-label', 'BOGOTÁ, D.C., SOACHA, CHÍA, ZIPAQUIRÁ');
  await expect(covered).toContainText('+2');

  // Put the demo coverage back (other specs assign cases in those three cities), as the coordinator.
  await row.getByRole('button', { name: T.asignarCiudades }).click();
  await cities.getByRole('button', { name: 'ZIPAQUIRÁ' }).locator('.MuiChip-deleteIcon').click();
  await expect(cities.getByRole('button', { name: 'ZIPAQUIRÁ' })).toHaveCount(0);
  await cities.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.ciudadesAsignadas, { nombre: 'JULIÁN MARTÍNEZ PEÑA' }) });
  await expect(covered).toHaveAttribute('aria-label', 'BOGOTÁ, D.C., SOACHA, CHÍA');
});

test.describe('phone, coordinator', () => {
  test.use(PHONE);

  test('Coordinador Investigador opens Assign Cities on a phone', async ({ page }) => {
    await signIn(page, DEMO.coordInvestigador, { at: '/usuarios' });
    await expect(rows(page).first()).toBeVisible();
    await rowWith(page, DEMO.investigador).getByRole('button', { name: T.asignarCiudades }).click();
    const cities = page.getByRole('dialog', { name: T.asignarCiudadesTitulo });
    await expect(cities.getByRole('button', { name: 'SOACHA' })).toBeVisible();
    await expectNoSideScroll(page);
    await shot(page, 'usuarios-phone-coord-assign-cities');
    await cities.getByRole('button', { name: MSG.cancelar }).click();
  });
});

test('Investigador may not open the users list', async ({ page }) => {
  await signIn(page, DEMO.investigador, { at: '/usuarios' });
  await expect(page.getByTestId('info-dialog')).toContainText(MSG.noAutorizado);
  await accept(page, 'info');
  await expect(page.getByText(MSG.datosNoDisponibles)).toBeVisible();
});

test.describe('phone', () => {
  test.use(PHONE);

  test('the users list and its dialogs fit a phone', async ({ page }) => {
    await signIn(page, DEMO.administrador, { at: '/usuarios' });
    await expect(rows(page).first()).toBeVisible();
    // One card per row: no table, and the page never scrolls sideways.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSideScroll(page);
    // Beside the heading, 'Segundo factor' is its icon alone, named by its words: neither wraps.
    const heading = page.getByRole('heading', { name: TITLES.usuarios });
    const rule = page.getByRole('button', { name: LABELS.segundoFactor.porCargo });
    await expect(rule).toHaveText('');
    expect((await heading.boundingBox())!.height).toBeLessThan(40);
    expect((await rule.boundingBox())!.height).toBeLessThan(50);
    await shot(page, 'usuarios-phone');
    await rule.click();
    const ruleDialog = page.getByRole('dialog', { name: LABELS.segundoFactor.porCargoTitulo });
    await expect(ruleDialog.getByText(LABELS.segundoFactor.porCargoTexto)).toBeVisible();
    await ruleDialog.getByRole('button', { name: MSG.cancelar }).click();
    await expect(ruleDialog).toBeHidden();
    await page.getByRole('button', { name: MSG.nuevo }).click();
    const add = page.getByRole('dialog', { name: T.agregar });
    await add.getByRole('button', { name: MSG.guardar }).click();
    await expect(add.getByText(MSG.correoRequerido)).toBeVisible();
    await shot(page, 'usuarios-phone-add');
    await add.getByRole('button', { name: MSG.cancelar }).click();
    // Users created by other specs come first; 50 per page keeps every demo user in view.
    await fiftyPerPage(page);
    await rowWith(page, DEMO.investigador).getByRole('button', { name: T.asignarCiudades }).click();
    const cities = page.getByRole('dialog', { name: T.asignarCiudadesTitulo });
    await expect(cities.getByRole('button', { name: 'SOACHA' })).toBeVisible();
    await shot(page, 'usuarios-phone-assign-cities');
    await cities.getByRole('button', { name: MSG.cancelar }).click();
  });
});
