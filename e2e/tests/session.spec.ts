import { MSG, TITLES } from '@vialex/domain';
import { DEMO, expect, expireSession, fillLogin, shot, signIn, test } from '../support';

test('a second sign-in is refused while the first session lives, and allowed once it expired', async ({
  page,
  openContext,
  request,
}) => {
  const email = DEMO.callCenter;
  await signIn(page, email);

  const second = await (await openContext()).newPage();
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
});

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a session that expires while in use sends the browser to /login', async ({ page, request }) => {
  const email = DEMO.coordPerito;
  await signIn(page, email, { at: '/vehiculos' });
  await expect(page.getByRole('heading', { name: TITLES.vehiculos })).toBeVisible();
  await expireSession(request, email);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  // The live channel's 'session.ended' says the time ran out; when the tab learns it otherwise
  // (its socket was reconnecting) it can only say the session ended, as this test moves the
  // session's start into the past while the browser's clock still has time left.
  await expect(page.getByTestId('session-ended')).toHaveText(
    new RegExp(`^(${escape(MSG.sesionTiempoCumplido)}|${escape(MSG.sesionTerminada)})$`),
  );
  await shot(page, 'session-expired');
  await page.goto('/casos');
  await expect(page).toHaveURL(/\/login$/);
});
