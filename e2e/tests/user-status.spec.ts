import { DISPONIBILIDAD, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PASSWORD,
  PHONE,
  expectSuccess,
  expect,
  expectNoSideScroll,
  fiftyPerPage,
  fillLogin,
  login,
  logout,
  rows,
  shot,
  signIn,
  test,
} from '../support';
import type { Page } from '@playwright/test';

const T = LABELS.estadoUsuarios;

// By the exact e-mail: 'perito@…' is also the end of 'coord.perito@…'.
const rowOf = (page: Page, email: string) => rows(page).filter({ has: page.getByText(email, { exact: true }) });

/**
 * A browser for the other person whose session the administrator ends. It has no location, so
 * it sends no periodic position update that could find out about the end on its own: only the
 * live channel can send it to /login.
 */
const WITHOUT_LOCATION = { permissions: [], geolocation: undefined };

/** Opens ESTADO USUARIOS; `as`: signs in as that user straight onto it (one load of the app). */
async function openStatus(page: Page, as?: string) {
  if (as) await signIn(page, as, { at: '/estado-usuarios' });
  else await page.goto('/estado-usuarios');
  await expect(page.getByRole('heading', { name: TITLES.estadoUsuarios })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // Users created by other specs come first; 50 per page keeps every demo user in view.
  await fiftyPerPage(page);
}

/** Types HH:mm into the desktop time field, section by section. */
async function typeTime(page: Page, hhmm: string) {
  // The time picker's own Spanish label (MUI X's esES locale), not one of ours.
  await page.getByRole('spinbutton', { name: 'Horas' }).click();
  await page.keyboard.type(hhmm.replace(':', ''));
}

test('Administrador changes availability: cancelling restores it, confirming changes it', async ({ page }) => {
  await openStatus(page, DEMO.administrador);
  await shot(page, 'estado-usuarios-list');
  const row = rowOf(page, DEMO.perito);
  await row.getByRole('button', { name: T.accionDisponibilidad }).click();
  const dialog = page.getByRole('dialog', { name: T.actualizarDisponibilidad });
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
  await expectSuccess(page);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(after);
});

test('DESLOGUEAR sends the other browser to /login', async ({ page, openContext }) => {
  const agent = await (await openContext(WITHOUT_LOCATION)).newPage();
  await signIn(agent, DEMO.abogado);

  await openStatus(page, DEMO.administrador);
  const row = rowOf(page, DEMO.abogado);
  await expect(row).toContainText(MSG.logueado);
  await row.getByRole('button', { name: T.accionLogin }).click();
  const dialog = page.getByRole('dialog', { name: T.actualizarLogin });
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
  await expectSuccess(page);
  // The live channel tells the other browser at once; it does not wait for its next request.
  await expect(agent).toHaveURL(/\/login$/);
  await expect(agent.getByText(MSG.sesionTerminada)).toBeVisible();
  await expect(row).not.toContainText(MSG.logueado);
  // Off-shift, as at Salir: no longer offered for assignment.
  await expect(row).toContainText(DISPONIBILIDAD.fueraDeHorario);
});

test('session time for one user and for every user of a cargo', async ({ page }) => {
  await openStatus(page, DEMO.administrador);
  const row = rowOf(page, DEMO.abogadoCait);
  await row.getByRole('button', { name: T.accionTiempo }).click();
  const dialog = page.getByRole('dialog', { name: T.actualizarTiempo });
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expect(dialog.getByText(MSG.tipoUsuarioObligatorio)).toBeVisible();
  await expect(dialog.getByText(MSG.tiempoObligatorio)).toBeVisible();
  await shot(page, 'estado-usuarios-time-validation');

  await dialog.getByRole('combobox', { name: T.tipoUsuario }).click();
  await expect(page.getByRole('option', { name: fmt(T.todosDelCargo, { cargo: 'Abogado CAIT' }) })).toBeVisible();
  await page.getByRole('option', { name: T.soloUsuario }).click();
  await typeTime(page, '00:00');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expect(dialog.getByText(MSG.tiempoObligatorio)).toBeVisible();
  await expect(dialog.getByText(MSG.tipoUsuarioObligatorio)).toHaveCount(0);
  await typeTime(page, '01:30');
  await shot(page, 'estado-usuarios-time');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await page.getByRole('dialog', { name: MSG.seguroActualizar }).getByRole('button', { name: MSG.si }).click();
  await expectSuccess(page, { detail: fmt(T.usuariosActualizados, { n: 1 }) });
  await expect(row).toContainText(fmt(T.minutos, { n: 90 }));

  const perito = rowOf(page, DEMO.perito);
  await perito.getByRole('button', { name: T.accionTiempo }).click();
  await dialog.getByRole('combobox', { name: T.tipoUsuario }).click();
  await page.getByRole('option', { name: fmt(T.todosDelCargo, { cargo: 'Perito' }) }).click();
  await typeTime(page, '02:00');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await page.getByRole('dialog', { name: MSG.seguroActualizar }).getByRole('button', { name: MSG.si }).click();
  const updated = fmt(T.usuariosActualizados, { n: '' }).trim();
  await expect(page.getByTestId('success-toast').filter({ hasText: updated }).first()).toBeVisible();
  // The toast blocks nothing (and the first one may still show): wait for the list to change.
  const peritos = rows(page).filter({ hasText: 'Perito' }).filter({ hasNotText: 'Coordinador' });
  await expect(peritos.first()).toContainText(fmt(T.minutos, { n: 120 }));
  for (const text of await peritos.allTextContents()) expect(text).toContain(fmt(T.minutos, { n: 120 }));
});

test("Administrador changes another user's password: their open session ends at once, then they sign in with it", async ({
  page,
  openContext,
}) => {
  const email = DEMO.abogadoCait;
  const newPassword = 'Cambio2026#';
  // The user is signed in in another browser.
  const user = await (await openContext(WITHOUT_LOCATION)).newPage();
  await signIn(user, email);

  await openStatus(page, DEMO.administrador);
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
  await expectSuccess(page);

  // Their open tab goes to /login live; the old password no longer signs in.
  await expect(user).toHaveURL(/\/login$/);
  await fillLogin(user, email, PASSWORD);
  await user.getByRole('button', { name: MSG.ingresar, exact: true }).click();
  await expect(user.getByText(MSG.informacionIncorrecta)).toBeVisible();
  await user.getByRole('button', { name: MSG.aceptar }).click();
  await login(user, email, newPassword);
  await logout(user);

  // Put the demo password back for the other specs.
  const found = await page.request.get(
    `/api/estado-usuarios?criteria=${encodeURIComponent(JSON.stringify([{ field: 'email', op: 'eq', value: email }]))}`,
  );
  const id = (await found.json()).rows[0].id as string;
  const res = await page.request.put(`/api/usuarios/${id}/password`, {
    data: { password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.ok()).toBeTruthy();
});

test('Coordinador Contact Center sees only Call Center users, without the password button', async ({ page }) => {
  await openStatus(page, DEMO.coordContactCenter);
  const cargos = await rows(page).locator('td:nth-child(2)').allTextContents();
  expect(cargos.length).toBeGreaterThan(0);
  for (const cargo of cargos) expect(cargo).toBe('Call Center');
  await expect(rows(page).getByRole('button', { name: MSG.cambiarContrasena })).toHaveCount(0);
  await expect(rows(page).first().getByRole('button', { name: T.accionDisponibilidad })).toBeVisible();
  await shot(page, 'estado-usuarios-coord-contactcenter');
});

test.describe('phone', () => {
  test.use(PHONE);

  test('the status list and its four dialogs fit a phone', async ({ page }) => {
    await openStatus(page, DEMO.administrador);
    await expectNoSideScroll(page);
    await shot(page, 'estado-usuarios-phone');
    const row = rowOf(page, DEMO.perito);
    for (const [button, title, name] of [
      [T.accionDisponibilidad, T.actualizarDisponibilidad, 'availability'],
      [T.accionLogin, T.actualizarLogin, 'login'],
      [T.accionTiempo, T.actualizarTiempo, 'time'],
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
  });
});
