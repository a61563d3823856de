import { MSG } from '@vialex/domain';
import { expect, shot, test } from '../support';

test('an unknown path shows the not-found page with a way to the login', async ({ page }) => {
  await page.goto('/esta/ruta/no-existe');
  await expect(page.getByText(MSG.paginaNoExiste)).toBeVisible();
  await shot(page, 'not-found');
  await page.getByRole('link', { name: MSG.irAlLogin }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the client entry link shows its placeholder with the entry button disabled', async ({ page }) => {
  await page.goto('/login/auth-cliente/abc123');
  await expect(page.getByRole('button', { name: MSG.ingresarAlCaso })).toBeDisabled();
  await shot(page, 'client-entry');
});
