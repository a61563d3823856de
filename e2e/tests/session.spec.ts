import { expect, test } from '@playwright/test';
import { MSG, TITLES } from '@vialex/domain';
import { expireSession, fillLogin, login, logout, newContext, resetSessions, shot } from '../support/helpers';

test.beforeEach(async ({ request }) => resetSessions(request));

test('a second sign-in is refused while the first session lives, and allowed once it expired', async ({
  page,
  browser,
  request,
}) => {
  const email = 'callcenter@vialex.test';
  await login(page, email);

  const other = await newContext(browser);
  const second = await other.newPage();
  await second.goto('/login');
  await fillLogin(second, email);
  await second.getByRole('button', { name: MSG.ingresar }).click();
  const dialog = second.getByRole('dialog');
  await expect(dialog.getByText(MSG.oops)).toBeVisible();
  await expect(dialog.getByText(MSG.sesionActiva)).toBeVisible();
  await shot(second, 'login-session-active');
  await dialog.getByRole('button', { name: MSG.aceptar }).click();

  await expireSession(request, email);
  await second.getByRole('button', { name: MSG.ingresar }).click();
  await expect(second).toHaveURL(/\/clientes$/);
  await logout(second);
  await other.close();
});

test('a session that expires while in use sends the browser to /login', async ({ page, request }) => {
  const email = 'coord.perito@vialex.test';
  await login(page, email);
  await page.goto('/vehiculos');
  await expect(page.getByRole('heading', { name: TITLES.vehiculos })).toBeVisible();
  await expireSession(request, email);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByText(MSG.sesionTerminada)).toBeVisible();
  await shot(page, 'session-expired');
  await page.goto('/casos');
  await expect(page).toHaveURL(/\/login$/);
});
