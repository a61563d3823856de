import { expect, test, type Page } from '@playwright/test';
import { DISPONIBILIDAD, MSG, TITLES, fmt } from '@vialex/domain';
import { PASSWORD, fillLogin, login, logout, newContext, resetSessions, shot } from '../support/helpers';

/** Labels the web keeps in features/user-status/texts.ts for now. */
const T = {
  disponibilidad: 'Actualizar disponibilidad',
  login: 'Actualizar estado de sesión',
  tiempo: 'Actualizar tiempo de sesión',
  dlgDisponibilidad: 'ACTUALIZAR DISPONIBILIDAD',
  dlgLogin: 'ACTUALIZAR ESTADO DE SESIÓN',
  dlgTiempo: 'ACTUALIZAR TIEMPO DE SESIÓN',
  aplicarA: 'Aplicar a',
  soloUsuario: 'Solo este usuario',
  todosDelCargo: (cargo: string) => `Todos los usuarios del cargo ${cargo}`,
  actualizados: (n: number) => `Usuarios actualizados: ${n}`,
} as const;

test.beforeEach(async ({ request }) => resetSessions(request));

const rows = (page: Page) => page.getByTestId('list-row');
// By the exact e-mail: 'perito@…' is also the end of 'coord.perito@…'.
const rowOf = (page: Page, email: string) => rows(page).filter({ has: page.getByText(email, { exact: true }) });

async function accept(page: Page, kind: 'success' | 'info' | 'error') {
  const dialog = page.getByTestId(`${kind}-dialog`);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: MSG.aceptar }).click();
  await expect(dialog).toBeHidden();
}

async function openStatus(page: Page) {
  await page.goto('/estado-usuarios');
  await expect(page.getByRole('heading', { name: TITLES.estadoUsuarios })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // Users created by other specs come first; 50 per page keeps every demo user in view.
  await page.getByRole('combobox', { name: 'Filas por página' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '50', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Filas por página' })).toContainText('50');
}

/** Types HH:mm into the desktop time field, section by section. */
async function typeTime(page: Page, hhmm: string) {
  await page.getByRole('spinbutton', { name: 'Horas' }).click();
  await page.keyboard.type(hhmm.replace(':', ''));
}

test('Administrador changes availability: cancelling restores it, confirming changes it', async ({ page }) => {
  await login(page, 'administrador@vialex.test');
  await openStatus(page);
  await shot(page, 'estado-usuarios-list');
  const row = rowOf(page, 'perito@vialex.test');
  await row.getByRole('button', { name: T.disponibilidad }).click();
  const dialog = page.getByRole('dialog', { name: T.dlgDisponibilidad });
  await expect(dialog.getByRole('radio', { name: DISPONIBILIDAD.ocupado })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: DISPONIBILIDAD.multiple })).toBeDisabled();
  const before = (await dialog.getByRole('radio', { name: DISPONIBILIDAD.enEspera }).isChecked())
    ? DISPONIBILIDAD.enEspera
    : DISPONIBILIDAD.fueraDeHorario;
  const after = before === DISPONIBILIDAD.enEspera ? DISPONIBILIDAD.fueraDeHorario : DISPONIBILIDAD.enEspera;
  await expect(dialog.getByRole('radio', { name: before })).toBeChecked();
  await shot(page, 'estado-usuarios-availability');

  await dialog.getByRole('radio', { name: after }).check();
  const confirm = page.getByRole('dialog', { name: MSG.actualizarEstadoTitulo });
  await expect(confirm.getByText(MSG.actualizarEstadoTexto)).toBeVisible();
  await shot(page, 'estado-usuarios-availability-confirm');
  await confirm.getByRole('button', { name: MSG.cancelar }).click();
  await expect(dialog.getByRole('radio', { name: before })).toBeChecked();

  await dialog.getByRole('radio', { name: after }).check();
  await confirm.getByRole('button', { name: MSG.si }).click();
  await accept(page, 'success');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(after);
  await logout(page);
});

test('DESLOGUEAR sends the other browser to /login', async ({ page, browser }) => {
  const other = await newContext(browser);
  const agent = await other.newPage();
  await login(agent, 'abogado@vialex.test');

  await login(page, 'administrador@vialex.test');
  await openStatus(page);
  const row = rowOf(page, 'abogado@vialex.test');
  await expect(row).toContainText(MSG.logueado);
  await row.getByRole('button', { name: T.login }).click();
  const dialog = page.getByRole('dialog', { name: T.dlgLogin });
  await expect(dialog.getByRole('radio', { name: MSG.logueado })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: MSG.logueado })).toBeDisabled();
  await shot(page, 'estado-usuarios-login');

  await dialog.getByRole('radio', { name: MSG.desloguear }).check();
  const confirm = page.getByRole('dialog', { name: MSG.seguroActualizar });
  await shot(page, 'estado-usuarios-login-confirm');
  await confirm.getByRole('button', { name: MSG.cancelar }).click();
  await expect(dialog.getByRole('radio', { name: MSG.logueado })).toBeChecked();

  await dialog.getByRole('radio', { name: MSG.desloguear }).check();
  await confirm.getByRole('button', { name: MSG.si }).click();
  await accept(page, 'success');
  // The live channel tells the other browser at once; it does not wait for its next request.
  await expect(agent).toHaveURL(/\/login$/, { timeout: 5000 });
  await expect(agent.getByText(MSG.sesionTerminada)).toBeVisible();
  await expect(row).not.toContainText(MSG.logueado);
  // Off-shift, as at Salir: no longer offered for assignment.
  await expect(row).toContainText(DISPONIBILIDAD.fueraDeHorario);
  await other.close();
  await logout(page);
});

