import { MSG, fmt } from '@vialex/domain';
import {
  DEMO,
  PASSWORD,
  PHONE,
  expect,
  expectNoSideScroll,
  fillLogin,
  login,
  logout,
  shot,
  signIn,
  test,
} from '../support';
import type { Page } from '@playwright/test';

const EMAIL = DEMO.dibujante;
const NEW_PASSWORD = 'Dibujo2026#';

async function changePassword(page: Page, current: string, password: string) {
  await page.getByRole('button', { name: MSG.cambiarContrasena }).click();
  const dialog = page.getByRole('dialog', { name: MSG.cambiarContrasena });
  await dialog.getByLabel(MSG.contrasenaActual).fill(current);
  await dialog.getByLabel(MSG.nuevaContrasena).fill(password);
  await dialog.getByLabel(MSG.confirmarContrasena).fill(password);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  const confirm = page.getByRole('dialog', { name: MSG.passConfirmarTitulo });
  await confirm.getByRole('button', { name: MSG.si }).click();
  const done = page.getByTestId('success-dialog');
  await expect(done.getByText(MSG.exito)).toBeVisible();
  return done;
}

test('change own password: current password, rules, mismatch, confirmation, success, sign in with the new one', async ({
  page,
}) => {
  await signIn(page, EMAIL);
  await page.getByRole('button', { name: MSG.cambiarContrasena }).click();
  const dialog = page.getByRole('dialog', { name: MSG.cambiarContrasena });
  const current = dialog.getByLabel(MSG.contrasenaActual);
  const password = dialog.getByLabel(MSG.nuevaContrasena);
  const confirm = dialog.getByLabel(MSG.confirmarContrasena);
  // The current password comes first and has the focus.
  await expect(current).toBeFocused();
  await expect(dialog.locator('input').first()).toHaveAttribute('id', 'current-password');

  for (const [value, message] of [
    ['Ab1!', fmt(MSG.passMinimo, { min: 8 })],
    ['abcdefgh', MSG.passMayuscula],
    ['ñandú2026*', MSG.passMayuscula],
    ['ABCDEFGH', MSG.passMinuscula],
    ['Abcdefgh', MSG.passNumero],
    ['Abcdefg1', MSG.passEspecial],
  ] as const) {
    await password.fill(value);
    await expect(dialog.getByText(message)).toBeVisible();
  }
  // An accented capital counts as a capital.
  await password.fill('Ñandú2026*');
  await expect(dialog.getByText(MSG.passMayuscula)).toHaveCount(0);
  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD + 'x');
  await expect(dialog.getByText(MSG.passNoCoinciden)).toBeVisible();
  await shot(page, 'password-mismatch');

  // The current password is required.
  await confirm.fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await expect(dialog.getByText(MSG.campoRequerido)).toBeVisible();

  // Cancelling the confirmation goes back to the form without saving.
  await current.fill('Equivocada2026*');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  const confirmDialog = page.getByRole('dialog', { name: MSG.passConfirmarTitulo });
  await expect(confirmDialog).toBeVisible();
  await shot(page, 'password-confirm');
  await confirmDialog.getByRole('button', { name: MSG.cancelar }).click();
  await expect(dialog).toBeVisible();

  // A wrong current password comes back under its field; nothing changes.
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await confirmDialog.getByRole('button', { name: MSG.si }).click();
  await expect(dialog.getByText(MSG.passActualIncorrecta)).toBeVisible();
  await expect(dialog.getByLabel(MSG.contrasenaActual)).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'password-wrong-current');

  // A common or easy-to-guess new password (the server's strength check) comes back under its field.
  await current.fill(PASSWORD);
  await password.fill('password1A!');
  await confirm.fill('password1A!');
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  await confirmDialog.getByRole('button', { name: MSG.si }).click();
  await expect(dialog.getByText(MSG.passComun)).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: MSG.cancelar }).click();
  await expect(dialog).toHaveCount(0);

  const done = await changePassword(page, PASSWORD, NEW_PASSWORD);
  await shot(page, 'password-success');
  await done.getByRole('button', { name: MSG.aceptar }).click();
  await logout(page);

  // The old password no longer works; the new one does.
  await fillLogin(page, EMAIL, PASSWORD);
  await page.getByRole('button', { name: MSG.ingresar, exact: true }).click();
  await expect(page.getByRole('dialog').getByText(MSG.informacionIncorrecta)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: MSG.aceptar }).click();

  await login(page, EMAIL, NEW_PASSWORD);
  // Restore the demo password for the next runs.
  const restored = await changePassword(page, NEW_PASSWORD, PASSWORD);
  await restored.getByRole('button', { name: MSG.aceptar }).click();
});

test.describe('phone', () => {
  test.use(PHONE);

  test('the change-password dialog fits a phone', async ({ page }) => {
    await signIn(page, EMAIL);
    await page.getByRole('button', { name: MSG.cambiarContrasena }).click();
    const dialog = page.getByRole('dialog', { name: MSG.cambiarContrasena });
    await dialog.getByRole('button', { name: MSG.guardar }).click();
    await expect(dialog.getByText(MSG.campoRequerido)).toHaveCount(3);
    await expectNoSideScroll(page);
    await shot(page, 'password-phone');
    await dialog.getByRole('button', { name: MSG.cancelar }).click();
  });
});
