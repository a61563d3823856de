import type { Page } from '@playwright/test';
import { LABELS, MSG, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  STAFF_LIVE_SOCKET,
  expect,
  expectNoSideScroll,
  setCaseStatus,
  shot,
  signIn,
  test,
  createCaseAs,
  uniquePlate,
  type AsUser,
} from '../support';

const T = LABELS.gestion;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A case of the demo call center, with the demo lawyer on it. */
async function lawyersCase(asUser: AsUser): Promise<{ id: string; caso: number }> {
  const c = await createCaseAs(asUser, { placa: uniquePlate('G') });
  await asUser(DEMO.abogado, async (api) => {
    const res = await api.post(`/api/casos/${c.id}/tomar`, { data: { tomar: true } });
    expect(res.ok(), await res.text()).toBeTruthy();
  });
  return c;
}

async function chooseStatus(page: Page, estado: string) {
  await page.getByRole('combobox', { name: new RegExp(T.estado) }).click();
  await page.getByRole('option', { name: estado, exact: true }).click();
}

for (const [size, options] of [
  ['desk', { viewport: { width: 1440, height: 900 } }],
  ['phone', PHONE],
] as const) {
  test.describe(size, () => {
    test.use(options);
    test(`a lawyer changes the status with a PDF (${size}); another browser sees it without reload`, async ({
      page,
      browser,
      asUser,
    }) => {
      const { id } = await lawyersCase(asUser);
      // An administrator watching the case's DATOS DEL CASO in a browser of their own.
      const watcher = await browser.newContext(options);
      const other = await watcher.newPage();
      await signIn(other, DEMO.administrador, { at: `/gestionar-caso/${id}` });
      await expect(other.getByTestId('history-entry').first()).toBeVisible();
      await signIn(page, DEMO.abogado, { at: `/gestionar-caso/${id}/gestionar` });
      await expect(page.getByRole('combobox', { name: new RegExp(T.estado) })).toBeVisible();
      await chooseStatus(page, 'En atención');
      await page.getByRole('textbox', { name: new RegExp(T.descripcion) }).fill('Cliente atendido en el sitio');
      await page
        .getByTestId('case-status-file')
        .setInputFiles({ name: 'acta de visita.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByTestId('case-status-file-name')).toContainText('acta de visita.pdf');
      if (size === 'phone') await expectNoSideScroll(page);
      await shot(page, `case-status-form-${size}`, true);
      await page.getByRole('button', { name: T.guardar }).click();
      await expect(page.getByTestId('success-toast')).toHaveText(`${MSG.bien} · ${MSG.exito}`);
      // First in the history, with its document: here and, live, in the other browser.
      for (const p of [page, other]) {
        const newest = p.getByTestId('history-entry').first();
        await expect(newest).toContainText('Cliente atendido en el sitio');
        await expect(newest.getByTestId('history-attachment')).toContainText('acta de visita.pdf');
      }
      await shot(page, `case-status-saved-${size}`, true);
      await watcher.close();
    });
  });
}

test.describe('on a phone', () => {
  test.use(PHONE);
  test("with the live channel cut, the writer sees the status and their entry at once (the save's answer)", async ({
    page,
    asUser,
  }) => {
    const { id } = await lawyersCase(asUser);
    // The live socket opens but hears nothing from the server: no echo of the change can come.
    await page.routeWebSocket(STAFF_LIVE_SOCKET, () => undefined);
    await signIn(page, DEMO.abogado, { at: `/gestionar-caso/${id}/gestionar` });
    await expect(page.getByTestId('history-entry').first()).toBeVisible();
    const reads: string[] = [];
    page.on('request', (r) => r.url().includes(`/api/casos/${id}/espacio`) && reads.push(r.url()));
    await chooseStatus(page, 'En atención');
    await page.getByRole('textbox', { name: new RegExp(T.descripcion) }).fill('Entrada sin canal en vivo');
    await page.getByRole('button', { name: T.guardar }).click();
    await expect(page.getByTestId('success-toast')).toHaveText(`${MSG.bien} · ${MSG.exito}`);
    const newest = page.getByTestId('history-entry').first();
    await expect(newest).toContainText('Entrada sin canal en vivo');
    await expect(newest).toContainText('En atención');
    // Shown from the answer itself: the workspace was not read again for it.
    expect(reads).toEqual([]);
  });
});

test('a coordinator is refused on a closed case with the spec message (phone)', async ({
  browser,
  asUser,
  request,
}) => {
  const { id, caso } = await lawyersCase(asUser);
  await setCaseStatus(request, caso, 'Conciliado');
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, DEMO.coordAbogado, { at: `/gestionar-caso/${id}/gestionar` });
  await expect(page.getByTestId('case-status-blocked')).toHaveText(fmt(MSG.casoCerrado, { estado: 'Conciliado' }));
  await expect(page.getByRole('button', { name: T.guardar })).toBeDisabled();
  await shot(page, 'case-status-closed-phone', true);
  await context.close();
});
