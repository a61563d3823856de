import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  MSG,
  REPORT_TEXTS as T,
  REPORT_TYPE_LABELS,
  TITLES,
  addDays,
  bogotaDay,
  type ReportType,
} from '@vialex/domain';
import {
  DEMO,
  PASSWORD,
  PHONE,
  createCaseAs,
  expect,
  expectNoSideScroll,
  expectSuccess,
  setCaseStatus,
  signOut,
  shot,
  signIn,
  test,
  uniquePlate,
  type AsUser,
} from '../support';
import { axeViolations } from '../support/a11y';

/**
 * Consultas y Reportes, the dashboard and a user's statistics in the browser: a
 * coordinator runs each query type, opens an investigator's detail, exports the CSV (and the
 * download's content is read), and watches the dashboard move when a case is created.
 */

async function investigatorId(api: APIRequestContext, email: string): Promise<string> {
  const users = (await (await api.get(`/api/reportes/usuarios?q=${encodeURIComponent(email)}`)).json()) as {
    id: string;
    cargo: string;
  }[];
  const investigator = users.find((u) => u.cargo === 'Investigador');
  expect(investigator).toBeTruthy();
  return investigator!.id;
}

type ApiAs = (email: string) => Promise<APIRequestContext>;

/** An investigator of the test's own: the demo one holds whatever cases the worker's other specs gave it. */
async function newInvestigator(asUser: AsUser): Promise<string> {
  const n = Date.now() % 100_000_000;
  const email = `reportes${n}@vialex.test`;
  await asUser(DEMO.administrador, async (admin) => {
    const created = await admin.post('/api/usuarios', {
      data: {
        nombres: 'Rita',
        apellidos: 'Reportes',
        identificacion: String(70_000_000 + (n % 10_000_000)),
        telefono: '3001234567',
        email,
        cargo: 'Investigador',
        area: 'INVESTIGACIÓN',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // Bogotá, the cases' city: only agents covering it are assignable.
    const cities = await admin.put(`/api/usuarios/${id}/ciudades`, { data: { ciudades: ['11001'] } });
    expect(cities.ok(), await cities.text()).toBeTruthy();
  });
  return email;
}

/**
 * Two cases of the investigator `email` (one CERRADO) and one without investigator, created today.
 * Only agents at work are assigned: the investigator is signed in (API) meanwhile.
 */
async function seedCases(asUser: AsUser, apiAs: ApiAs, request: APIRequestContext, email: string) {
  const a = await createCaseAs(asUser, { placa: uniquePlate('R') });
  const b = await createCaseAs(asUser, { placa: uniquePlate('R') });
  await createCaseAs(asUser, { placa: uniquePlate('R') });
  const inv = await apiAs(email);
  await asUser(DEMO.administrador, async (api) => {
    const usuario = await investigatorId(api, email);
    for (const c of [a, b]) {
      const res = await api.post(`/api/casos/${c.id}/asignar`, { data: { tipo: 'Investigador', usuario } });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
  });
  await signOut(inv);
  await setCaseStatus(request, b.caso, 'CERRADO');
}

async function chooseType(page: Page, tipo: ReportType) {
  await page.getByRole('combobox', { name: T.tipoConsulta }).click();
  await page.getByRole('option', { name: REPORT_TYPE_LABELS[tipo], exact: true }).click();
}

async function consult(page: Page) {
  await page.getByRole('button', { name: T.consultar }).click();
}

/** axe-core: no serious or critical WCAG 2.1 A/AA violation on the screen. */
async function expectAccessible(page: Page, where: string) {
  const violations = await axeViolations(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

const result = (page: Page) => page.getByTestId('report-result');
/** An investigator's row, by the exact e-mail cell ('coord.investigador@…' also ends with the demo one's). */
const investigatorRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('a coordinator runs every query type, opens an investigator, exports the CSV', async ({
  page,
  asUser,
  apiAs,
  request,
}) => {
  const email = await newInvestigator(asUser);
  await seedCases(asUser, apiAs, request, email);
  await signIn(page, DEMO.coordInvestigador, { at: '/consultas' });
  await expect(page.getByRole('heading', { name: TITLES.consultas })).toBeVisible();

  // por_investigador (the default): the investigator's row, the count chip, the summary, the donut.
  await consult(page);
  await expect(result(page)).toBeVisible();
  const row = investigatorRow(page, email);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await expect(row).toContainText('50 %');
  await expect(row).toContainText('Media');
  await expect(page.getByRole('row').filter({ hasText: 'Sin asignar' })).toBeVisible();
  await expect(page.getByTestId('report-count')).toHaveText(/\d+ registros/);
  await expect(page.getByTestId('summary-investigadores-value')).toHaveText(/[1-9]/);
  await expect(page.getByTestId('report-donut').locator('.recharts-pie-sector').first()).toBeVisible();
  await shot(page, 'consultas-por-investigador', true);
  await expectAccessible(page, 'Consultas y Reportes with results');

  // The investigator detail dialog.
  await row.getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: T.detalleInvestigador });
  await expect(dialog.getByTestId('investigator-detail')).toContainText(email);
  await expect(dialog).toContainText('50 %');
  await expect(dialog).toContainText('Media');
  await shot(page, 'consultas-detalle-investigador');
  await dialog.getByRole('button', { name: T.cerrar }).click();
  await expect(dialog).toBeHidden();

  // Exportar: the CSV of what the table shows, named by type and day, UTF-8 with its BOM.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: T.exportar }).click(),
  ]);
  // Named by the Bogotá day of the export (yesterday's if midnight passed since).
  const named = [bogotaDay(new Date()), addDays(bogotaDay(new Date()), -1)];
  expect(named.map((day) => `reporte_por_investigador_${day}.csv`)).toContain(download.suggestedFilename());
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toBe(
    'Investigador,Correo,Cargo,Área,Total,Abiertos,Cerrados,% Completado,Eficiencia,Alta prioridad',
  );
  expect(text).toMatch(new RegExp(`${email.replace(/\./g, '\\.')},Investigador,[^,]*,2,1,1,50,Media,0`));
  await expectSuccess(page, { title: MSG.datosExportados });

  // por_area, por_estado.
  await chooseType(page, 'por_area');
  await consult(page);
  await expect(page.getByRole('heading', { name: REPORT_TYPE_LABELS.por_area })).toBeVisible();
  await expect(page.getByTestId('report-table')).toContainText('Sin área');
  await chooseType(page, 'por_estado');
  await consult(page);
  // The CERRADO status's own row ('Conciliado' is also a closed status: its row says Cerrado too).
  const cerrado = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'CERRADO', exact: true }) });
  await expect(cerrado).toContainText('Cerrado');

  // por_usuario: without a user, the spec's toast; with one, their cases.
  await chooseType(page, 'por_usuario');
  await consult(page);
  await expect(toast(page, MSG.seleccionarUsuario)).toBeVisible();
  await page.getByRole('combobox', { name: T.usuario }).fill(email);
  // The list follows what is typed (debounced): wait for the search's one answer.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: /· Investigador$/ }).click();
  await consult(page);
  await expect(page.getByRole('heading', { name: REPORT_TYPE_LABELS.por_usuario })).toBeVisible();
  await expect(page.getByTestId('report-count')).toHaveText('2 registros');
  await expect(page.getByTestId('report-table').getByRole('row')).toHaveCount(3);

  // por_fecha: both dates are needed; the newest cases first.
  await chooseType(page, 'por_fecha');
  await page.getByLabel(T.fechaInicio).fill('');
  await consult(page);
  await expect(toast(page, MSG.seleccionarFechas)).toBeVisible();
  // From yesterday: the cases above were made today, or yesterday if midnight passed since.
  const today = bogotaDay(new Date());
  await page.getByLabel(T.fechaInicio).fill(addDays(today, -1));
  await page.getByLabel(T.fechaFin).fill(today);
  await consult(page);
  await expect(page.getByRole('heading', { name: REPORT_TYPE_LABELS.por_fecha })).toBeVisible();
  await expect(page.getByTestId('report-table').getByRole('row').nth(1)).toContainText('#');
  await shot(page, 'consultas-por-fecha', true);

  // A range with no cases: 'No hay datos para exportar'.
  await page.getByLabel(T.fechaInicio).fill('2001-01-01');
  await page.getByLabel(T.fechaFin).fill('2001-01-31');
  await page.getByRole('button', { name: T.exportar }).click();
  await expect(toast(page, MSG.noHayDatosExportar)).toBeVisible();
});

