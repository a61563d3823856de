import { LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import { DEMO, expect, menuLabel, rows, shot, signIn, test } from '../support';
import type { Page } from '@playwright/test';

const T = { ...LABELS.list, ...LABELS.usuarios };
// A 1×1 PNG, as its bytes say.
const PNG = {
  name: 'foto.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};
const PDF = { name: 'foto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };

const rowWith = (page: Page, email: string) => rows(page).filter({ has: page.getByText(email, { exact: true }) });

test("the photo put in the user form shows in the users list; one's own in the header", async ({ page }) => {
  await signIn(page, DEMO.administrador);
  await page.getByRole('link', { name: menuLabel('/usuarios'), exact: true }).click();
  await expect(page.getByRole('heading', { name: TITLES.usuarios })).toBeVisible();

  // Other tests of this worker add users that may sort before the demo's: find the row by search.
  const search = page.getByRole('search', { name: T.buscarRapido }).getByRole('searchbox', { name: T.buscarRapido });
  await search.fill(DEMO.abogado);
  await search.press('Enter');
  const row = rowWith(page, DEMO.abogado);
  await row.getByRole('button', { name: T.editar }).click();
  const dialog = page.getByRole('dialog', { name: T.actualizar });
  // A document is refused in Spanish and nothing changes.
  await dialog.getByTestId('user-photo-input').setInputFiles(PDF);
  await expect(dialog.getByRole('alert')).toHaveText(MSG.fotoSoloImagen);
  await dialog.getByTestId('user-photo-input').setInputFiles(PNG);
  await expect(dialog.getByRole('button', { name: T.cambiarFoto })).toBeVisible();
  await shot(page, 'user-photo-form');
  await dialog.getByRole('button', { name: MSG.cancelar }).click();
  const avatar = rowWith(page, DEMO.abogado).getByRole('img', { name: new RegExp(fmt(T.fotoDe, { nombre: '' })) });
  await expect(avatar).toHaveAttribute('src', /\/api\/usuarios\/[0-9a-f-]+\/foto\/[0-9a-f-]+$/);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'user-photo-list');

  // One's own, from the account menu: the header's avatar shows it.
  await page.getByRole('button', { name: MSG.cuentaUsuario }).click();
  await page.getByTestId('user-photo-input').setInputFiles(PNG);
  await expect(page.getByRole('button', { name: T.quitarFoto })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveAttribute('src', /\/foto\//);
  await shot(page, 'user-photo-header');
});
