import * as OTPAuth from 'otpauth';
import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PASSWORD,
  PHONE,
  expect,
  expectNoSideScroll,
  expectSuccess,
  fiftyPerPage,
  fillLogin,
  logout,
  rows,
  shot,
  signIn,
  test,
} from '../support';
import { expectNoSeriousViolations } from '../support/a11y';
import { virtualAuthenticator } from '../support/passkeys';

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
    await page.getByRole('button', { name: MSG.ingresar, exact: true }).click();
    // No session yet: the choice of a factor, then the setup of the app, with its QR code and its key.
    await expect(page.getByRole('heading', { name: L.configurarTitulo })).toBeVisible();
    await expectNoSideScroll(page);
    await shot(page, 'second-factor-choice-phone');
    await page.getByRole('button', { name: L.configurarConApp }).click();
    await expect(page.getByRole('heading', { name: L.configurarApp })).toBeVisible();
    await expect(page.getByRole('img', { name: L.qrAlt })).toBeVisible();
    const key = (await page.getByTestId('totp-key').textContent())!.trim();
    // A phone cannot scan the QR code it shows: the key is copied for the app on the same phone.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: L.copiarClave }).click();
    await expect(page.getByRole('alert').filter({ hasText: L.claveCopiada })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
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
    await page.getByRole('button', { name: MSG.ingresar, exact: true }).click();
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

test.describe('passkeys, desktop', () => {
  test.use({ viewport: { width: 1366, height: 800 }, isMobile: false, hasTouch: false });

  test("the Administrador's rule leads a coordinator to set up a passkey, who then signs in with it alone, until the reset removes it", async ({
    page,
    openContext,
    asUser,
    baseURL,
  }) => {
    const email = DEMO.coordPerito;
    const { id: userId, nombre } = await asUser(DEMO.administrador, async (api) => {
      const res = await api.get(
        `/api/estado-usuarios?criteria=${encodeURIComponent(JSON.stringify([{ field: 'email', op: 'eq', value: email }]))}`,
      );
      const row = (await res.json()).rows[0] as { id: string; nombres: string; apellidos: string };
      return { id: row.id, nombre: `${row.nombres} ${row.apellidos}` };
    });
    const cleanUp = () =>
      asUser(DEMO.administrador, async (api) => {
        await api.put('/api/auth/segundo-factor/cargos', { data: { cargos: [] } });
        await api.put(`/api/usuarios/${userId}/password`, {
          data: { password: PASSWORD, confirmPassword: PASSWORD, quitarSegundoFactor: true },
        });
      });
    try {
      // The Administrador ticks the coordinator's cargo in VERIFICACIÓN EN DOS PASOS POR CARGO.
      await signIn(page, DEMO.administrador, { at: '/usuarios' });
      await expect(page.getByRole('heading', { name: TITLES.usuarios })).toBeVisible();
      await page.getByRole('button', { name: L.porCargo }).click();
      const rule = page.getByRole('dialog', { name: L.porCargoTitulo });
      await expect(rule.getByText(L.porCargoTexto)).toBeVisible();
      const box = rule.getByRole('checkbox', { name: 'Coordinador Perito' });
      await expect(box).not.toBeChecked();
      await box.check();
      await expectNoSeriousViolations(page, 'required factor dialog', '[data-testid="required-factor-dialog"]');
      await shot(page, 'second-factor-rule-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'second-factor-rule-phone');
      await expectNoSeriousViolations(page, 'required factor dialog', '[data-testid="required-factor-dialog"]');
      await page.setViewportSize({ width: 1366, height: 800 });
      await rule.getByRole('button', { name: L.guardar }).click();
      await expectSuccess(page, { detail: FEEDBACK.segundoFactorPorCargo });
      await expect(rule).toBeHidden();

      // The coordinator, in their own browser with a passkey-capable device, is led to the setup.
      // WebAuthn takes a domain, not an IP address, as the relying party: the same server as localhost.
      const user = await (await openContext({ baseURL: baseURL!.replace('127.0.0.1', 'localhost') })).newPage();
      await virtualAuthenticator(user);
      await user.goto('/login');
      await fillLogin(user, email);
      await user.getByRole('button', { name: MSG.ingresar, exact: true }).click();
      await expect(user.getByRole('heading', { name: L.configurarTitulo })).toBeVisible();
      await expectNoSeriousViolations(user, 'setup choice');
      await shot(user, 'second-factor-choice-desktop');
      await user.getByRole('button', { name: L.configurarConLlave }).click();
      await user.getByLabel(L.nombreLlave).fill('Portátil de pruebas');
      await shot(user, 'second-factor-key-name-desktop');
      await user.getByRole('button', { name: L.continuar }).click();
      await expect(user.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
      await user.getByRole('button', { name: L.irAVialex }).click();
      await expect(user.getByTestId('brand')).toBeVisible();
      await logout(user);

      // With the password, the second step offers the passkey.
      await fillLogin(user, email);
      await user.getByRole('button', { name: MSG.ingresar, exact: true }).click();
      await expect(user.getByText(L.segundoPasoLlave)).toBeVisible();
      await shot(user, 'second-factor-step-key-desktop');
      await user.getByRole('button', { name: L.usarLlave }).click();
      await expect(user.getByTestId('brand')).toBeVisible();
      await logout(user);

      // The passkey alone: no e-mail, no password.
      await shot(user, 'second-factor-login-key-desktop');
      await user.getByRole('button', { name: L.ingresarConLlave }).click();
      await expect(user.getByTestId('brand')).toBeVisible();
      await logout(user);

      // The Administrador resets the password and, ticked, removes the second factor.
      await page.goto('/estado-usuarios');
      await expect(rows(page).first()).toBeVisible();
      await fiftyPerPage(page);
      await rows(page).filter({ hasText: email }).getByRole('button', { name: MSG.cambiarContrasena }).click();
      const reset = page.getByRole('dialog', { name: MSG.cambiarContrasena });
      await reset.getByLabel(MSG.nuevaContrasena, { exact: true }).fill(PASSWORD);
      await reset.getByLabel(MSG.confirmarContrasena, { exact: true }).fill(PASSWORD);
      await reset.getByRole('checkbox', { name: L.quitarAlRestablecer }).check();
      await expect(reset.getByText(L.quitarAlRestablecerAyuda)).toBeVisible();
      await expectNoSeriousViolations(page, 'password reset dialog', '[role="dialog"]');
      await shot(page, 'second-factor-reset-desktop');
      await reset.getByRole('button', { name: MSG.guardar }).click();
      await page.getByRole('dialog', { name: MSG.passConfirmarTitulo }).getByRole('button', { name: MSG.si }).click();
      await expectSuccess(page, { detail: fmt(FEEDBACK.contrasenaRestablecidaSinFactor, { nombre }) });

      // The same passkey is refused now, in the server's words.
      await user.getByRole('button', { name: L.ingresarConLlave }).click();
      await expect(user.getByTestId('passkey-sign-in-error')).toHaveText(MSG.llaveNoVerificada);
      await shot(user, 'second-factor-key-refused-desktop');
      await user.setViewportSize({ width: 390, height: 844 });
      await expectNoSideScroll(user);
      await shot(user, 'second-factor-key-refused-phone');
      // Their cargo still requires a factor: the password leads to the setup again.
      await fillLogin(user, email);
      await user.getByRole('button', { name: MSG.ingresar, exact: true }).click();
      await expect(user.getByRole('button', { name: L.configurarConLlave })).toBeVisible();
      await expectNoSideScroll(user);
    } finally {
      // One live session per user: the Administrador's page signs out first.
      await page.request.post('/api/auth/logout').catch(() => undefined);
      await cleanUp();
    }
  });
});
