import { DISPONIBILIDAD, MSG } from '@vialex/domain';
import { DEMO, expect, shot, signIn, test } from '../support';

test('Investigador sets availability; cancelling restores it, confirming changes the chip', async ({ page }) => {
  await signIn(page, DEMO.investigador);
  const chip = page.getByTestId('availability-chip');
  await expect(chip).toHaveAccessibleName(`${MSG.disponibilidad}: ${DISPONIBILIDAD.enEspera}`);
  await expect(chip).toContainText(DISPONIBILIDAD.enEspera);

  await chip.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: DISPONIBILIDAD.ocupado })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: DISPONIBILIDAD.multiple })).toBeDisabled();
  await shot(page, 'availability-menu');
  await menu.getByRole('menuitem', { name: DISPONIBILIDAD.fueraDeHorario }).click();

  const dialog = page.getByRole('dialog', { name: MSG.actualizarEstadoTitulo });
  await expect(dialog.getByText(MSG.actualizarEstadoTexto)).toBeVisible();
  await shot(page, 'availability-confirm');
  await dialog.getByRole('button', { name: MSG.cancelar }).click();
  await expect(chip).toContainText(DISPONIBILIDAD.enEspera);

  await chip.click();
  await page.getByRole('menuitem', { name: DISPONIBILIDAD.fueraDeHorario }).click();
  await page.getByRole('dialog', { name: MSG.actualizarEstadoTitulo }).getByRole('button', { name: MSG.si }).click();
  await expect(chip).toContainText(DISPONIBILIDAD.fueraDeHorario);
  // The server holds the change: a reload shows the same value.
  await page.reload();
  await expect(page.getByTestId('availability-chip')).toContainText(DISPONIBILIDAD.fueraDeHorario);
  await shot(page, 'availability-changed');
});

test('Administrador has no availability picker', async ({ page }) => {
  await signIn(page, DEMO.administrador);
  await expect(page.getByRole('button', { name: MSG.cambiarContrasena })).toBeVisible();
  await expect(page.getByTestId('availability-chip')).toHaveCount(0);
});
