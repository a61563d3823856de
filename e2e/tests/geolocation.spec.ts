import { LOCATION_INTERVAL_MS, MSG, TITLES } from '@vialex/domain';
import { DEMO, expect, login, shot, signIn, test } from '../support';

test.describe('location denied', () => {
  test.use({ permissions: [], geolocation: undefined });

  test('shows the warning banner on the login and the layout, and tells the server gps is off', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByText(MSG.geolocalizacionApagada)).toBeVisible();
    await shot(page, 'geo-denied-login');

    await login(page, DEMO.abogadoCait);
    await expect(page.getByTestId('geo-warning')).toBeVisible();
    await expect(page.getByRole('heading', { name: TITLES.clientes })).toBeVisible();
    await expect.poll(async () => (await (await page.request.get('/api/auth/me')).json()).gps).toBe(false);
    await shot(page, 'geo-denied-layout');

    // Allowing location again hides the banner and turns gps back on, without a reload.
    await context.setGeolocation({ latitude: 4.65, longitude: -74.08 });
    await context.grantPermissions(['geolocation']);
    await expect(page.getByTestId('geo-warning')).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(async () => (await (await page.request.get('/api/auth/me')).json()).gps).toBe(true);
  });
});

test('with location allowed there is no banner and the position reaches the server', async ({ page }) => {
  let located = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/me/location') && req.method() === 'PUT') located++;
  });
  // The page's timers run on a clock the test moves: the next update comes without waiting 4 s.
  await page.clock.install();
  await signIn(page, DEMO.coordAbogadoCait);
  await expect(page.getByTestId('geo-warning')).toHaveCount(0);
  // The first fix is published at once, the next one on the interval.
  await expect.poll(() => located).toBe(1);
  await page.clock.runFor(LOCATION_INTERVAL_MS);
  await expect.poll(() => located).toBe(2);
});
