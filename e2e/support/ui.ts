import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { EXPORT_LIST_TEXTS, FEEDBACK, LABELS, MENU, MSG, fmt } from '@vialex/domain';
import { PASSWORD, expect } from './fixtures';

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Screenshots for an engineer to look at are taken on request (E2E_SHOTS=1): they cost the suite
 * time and prove nothing a test's assertions do not; a failing test keeps its own (the config).
 */
export const SHOTS_WANTED = process.env.E2E_SHOTS === '1';

/**
 * With E2E_SHOTS=1, saves e2e/screenshots/<name>.png once the page's finite CSS transitions and animations (MUI's
 * dialogs, menus, ripples) have ended: it waits for their `finished` events, not for a clock.
 * Endless ones (spinners) are left to `animations: 'disabled'`, which stops them for the shot.
 */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!SHOTS_WANTED) return;
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage, animations: 'disabled' });
}

export async function fillLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(MSG.correo).fill(email);
  await page.getByLabel(MSG.contrasena, { exact: true }).fill(password);
}

/** Signs in through the login screen and lands on /clientes. */
export async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: MSG.ingresar, exact: true }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByTestId('brand')).toBeVisible();
}

/** Salir from the account menu. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: MSG.cuentaUsuario }).click();
  await page.getByRole('menuitem', { name: MSG.salir }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Opens a screen by its path and waits for its title. */
