import { expect, test } from '@playwright/test';
import { MSG, TITLES } from '@vialex/domain';
import { login, logout, resetSessions, shot } from '../support/helpers';

test.beforeEach(async ({ request }) => resetSessions(request));

test.describe('location denied', () => {
  test.use({ permissions: [], geolocation: undefined });

  test('shows the warning banner on the login and the layout, and tells the server gps is off', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByText(MSG.geolocalizacionApagada)).toBeVisible();
    await shot(page, 'geo-denied-login');

    await login(page, 'abogado.cait@vialex.test');
    await expect(page.getByTestId('geo-warning')).toBeVisible();
    await expect(page.getByRole('heading', { name: TITLES.clientes })).toBeVisible();
    await expect.poll(async () => (await (await page.request.get('/api/auth/me')).json()).gps).toBe(false);
    await shot(page, 'geo-denied-layout');

    // Allowing location again hides the banner and turns gps back on, without a reload.
    await context.setGeolocation({ latitude: 4.65, longitude: -74.08 });
    await context.grantPermissions(['geolocation']);
    await expect(page.getByTestId('geo-warning')).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(async () => (await (await page.request.get('/api/auth/me')).json()).gps).toBe(true);
    await logout(page);
  });
});

test('with location allowed there is no banner and the position reaches the server', async ({ page }) => {
  let located = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/me/location') && req.method() === 'PUT') located++;
  });
  await login(page, 'coord.abogado.cait@vialex.test');
  await expect(page.getByTestId('geo-warning')).toHaveCount(0);
  await expect.poll(() => located, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
  await logout(page);
});
