import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@vialex/domain';
import { PASSWORD, login, logout, resetSessions, shot } from '../support/helpers';

const EMAIL = 'dibujante@vialex.test';
const NEW_PASSWORD = 'Dibujo2026#';

test.beforeEach(async ({ request }) => resetSessions(request));

async function changePassword(page: Page, password: string) {
  await page.getByRole('button', { name: MSG.cambiarContrasena }).click();
  const dialog = page.getByRole('dialog', { name: MSG.cambiarContrasena });
  await dialog.getByLabel(MSG.nuevaContrasena).fill(password);
  await dialog.getByLabel(MSG.confirmarContrasena).fill(password);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  const confirm = page.getByRole('dialog', { name: MSG.passConfirmarTitulo });
  await confirm.getByRole('button', { name: MSG.si }).click();
  const done = page.getByTestId('success-dialog');
  await expect(done.getByText(MSG.exito)).toBeVisible();
  return done;
}

test('change own password: rules, mismatch, confirmation, success, sign in with the new one', async ({ page }) => {
  await login(page, EMAIL);
  await page.getByRole('button', { name: MSG.cambiarContrasena }).click();
  const dialog = page.getByRole('dialog', { name: MSG.cambiarContrasena });
  const password = dialog.getByLabel(MSG.nuevaContrasena);
  const confirm = dialog.getByLabel(MSG.confirmarContrasena);

  for (const [value, message] of [
    ['abcdefg', MSG.passMayuscula],
    ['ABCDEFG', MSG.passMinuscula],
    ['Abcdefg', MSG.passNumero],
    ['Abcdef1', MSG.passEspecial],
  ] as const) {
    await password.fill(value);
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD + 'x');
  await expect(dialog.getByText(MSG.passNoCoinciden)).toBeVisible();
  await shot(page, 'password-mismatch');

  // Cancelling the confirmation goes back to the form without saving.
  await confirm.fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: MSG.guardar }).click();
  const confirmDialog = page.getByRole('dialog', { name: MSG.passConfirmarTitulo });
  await expect(confirmDialog).toBeVisible();
  await shot(page, 'password-confirm');
  await confirmDialog.getByRole('button', { name: MSG.cancelar }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: MSG.cancelar }).click();
  await expect(dialog).toHaveCount(0);

  const done = await changePassword(page, NEW_PASSWORD);
  await shot(page, 'password-success');
  await done.getByRole('button', { name: MSG.aceptar }).click();
  await logout(page);

  // The old password no longer works; the new one does.
  await page.getByLabel(MSG.correo).fill(EMAIL);
  await page.getByLabel(MSG.contrasena, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: MSG.ingresar }).click();
  await expect(page.getByRole('dialog').getByText(MSG.informacionIncorrecta)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: MSG.aceptar }).click();

  await login(page, EMAIL, NEW_PASSWORD);
  // Restore the demo password for the next runs.
  const restored = await changePassword(page, PASSWORD);
  await restored.getByRole('button', { name: MSG.aceptar }).click();
  await logout(page);
});