test('session time for one user and for every user of a cargo', async ({ page }) => {
  await login(page, 'administrador@vialex.test');
  await openStatus(page);
  const row = rowOf(page, 'abogado.cait@vialex.test');
  await row.getByRole('button', { name: T.tiempo }).click();
  const dialog = page.getByRole('dialog', { name: T.dlgTiempo });
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expect(dialog.getByText(MSG.tipoUsuarioObligatorio)).toBeVisible();
  await expect(dialog.getByText(MSG.tiempoObligatorio)).toBeVisible();
  await shot(page, 'estado-usuarios-time-validation');

  await dialog.getByRole('combobox', { name: T.aplicarA }).click();
  await expect(page.getByRole('option', { name: T.todosDelCargo('Abogado CAIT') })).toBeVisible();
  await page.getByRole('option', { name: T.soloUsuario }).click();
  await typeTime(page, '00:00');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expect(dialog.getByText(MSG.tiempoObligatorio)).toBeVisible();
  await expect(dialog.getByText(MSG.tipoUsuarioObligatorio)).toHaveCount(0);
  await typeTime(page, '01:30');
  await shot(page, 'estado-usuarios-time');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await page.getByRole('dialog', { name: MSG.seguroActualizar }).getByRole('button', { name: MSG.si }).click();
  await expect(page.getByTestId('success-dialog')).toContainText(T.actualizados(1));
  await accept(page, 'success');
  await expect(row).toContainText('90 min');

  const perito = rowOf(page, 'perito@vialex.test');
  await perito.getByRole('button', { name: T.tiempo }).click();
  await dialog.getByRole('combobox', { name: T.aplicarA }).click();
  await page.getByRole('option', { name: T.todosDelCargo('Perito') }).click();
  await typeTime(page, '02:00');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await page.getByRole('dialog', { name: MSG.seguroActualizar }).getByRole('button', { name: MSG.si }).click();
  await expect(page.getByTestId('success-dialog')).toContainText('Usuarios actualizados:');
  await accept(page, 'success');
  for (const text of await rows(page)
    .filter({ hasText: 'Perito' })
    .filter({ hasNotText: 'Coordinador' })
    .allTextContents()) {
    expect(text).toContain('120 min');
  }
  await logout(page);
});