test('the dashboard moves live when a case is created', async ({ page, asUser }) => {
  await signIn(page, DEMO.coordContactCenter, { at: '/dashboard' });
  await expect(page.getByRole('heading', { name: TITLES.dashboard })).toBeVisible();
  const hoy = page.getByTestId('dash-hoy-value');
  await expect(hoy).toHaveText(/\d+/);
  const before = Number(await hoy.textContent());
  const waiting = Number(await page.getByTestId('dash-esperando-value').textContent());
  await expect(page.getByTestId('dash-agentes')).toBeVisible();
  await shot(page, 'dashboard', true);
  await expectAccessible(page, 'the dashboard');

  await createCaseAs(asUser, { placa: uniquePlate('D') });
  await expect(hoy).toHaveText(String(before + 1));
  await expect(page.getByTestId('dash-esperando-value')).toHaveText(String(waiting + 1));
});

test("a user's statistics from the users list; phone cards", async ({ page, asUser, apiAs, request, openContext }) => {
  await seedCases(asUser, apiAs, request, DEMO.investigador);
  await signIn(page, DEMO.coordInvestigador, { at: '/usuarios' });
  await investigatorRow(page, DEMO.investigador).getByRole('button', { name: T.verEstadisticas }).click();
  await expect(page).toHaveURL(/\/estadistica\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('statistics-user')).toContainText('Estadísticas de');
  await expect(page.getByTestId('stat-total')).toContainText(/[2-9]|\d{2,}/);
  await expect(page.getByTestId('statistics-statuses')).toContainText('CERRADO');
  await shot(page, 'estadistica-usuario', true);
  await expectAccessible(page, 'a user’s statistics');

  // Phone: the reports' cards, the dashboard and the statistics without sideways scrolling.
  // (Another person: one user holds one live session.)
  const phone = await (await openContext(PHONE)).newPage();
  await signIn(phone, DEMO.administrador, { at: '/consultas' });
  await phone.getByRole('button', { name: T.consultar }).click();
  await expect(phone.getByTestId('report-cards')).toBeVisible();
  await expectNoSideScroll(phone);
  await shot(phone, 'consultas-phone', true);
  await phone.goto('/dashboard');
  await expect(phone.getByTestId('dashboard')).toBeVisible();
  await expectNoSideScroll(phone);
  await shot(phone, 'dashboard-phone', true);
  await phone.goto(page.url().replace(/^https?:\/\/[^/]+/, ''));
  await expect(phone.getByTestId('statistics')).toBeVisible();
  await expectNoSideScroll(phone);
  await shot(phone, 'estadistica-phone', true);
});

test('field agents have no Consultas; the server refuses them', async ({ page }) => {
  await signIn(page, DEMO.investigador);
  await expect(page.getByRole('link', { name: 'Consultas', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  const res = await page.request.get(
    `/api/reportes?tipo=por_estado&desde=${addDays(bogotaDay(new Date()), -1)}&hasta=${bogotaDay(new Date())}`,
  );
  expect(res.status()).toBe(403);
});
