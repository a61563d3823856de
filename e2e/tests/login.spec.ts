import { gzipSync } from 'node:zlib';
import { DEMO, PASSWORD, expect, fillLogin, login, logout, shot, test } from '../support';
import { MSG, TITLES, type Cargo } from '@vialex/domain';

test('sign-in lands on /clientes', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText(MSG.bienvenida)).toBeVisible();
  await expect(page.getByText(MSG.bienvenidaDetalle)).toBeVisible();
  await expect(page.getByTestId('geo-warning')).toHaveCount(0);
  await shot(page, 'login-desktop');

  await fillLogin(page, DEMO.administrador);
  await page.getByRole('button', { name: MSG.ingresar, exact: true }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByRole('heading', { name: TITLES.clientes })).toBeVisible();
  await shot(page, 'clientes-desktop');
  await logout(page);
});

test('INGRESAR stays disabled while either field is empty', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByRole('button', { name: MSG.ingresar, exact: true });
  await expect(button).toBeDisabled();
  await page.getByLabel(MSG.correo).fill(DEMO.administrador);
  await expect(button).toBeDisabled();
  await page.getByLabel(MSG.contrasena, { exact: true }).fill(PASSWORD);
  await expect(button).toBeEnabled();
  await page.getByLabel(MSG.correo).fill('');
  await expect(button).toBeDisabled();
});

test('shows each validation message', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel(MSG.correo);
  const password = page.getByLabel(MSG.contrasena, { exact: true });

  await email.fill('administrador');
  await email.blur();
  await expect(page.getByText(MSG.correoInvalido)).toBeVisible();

  await email.fill('');
  await expect(page.getByText(MSG.correoRequerido)).toBeVisible();

  await password.fill('x');
  await password.blur();
  await password.fill('');
  await expect(page.getByText(MSG.contrasenaRequerida)).toBeVisible();
  await shot(page, 'login-validation');
});

test('a wrong password shows Información incorrecta in the Oops dialog', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO.abogado, 'Incorrecta1*');
  await page.getByRole('button', { name: MSG.ingresar, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(MSG.oops)).toBeVisible();
  await expect(dialog.getByText(MSG.informacionIncorrecta)).toBeVisible();
  await shot(page, 'login-oops');
  await dialog.getByRole('button', { name: MSG.aceptar }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in visitor opening /login goes to /clientes', async ({ page }) => {
  await login(page, DEMO.coordContactCenter);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/clientes$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/clientes$/);
  await logout(page);
});

test('Salir returns to /login and protected URLs then redirect to /login', async ({ page }) => {
  await login(page, DEMO.coordInvestigador);
  await page.getByRole('button', { name: MSG.cuentaUsuario }).click();
  const menu = page.getByRole('menu');
  await expect(
    page.getByTestId('account-info').getByText(('Coordinador Investigador' satisfies Cargo).toUpperCase()),
  ).toBeVisible();
  await shot(page, 'account-menu');
  await menu.getByRole('menuitem', { name: MSG.salir }).click();
  await expect(page).toHaveURL(/\/login$/);

  for (const path of ['/clientes', '/casos', '/estadistica/1', '/', '/gestionar-caso/1/chat']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  // The session really ended on the server, not only in the page.
  expect(await (await page.request.get('/api/auth/me')).json()).toBeNull();
});

test('the login route loads at most 250 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) {
      scripts.set(res.url(), gzipSync(await res.body()).length);
    }
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: MSG.ingresar, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  test.info().annotations.push({
    type: 'login JS (gzip)',
    description: `${(total / 1024).toFixed(1)} KB in ${scripts.size} files`,
  });
  console.log(`login route JS: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`);
  expect(total).toBeLessThanOrEqual(250 * 1024);
});