test("Administrador changes another user's password: their open session ends at once, then they sign in with it", async ({
  page,
  browser,
}) => {
  const email = 'abogado.cait@vialex.test';
  const newPassword = 'Cambio2026#';
  // The user is signed in in another browser.
  const other = await newContext(browser);
  const user = await other.newPage();
  await login(user, email);

  await login(page, 'administrador@vialex.test');
  await openStatus(page);
  await rowOf(page, email).getByRole('button', { name: MSG.cambiarContrasena }).click();
  const dialog = page.getByRole('dialog', { name: MSG.cambiarContrasena });
  await dialog.getByLabel(MSG.nuevaContrasena, { exact: true }).fill('cambio');
  await expect(dialog.getByText(fmt(MSG.passMinimo, { min: 8 }))).toBeVisible();
  await dialog.getByLabel(MSG.nuevaContrasena, { exact: true }).fill('cambio2026*');
  await expect(dialog.getByText(MSG.passMayuscula)).toBeVisible();
  await dialog.getByLabel(MSG.nuevaContrasena, { exact: true }).fill(newPassword);
  await dialog.getByLabel(MSG.confirmarContrasena, { exact: true }).fill('Cambio2026');
  await expect(dialog.getByText(MSG.passNoCoinciden)).toBeVisible();
  await shot(page, 'estado-usuarios-password');
  await dialog.getByLabel(MSG.confirmarContrasena, { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await page.getByRole('dialog', { name: MSG.passConfirmarTitulo }).getByRole('button', { name: MSG.si }).click();
  await accept(page, 'success');

  // Their open tab goes to /login live; the old password no longer signs in.
  await expect(user).toHaveURL(/\/login$/);
  await fillLogin(user, email, PASSWORD);
  await user.getByRole('button', { name: MSG.ingresar }).click();
  await expect(user.getByText(MSG.informacionIncorrecta)).toBeVisible();
  await user.getByRole('button', { name: MSG.aceptar }).click();
  await login(user, email, newPassword);
  await logout(user);
  await other.close();

  // Put the demo password back for the other specs.
  const found = await page.request.get(
    `/api/estado-usuarios?criteria=${encodeURIComponent(JSON.stringify([{ field: 'email', op: 'eq', value: email }]))}`,
  );
  const id = (await found.json()).rows[0].id as string;
  const res = await page.request.put(`/api/usuarios/${id}/password`, {
    data: { password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.ok()).toBeTruthy();
  await logout(page);
});

test('Coordinador Contact Center sees only Call Center users, without the password button', async ({ page }) => {
  await login(page, 'coord.contactcenter@vialex.test');
  await openStatus(page);
  const cargos = await rows(page).locator('td:nth-child(2)').allTextContents();
  expect(cargos.length).toBeGreaterThan(0);
  for (const cargo of cargos) expect(cargo).toBe('Call Center');
  await expect(rows(page).getByRole('button', { name: MSG.cambiarContrasena })).toHaveCount(0);
  await expect(rows(page).first().getByRole('button', { name: T.disponibilidad })).toBeVisible();
  await shot(page, 'estado-usuarios-coord-contactcenter');
  await logout(page);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the status list and its four dialogs fit a phone', async ({ page }) => {
    await login(page, 'administrador@vialex.test');
    await openStatus(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'estado-usuarios-phone');
    const row = rowOf(page, 'perito@vialex.test');
    for (const [button, title, name] of [
      [T.disponibilidad, T.dlgDisponibilidad, 'availability'],
      [T.login, T.dlgLogin, 'login'],
      [T.tiempo, T.dlgTiempo, 'time'],
      [MSG.cambiarContrasena, MSG.cambiarContrasena, 'password'],
    ] as const) {
      await row.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      if (name === 'time') await dialog.getByRole('button', { name: MSG.guardar }).click();
      await shot(page, `estado-usuarios-phone-${name}`);
      await dialog
        .getByRole('button', { name: name === 'availability' || name === 'login' ? MSG.cerrar : MSG.cancelar })
        .click();
      await expect(dialog).toBeHidden();
    }
    await logout(page);
  });
});
