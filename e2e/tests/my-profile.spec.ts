import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { DEMO, expect, expectNoSideScroll, shot, signIn, test } from '../support';
import { axeViolations } from '../support/a11y';
import { virtualAuthenticator } from '../support/passkeys';

const L = LABELS.segundoFactor;

// WebAuthn refuses an IP address as the relying party's id: this spec opens the test server by the
// name 'localhost' (the server takes its relying party from the request's host).
test.use({ baseURL: async ({ server }, use) => use(server.baseURL.replace('//127.0.0.1', '//localhost')) });

const KEY_NAME = 'Portátil de prueba';

/** No WCAG 2.1 A/AA violation on the page (or within a dialog), naming the rule and where. */
async function expectClean(page: Page, within?: string) {
  const found = await axeViolations(page, within);
  expect(
    found.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${within ?? 'Mi perfil'} at ${page.viewportSize()?.width}px`,
  ).toEqual([]);
}

test('Mi perfil: a user sets up the authenticator app, keeps the recovery codes, adds a passkey and removes it', async ({
  page,
}) => {
  await signIn(page, DEMO.perito);
  try {
    // From the header's account popover.
    await page.getByRole('button', { name: MSG.cuentaUsuario }).click();
    await page.getByRole('menuitem', { name: L.miPerfil }).click();
    await expect(page).toHaveURL(/\/mi-perfil$/);
    await expect(page.getByRole('heading', { name: L.miPerfil, level: 1 })).toBeVisible();
    const app = page.getByTestId('factor-app');
    await expect(app.getByText(L.inactiva)).toBeVisible();
    await expect(page.getByText(L.sinLlaves)).toBeVisible();
    await expectClean(page);
    await shot(page, 'my-profile-none-desk', true);

    // The app: its QR code and key; the code the app would show, computed from that key.
    await app.getByRole('button', { name: L.configurar }).click();
    const setup = page.getByRole('dialog', { name: L.configurarApp });
    await expect(setup.getByRole('img', { name: L.qrAlt })).toBeVisible();
    const key = (await setup.getByTestId('totp-key').textContent())!.trim();
    await expectClean(page, '[data-testid="totp-dialog"]');
    await shot(page, 'my-profile-app-setup-desk');
    await setup.getByTestId('totp-code').fill('000000');
    await setup.getByRole('button', { name: L.activar }).click();
    await expect(setup.getByRole('alert')).toBeVisible();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 });
    await setup.getByTestId('totp-code').fill(totp.generate());
    await setup.getByRole('button', { name: L.activar }).click();

    // The first factor brings the ten recovery codes, shown once: LISTO once they are kept.
    const codes = page.getByRole('dialog', { name: L.codigosTitulo });
    await expect(codes.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const listo = codes.getByRole('button', { name: L.listo });
    await expect(listo).toBeDisabled();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      codes.getByRole('button', { name: L.descargarCodigos }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.txt$/);
    await expectClean(page, '[data-testid="codes-dialog"]');
    await shot(page, 'my-profile-codes-desk');
    await codes.getByLabel(L.codigosGuardados).check();
    await listo.click();
    await expect(codes).toBeHidden();
    await expect(app.getByText(/^Activa desde el /)).toBeVisible();
    await expect(page.getByTestId('codes-left')).toHaveText(fmt(L.codigosRestantes, { n: 10, total: 10 }));

    // A passkey through Chromium's virtual authenticator (the device's fingerprint, say).
    await virtualAuthenticator(page);
    await page.getByRole('button', { name: L.agregarLlave }).click();
    const adding = page.getByRole('dialog', { name: L.agregarLlaveTitulo });
    await adding.getByTestId('passkey-name').fill(KEY_NAME);
    await expectClean(page, '[data-testid="passkey-dialog"]');
    await shot(page, 'my-profile-passkey-desk');
    await adding.getByRole('button', { name: L.continuar }).click();
    await expect(adding).toBeHidden();
    const list = page.getByTestId('passkey-list');
    await expect(list.getByText(KEY_NAME)).toBeVisible();
    await expect(list.getByText(new RegExp(L.llaveSinUso))).toBeVisible();
    await expectClean(page);
    await shot(page, 'my-profile-factors-desk', true);

    // At a phone's size: nothing wider than the screen, and clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(list.getByText(KEY_NAME)).toBeVisible();
    await expectNoSideScroll(page);
    await expectClean(page);
    await shot(page, 'my-profile-factors-phone', true);

    // QUITAR asks, naming the key.
    await list.getByRole('button', { name: L.quitar }).click();
    const confirm = page.getByRole('dialog', { name: fmt(L.quitarLlaveTitulo, { nombre: KEY_NAME }) });
    await expect(confirm).toBeVisible();
    await shot(page, 'my-profile-remove-key-phone');
    await confirm.getByRole('button', { name: MSG.si }).click();
    await expect(page.getByText(L.sinLlaves)).toBeVisible();

    // New recovery codes (the earlier ones stop working), shown once again.
    await page.getByRole('button', { name: L.generarCodigos }).click();
    await page.getByRole('dialog', { name: L.generarCodigosTitulo }).getByRole('button', { name: MSG.si }).click();
    const fresh = page.getByRole('dialog', { name: L.codigosTitulo });
    await expect(fresh.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await expectNoSideScroll(page);
    await expectClean(page, '[data-testid="codes-dialog"]');
    await shot(page, 'my-profile-codes-phone');
    await fresh.getByLabel(L.codigosGuardados).check();
    await fresh.getByRole('button', { name: L.listo }).click();
    await expect(fresh).toBeHidden();

    await page.getByTestId('factor-app').getByRole('button', { name: L.quitar }).click();
    await expect(page.getByRole('dialog', { name: L.quitarAppTitulo })).toBeVisible();
    await shot(page, 'my-profile-remove-app-phone');
    await page.getByRole('dialog', { name: L.quitarAppTitulo }).getByRole('button', { name: MSG.si }).click();
    await expect(page.getByTestId('factor-app').getByText(L.inactiva)).toBeVisible();
    await expect(page.getByTestId('factor-codigos')).toHaveCount(0);
    await expectClean(page);
    await shot(page, 'my-profile-none-phone', true);

    // The app's setup at a phone's size, left without a code.
    await page.getByRole('button', { name: L.configurar }).click();
    const again = page.getByRole('dialog', { name: L.configurarApp });
    await expect(again.getByRole('img', { name: L.qrAlt })).toBeVisible();
    await expectNoSideScroll(page);
    await expectClean(page, '[data-testid="totp-dialog"]');
    await shot(page, 'my-profile-app-setup-phone');
    await again.getByRole('button', { name: MSG.cancelar }).click();
    await expect(again).toBeHidden();
  } finally {
    // The demo's user signs in with their password alone again, whatever step failed.
    await page.request.delete('/api/auth/segundo-factor/totp');
  }
});
