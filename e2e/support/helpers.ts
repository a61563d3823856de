import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { MSG } from '@vialex/domain';

export const PASSWORD = 'Vialex2026*';
/** Texts the specs look for, from the domain catalogue. */
export const TEXTS = { cuentaUsuario: MSG.cuentaUsuario, proximaVersion: MSG.proximaVersion } as const;
/** Set by playwright.config.ts for the run (and inherited by its workers). */
export const BASE_URL = `http://127.0.0.1:${process.env.VIALEX_E2E_PORT ?? 3210}`;

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** The options of the config's default context, for extra contexts a test opens itself. */
export const contextDefaults: BrowserContextOptions = {
  baseURL: BASE_URL,
  locale: 'es-CO',
  timezoneId: 'America/Bogota',
  permissions: ['geolocation'],
  geolocation: { latitude: 4.65, longitude: -74.08 },
  viewport: { width: 1366, height: 800 },
};

export async function newContext(browser: Browser, extra: BrowserContextOptions = {}) {
  return browser.newContext({ ...contextDefaults, ...extra });
}

/** Every test starts with nobody signed in and no failed-attempt counters. */
export async function resetSessions(request: APIRequestContext): Promise<void> {
  const res = await request.post(`${BASE_URL}/api/test/reset-sessions`);
  expect(res.ok()).toBeTruthy();
}

export async function expireSession(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post(`${BASE_URL}/api/test/expire-session`, { data: { email } });
  expect(res.ok()).toBeTruthy();
}

/** Saves e2e/screenshots/<name>.png once MUI's enter transitions (≤ 300 ms) have finished. */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage, animations: 'disabled' });
}

export async function fillLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(MSG.correo).fill(email);
  await page.getByLabel(MSG.contrasena, { exact: true }).fill(password);
}

export async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: MSG.ingresar }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByTestId('brand')).toBeVisible();
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: TEXTS.cuentaUsuario }).click();
  await page.getByRole('menuitem', { name: MSG.salir }).click();
  await expect(page).toHaveURL(/\/login$/);
}
