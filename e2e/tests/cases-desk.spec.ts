import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  createCaseAs,
  expect,
  expectSuccess,
  openScreen,
  caseRow,
  exportRow,
  rows,
  shot,
  signIn,
  signOut,
  test,
  uniquePlate,
} from '../support';
import type { Locator, Page } from '@playwright/test';

const C = LABELS.casos;
const L = LABELS.list;

test.use({ viewport: { width: 1440, height: 900 } });

/** The built chunks that hold libphonenumber's metadata (its `country_calling_codes` table). */
function phoneRulesChunks(): string[] {
  const assets = fileURLToPath(new URL('../../apps/web/dist/assets/', import.meta.url));
  return fs
    .readdirSync(assets)
    .filter(
      (name) =>
        name.endsWith('.js') && fs.readFileSync(path.join(assets, name), 'utf8').includes('country_calling_codes'),
    );
}

/** The desk's one search field, then Enter. */
async function quickSearch(page: Page, text: string | number) {
  const field = page.getByRole('search', { name: C.buscarRapido }).getByRole('searchbox', { name: C.buscarRapido });
  await field.fill(String(text));
  await field.press('Enter');
}

/**
 * A cell is in view: inside the table's scrolling box as it stands, and left of the first column
 * pinned at the right (which would cover it).
 */
async function expectInView(page: Page, row: Locator, column: string) {
  const box = (await page.locator('.MuiTableContainer-root').boundingBox())!;
  const pinned = (await row.locator('td[data-column="asignar"]').boundingBox())!;
  const cell = (await row.locator(`td[data-column="${column}"]`).boundingBox())!;
  expect(cell.x, column).toBeGreaterThanOrEqual(box.x);
  expect(cell.x + cell.width, column).toBeLessThanOrEqual(Math.min(pinned.x, box.x + box.width) + 1);
}

test('LISTA DE CASOS at 1440×900: Estado and Equipo beside Cliente with the plate, no sideways scroll', async ({
  page,
  apiAs,
  asUser,
}) => {
  const placa = uniquePlate('E');
  const { id, caso } = await createCaseAs(asUser, { placa });
  const bare = await createCaseAs(asUser, { placa: uniquePlate('E') });
  // Only signed-in investigators may be assigned: the investigator is at work meanwhile.
  const investigador = await apiAs(DEMO.investigador);
  await asUser(DEMO.administrador, async (api) => {
    const candidates = await (await api.get(`/api/casos/${id}/candidatos?tipo=Investigador`)).json();
    const julian = candidates.find((u: { nombres: string }) => /Julián/i.test(u.nombres));
    const res = await api.post(`/api/casos/${id}/asignar`, { data: { tipo: 'Investigador', usuario: julian.id } });
    expect(res.ok(), await res.text()).toBeTruthy();
  });
  await signOut(investigador);

  await signIn(page, DEMO.administrador, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  const row = caseRow(page, caso);
  await expect(row).toHaveCount(1);
  await expect(page.locator('.MuiTableContainer-root')).toHaveJSProperty('scrollLeft', 0);
  for (const header of [C.caso, C.cliente, C.estado, C.equipo])
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expectInView(page, row, 'cliente');
  await expectInView(page, row, 'estado');
  await expectInView(page, row, 'equipo');
  await expect(row.locator('td[data-column="cliente"]').getByTestId('case-plate')).toHaveText(placa);
  await expect(row.locator('td[data-column="estado"]')).toHaveText('Recibido');
  await expect(row.getByTestId('team-investigador')).toContainText(/Julián Martínez Peña/i);
  await expect(caseRow(page, bare.caso).getByTestId('team-empty')).toHaveText(C.sinAsignar);
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await shot(page, 'cases-desk-team');
});

test("the desk's 'Caso o placa' finds a case by plate in one step; no hits say so and 'Limpiar filtros' clears", async ({
  page,
  asUser,
}) => {
  const placa = uniquePlate('Q');
  const { caso } = await createCaseAs(asUser, { placa });
  await signIn(page, DEMO.coordContactCenter, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  // Beside the criteria panel, not instead of it.
  await expect(page.getByRole('form', { name: MSG.buscar }).getByRole('button', { name: MSG.nuevo })).toBeVisible();

  await quickSearch(page, placa.toLowerCase());
  await expect(rows(page)).toHaveCount(1);
  await expect(caseRow(page, caso)).toHaveCount(1);
  await shot(page, 'cases-desk-quick-search');

  await quickSearch(page, 'ZZZ999');
  await expect(rows(page)).toHaveCount(0);
  const empty = page.getByTestId('list-no-match');
  await expect(empty).toContainText(C.ningunCaso);
  await expect(page.getByText(MSG.datosNoDisponibles)).toHaveCount(0);
  await shot(page, 'cases-desk-no-match');
  await empty.getByRole('button', { name: L.limpiarFiltros }).click();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('searchbox', { name: C.buscarRapido })).toHaveValue('');
  await expect(page.getByTestId('list-no-match')).toHaveCount(0);
});

test("'Exportar archivos del caso' from the row asks, naming the case, and records the export", async ({
  page,
  asUser,
}) => {
  const { caso } = await createCaseAs(asUser, { placa: uniquePlate('X') });
  const scripts: string[] = [];
  page.on(
    'request',
    (req) => req.resourceType() === 'script' && scripts.push(path.basename(new URL(req.url()).pathname)),
  );
  await signIn(page, DEMO.administrador, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  await quickSearch(page, caso);
  const row = caseRow(page, caso);
  await expect(row).toHaveCount(1);
  // The row's export comes without the SMS panel's phone rules, which only the workspace needs.
  const phoneRules = phoneRulesChunks();
  expect(phoneRules).not.toEqual([]);
  expect(scripts.filter((name) => phoneRules.includes(name))).toEqual([]);
  await row.getByRole('button', { name: C.exportarArchivos }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText(fmt(MSG.exportarCaso, { caso }))).toBeVisible();
  await shot(page, 'cases-desk-export-confirm');
  await confirm.getByRole('button', { name: MSG.siExportar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.exportacionSolicitada, { caso }) });

  // The Exportaciones list has it.
  await openScreen(page, '/exportaciones', TITLES.exportaciones);
  await expect(exportRow(page, caso)).toBeVisible();
});

test('a cargo that may not export is not offered it on the row', async ({ page, asUser }) => {
  const { caso } = await createCaseAs(asUser, { placa: uniquePlate('X') });
  await signIn(page, DEMO.abogado, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  await quickSearch(page, caso);
  const row = caseRow(page, caso);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: C.datosCaso })).toBeVisible();
  await expect(row.getByRole('button', { name: C.exportarArchivos })).toHaveCount(0);
});

test('Activo / Inactivo read alike on every list', async ({ page }) => {
  await signIn(page, DEMO.administrador);
  const lists = [
    ['/usuarios', TITLES.usuarios],
    ['/clientes', TITLES.clientes],
    ['/vehiculos', TITLES.vehiculos],
    ['/empresas', TITLES.empresas],
    ['/areas', TITLES.areas],
    ['/gestiones', TITLES.gestiones],
  ] as const;
  for (const [path, title] of lists) {
    await openScreen(page, path, title);
    const chips = page.getByTestId('estado-chip');
    await expect(chips.first(), path).toBeVisible();
    for (const text of await chips.allInnerTexts()) expect([MSG.activo, MSG.inactivo], path).toContain(text);
  }
  await shot(page, 'lists-estado-gestiones');
});
