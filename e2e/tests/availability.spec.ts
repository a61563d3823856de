import { DISPONIBILIDAD, MSG } from '@vialex/domain';
import { DEMO, PASSWORD, expect, shot, signIn, test } from '../support';

test('Investigador sets availability; cancelling restores it, confirming changes the chip', async ({ page, apiAs }) => {
  // An investigator of its own: the demo one may hold cases other specs assigned (then 'Activo múltiple').
  const admin = await apiAs(DEMO.administrador);
  const n = Date.now() % 100_000_000;
  const email = `disponibilidad${n}@vialex.test`;
  const created = await admin.post('/api/usuarios', {
    data: {
      nombres: 'Irene',
      apellidos: 'Disponible',
      identificacion: String(60_000_000 + (n % 10_000_000)),
      telefono: '3001234567',
      email,
      cargo: 'Investigador',
      area: 'INVESTIGACIÓN',
      ciudades: ['11001'],
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, email);
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
