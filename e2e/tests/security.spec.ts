import { MSG, TITLES } from '@vialex/domain';
import { DEMO, expect, signIn, test } from '../support';

test('the app runs under its Content-Security-Policy: no violation on the screens and dialogs', async ({ page }) => {
  // Recorded by the page itself, from the first script on.
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, DEMO.administrador);
  for (const [path, title] of [
    ['/clientes', TITLES.clientes],
    ['/usuarios', TITLES.usuarios],
    ['/estado-usuarios', TITLES.estadoUsuarios],
    ['/casos', TITLES.casos],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  // A dialog (MUI writes its styles at run time) and the live channel (same-origin WebSocket).
  await page.getByRole('button', { name: MSG.nuevo }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('another site cannot make a signed-in browser change anything', async ({ page }) => {
  await signIn(page, DEMO.administrador);
  const cookies = await page.context().cookies();
  // The same signed-in browser, a request claiming another site's page as its origin.
  const res = await page.request.post('/api/auth/logout', { headers: { origin: 'https://atacante.example' } });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe(MSG.origenNoPermitido);
  // Still signed in.
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  expect(cookies.find((c) => c.name === 'vialex_sid')?.sameSite).toBe('Lax');
});