export async function openScreen(page: Page, url: string, title: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

/**
 * Closes the success, info or error pop-up with Aceptar, after checking its title and message
 * when given (and taking its screenshot when named).
 */
export async function accept(
  page: Page,
  kind: 'success' | 'info' | 'error',
  expected: { title?: string; message?: string; screenshot?: string } = {},
): Promise<void> {
  const popup = page.getByTestId(`${kind}-dialog`);
  await expect(popup).toBeVisible();
  if (expected.title) await expect(popup.getByRole('heading', { name: expected.title })).toBeVisible();
  if (expected.message) await expect(popup.getByText(expected.message)).toBeVisible();
  if (expected.screenshot) await shot(page, expected.screenshot);
  await popup.getByRole('button', { name: MSG.aceptar }).click();
  await expect(popup).toBeHidden();
}

/**
 * The success toast, which blocks nothing and hides by itself: the spec's title (default
 * 'Operación Exitosa') and, when given, what happened to which object ('caso #12 creado').
 */
export async function expectSuccess(
  page: Page,
  expected: { detail?: string; title?: string; screenshot?: string } = {},
): Promise<void> {
  const title = expected.title ?? MSG.exito;
  const text = expected.detail ? fmt(FEEDBACK.toast, { titulo: title, detalle: expected.detail }) : title;
  const toast = page.getByTestId('success-toast').filter({ hasText: text }).first();
  await expect(toast).toHaveText(text);
  if (expected.screenshot) await shot(page, expected.screenshot);
}

/**
 * The created case's number, shown large above the list; checks its toast too. `previous`: the
 * number the banner showed before this creation (it stays up for two minutes), so its old value
 * is not taken for the new one.
 */
export async function expectCreatedCase(page: Page, previous?: number): Promise<number> {
  const shown = page.getByTestId('created-case-number');
  await expect(shown).toHaveText(/^#\d+$/);
  if (previous !== undefined) await expect(shown).not.toHaveText(`#${previous}`);
  const caso = Number((await shown.innerText()).slice(1));
  await expectSuccess(page, { detail: fmt(FEEDBACK.casoCreado, { caso }) });
  return caso;
}

/**
 * Chooses an option of a select or autocomplete labelled `label` inside `scope`. MUI's select
 * opens on mousedown and closes on a mouseup outside the field: when the field moves between the
 * two (on a phone, a long plate look-up answer taking a second line above it), its list closes at
 * once and the field says it is collapsed. Then it is opened again, as a person would. (While a list is open the
 * page behind it is hidden from the accessibility tree: the field is found only when closed.)
 */
export async function pick(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp): Promise<void> {
  const field = scope.getByRole('combobox', { name: label });
  const choice = page.getByRole('listbox').getByRole('option', { name: option, exact: true }).first();
  await field.click();
  await expect(async () => {
    const closed =
      !(await choice.isVisible()) &&
      (await field.isVisible()) &&
      (await field.getAttribute('aria-expanded', { timeout: 1_000 })) !== 'true';
    if (closed) await field.click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await choice.click();
}

/** The rows of the screen's list. */
export const rows = (page: Page): Locator => page.getByTestId('list-row');

/** The row of case `caso` on screen: its Caso cell exactly, so case 31 is not also 310 or 131. */
export const caseRow = (page: Page, caso: number): Locator =>
  rows(page).filter({ has: page.locator('td[data-column="caso"]', { hasText: new RegExp(`^${caso}$`) }) });

/** The row or card of case `caso`'s export in EXPORTACIONES SFTP, by its link to the case. */
export const exportRow = (page: Page, caso: number): Locator =>
  rows(page).filter({
    has: page.getByRole('link', { name: fmt(EXPORT_LIST_TEXTS.abrirCaso, { caso }), exact: true }),
  });

/** The criteria panel of a list screen. */
export const criteriaPanel = (page: Page): Locator => page.getByRole('form', { name: MSG.buscar });

/** One criterion through the criteria panel (opened when folded), then Buscar. */
export async function searchBy(page: Page, field: string, op: string, value: string): Promise<void> {
  const panel = criteriaPanel(page);
  // The screen may still be loading; isVisible() below does not wait.
  await expect(panel.getByRole('button', { name: MSG.buscar })).toBeVisible();
  if (await panel.getByRole('button', { name: MSG.mostrarCriterios }).isVisible()) {
    await panel.getByRole('button', { name: MSG.mostrarCriterios }).click();
  }
  const row = panel.getByTestId('criteria-row').first();
  await pick(page, row, MSG.campo, field);
  await pick(page, row, MSG.operador, op);
  await row.getByLabel(MSG.valor).fill(value);
  await panel.getByRole('button', { name: MSG.buscar }).click();
}

/** Shows 50 rows a page (every demo user), through the pager's size selector. */
export async function fiftyPerPage(page: Page): Promise<void> {
  await pick(page, page.getByTestId('list-pager'), LABELS.list.filasPorPagina, '50');
  await expect(page.getByRole('combobox', { name: LABELS.list.filasPorPagina })).toContainText('50');
}

/**
 * The page does not scroll sideways at this width. Polled: after a resize the screen swaps its
 * layout (table → cards) on its next render, and a control both layouts show may already be
 * visible while the wide one is still on screen (seen once in CI: 447 px at 390).
 */
export async function expectNoSideScroll(page: Page, width = 390): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'the page scrolls sideways' })
    .toBeLessThanOrEqual(width);
}

/** The size of a phone the phone tests use. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** The menu's label of a screen, by its path. */
export function menuLabel(path: string): string {
  const entry = MENU.find((e) => e.path === path);
  if (!entry) throw new Error(`no menu entry for ${path}`);
  return entry.label;
}

/** Matches an accessible name that starts with `label` (MUI adds ' *' to required fields). */
export function startsWith(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/**
 * Signs in through the API in the page's own browser context (the session cookie lands in it)
 * and opens /clientes, where the login screen lands too, or the screen `at` names: a test that
 * goes on to another screen opens it straight away, one load of the app instead of two. For
 * tests whose subject is not the login screen, which login.spec.ts covers.
 */
export async function signIn(
  page: Page,
  email: string,
  options: string | { at?: string; password?: string } = {},
): Promise<void> {
  const { at = '/clientes', password = PASSWORD } = typeof options === 'string' ? { password: options } : options;
  // A page that showed the app may still have a request out, and a 401 answer clears the
  // session cookie: leave the app first, so no late answer can clear the new one.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  await page.goto(at);
  await expect(page.getByTestId('brand')).toBeVisible();
}

/**
 * Closes the notices on screen (they stay until dismissed, bottom right): a step whose button
 * they cover, as a user would, dismisses them first.
 */
export async function dismissNotices(page: Page): Promise<void> {
  // notistack's snackbars are alerts.
  const close = page.getByRole('alert').getByRole('button', { name: MSG.cerrar });
  // All at once: a closing notice keeps its button until its exit animation ends.
  await close.evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
  await expect(close).toHaveCount(0);
}

/** The staff's live socket, the first one of a page with its `?since=` (lib/live.ts) or not. */
export const STAFF_LIVE_SOCKET = /\/api\/live(\?[^/]*)?$/;
