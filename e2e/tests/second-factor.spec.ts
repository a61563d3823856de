import * as OTPAuth from 'otpauth';
import { LABELS, MSG } from '@vialex/domain';
import { DEMO, PHONE, expect, expectNoSideScroll, fillLogin, logout, shot, test } from '../support';

const L = LABELS.segundoFactor;

test.use(PHONE);

test('a coordinator whose cargo requires a second factor sets up the app at sign-in, then signs in with its code', async ({
  page,
  asUser,
}) => {
  const setRule = (cargos: string[]) =>
    asUser(DEMO.administrador, async (api) => {
      const res = await api.put('/api/auth/segundo-factor/cargos', { data: { cargos } });
      expect(res.ok(), await res.text()).toBeTruthy();
    });
  await setRule(['Coordinador Perito']);
  try {
    await page.goto('/login');
    await fillLogin(page, DEMO.coordPerito);
    await page.getByRole('button', { name: MSG.ingresar }).click();
    // No session yet: the setup of the app, with its QR code and its key.
    await expect(page.getByRole('heading', { name: L.configurarTitulo })).toBeVisible();
    await expect(page.getByRole('img', { name: L.qrAlt })).toBeVisible();
    const key = (await page.getByTestId('totp-key').textContent())!.trim();
    await expectNoSideScroll(page);
    await shot(page, 'second-factor-setup-phone');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 });
    await page.getByTestId('setup-code').fill(totp.generate());
    await page.getByRole('button', { name: L.activar }).click();
    // The ten recovery codes, shown once; then VIALEX.
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await shot(page, 'second-factor-codes-phone');
    await page.getByRole('button', { name: L.irAVialex }).click();
    await expect(page.getByTestId('brand')).toBeVisible();
    await logout(page);

    // The next sign-in asks for the app's code (the next one: a code works once).
    await fillLogin(page, DEMO.coordPerito);
    await page.getByRole('button', { name: MSG.ingresar }).click();
    await expect(page.getByRole('heading', { name: L.titulo })).toBeVisible();
    await page.getByTestId('second-step-code').fill('000000');
    await page.getByRole('button', { name: L.verificar }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await shot(page, 'second-factor-step-phone');
    await page.getByTestId('second-step-code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: L.verificar }).click();
    await expect(page.getByTestId('brand')).toBeVisible();
  } finally {
    await setRule([]);
    // The demo's coordinator signs in with a password again (the session's sign-in is its proof).
    await page.request.delete('/api/auth/segundo-factor/totp');
  }
});
