import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { FEEDBACK, LABELS, MSG, fmt } from '@vialex/domain';
import { DEMO, PHONE, createCaseAs, expect, setCaseStatus, signIn, test, uniquePlate } from '../support';
import type { AsUser } from '../support/api';
import { SHOTS_WANTED, expectSuccess, searchBy } from '../support/ui';

/**
 * The person's data under Ley 1581 de 2012 from the client's dialog (CLIENTES, edit): 'Datos
 * personales' with the data report as PDF and JSON, and the Administrador's 'Anonimizar datos'
 * behind a confirmation naming the person, refused while a case of theirs is open; once done, the
 * client reads 'Cliente anonimizado' in the list and on their case.
 */
const T = LABELS.datosPersonales;
const SHOTS = '/tmp/shots-hsubject';

async function shotOf(page: Page, name: string, fullPage = false): Promise<void> {
  if (!SHOTS_WANTED) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled', fullPage });
}

/** A client of this test's own, with one case; closed when asked. */
async function clientWithCase(
  asUser: AsUser,
  request: APIRequestContext,
  person: { nombres: string; apellidos: string },
  closed: boolean,
) {
  const identificacion = 1_000_000_000 + (Date.now() % 900_000_000);
  await asUser(DEMO.callCenter, async (api) => {
    const res = await api.post('/api/clientes', {
      data: {
        ...person,
        tipoidentificacion: 'CC',
        identificacion: String(identificacion),
        telefono: '3104567890',
        ciudad: '11001',
        direccion: 'Calle 26 # 68-10',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  });
  const c = await createCaseAs(asUser, { placa: uniquePlate('D'), identificacion });
  if (closed) await setCaseStatus(request, c.caso, 'CERRADO');
  return { ...c, identificacion };
}

/** The phone's one search field. */
async function quickSearch(page: Page, text: string) {
  const search = page.getByRole('searchbox', { name: LABELS.clientes.buscarRapido });
  await search.fill(text);
  await search.press('Enter');
}

/** The client's row found by identification, and their dialog opened with Editar. */
async function openClient(page: Page, identificacion: number) {
  await page.goto('/clientes');
  const phone = (page.viewportSize()?.width ?? 0) < 600;
  if (phone) await quickSearch(page, String(identificacion));
  else await searchBy(page, LABELS.clientes.identificacion, LABELS.operadores.eq, String(identificacion));
  const row = page.getByTestId('list-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: LABELS.list.editar }).click();
  const dialog = page.getByRole('dialog', { name: LABELS.list.actualizar });
  await expect(dialog.getByRole('heading', { name: T.titulo })).toBeVisible();
  return dialog;
}

test('the desk downloads the report as PDF and JSON; the Administrador is refused with a case open', async ({
  page,
  asUser,
  request,
}) => {
  const c = await clientWithCase(asUser, request, { nombres: 'Mariana', apellidos: 'Ospina Gil' }, false);

  // The Call Center: both downloads, no anonymisation.
  await signIn(page, DEMO.callCenter, { at: '/clientes' });
  let dialog = await openClient(page, c.identificacion);
  await expect(dialog.getByRole('button', { name: T.anonimizar })).toHaveCount(0);
  await dialog.getByTestId('personal-data').scrollIntoViewIfNeeded();
  await shotOf(page, 'desk-dialog');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: T.reportePdf }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^reporte-datos-[0-9a-f]{8}\.pdf$/);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: T.reporteJson }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^reporte-datos-[0-9a-f]{8}\.json$/);
  const report = JSON.parse(fs.readFileSync((await json.path())!, 'utf8'));
  expect(report.persona).toMatchObject({
    nombres: 'MARIANA',
    apellidos: 'OSPINA GIL',
    identificacion: c.identificacion,
  });
  expect(report.casos.map((k: { caso: number }) => k.caso)).toEqual([c.caso]);

  // The Administrador: the confirmation names the person; the server refuses, naming the case.
  await signIn(page, DEMO.administrador, { at: '/clientes' });
  dialog = await openClient(page, c.identificacion);
  await dialog.getByRole('button', { name: T.anonimizar }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByRole('heading')).toHaveText(
    fmt(T.confirmar, { nombre: 'MARIANA OSPINA GIL', tipo: 'CC', identificacion: c.identificacion }),
  );
  await shotOf(page, 'admin-confirm-open-case');
  await confirm.getByRole('button', { name: T.siAnonimizar }).click();
  const refusal = page.getByTestId('error-dialog');
  await expect(refusal).toContainText(
    fmt(MSG.clienteConCasosAbiertos, { nombre: 'MARIANA OSPINA GIL', casos: String(c.caso) }),
  );
  await shotOf(page, 'admin-refused-open-case');
  await refusal.getByRole('button', { name: MSG.aceptar }).click();
  // Nothing changed: the form still holds the person.
  await expect(dialog.getByLabel(LABELS.clientes.apellidos)).toHaveValue('OSPINA GIL');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test("the Administrador anonymises a client whose case is closed; the list and the case read 'Cliente anonimizado'", async ({
    page,
    asUser,
    request,
  }) => {
    const c = await clientWithCase(asUser, request, { nombres: 'Julián', apellidos: 'Restrepo Mora' }, true);
    await signIn(page, DEMO.administrador, { at: '/clientes' });
    const dialog = await openClient(page, c.identificacion);
    await dialog.getByTestId('personal-data').scrollIntoViewIfNeeded();
    await shotOf(page, 'phone-dialog');
    await dialog.getByRole('button', { name: T.anonimizar }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm.getByRole('heading')).toHaveText(
      fmt(T.confirmar, { nombre: 'JULIÁN RESTREPO MORA', tipo: 'CC', identificacion: c.identificacion }),
    );
    await expect(confirm).toContainText(T.irreversible);
    await shotOf(page, 'phone-confirm');
    await confirm.getByRole('button', { name: T.siAnonimizar }).click();
    await expectSuccess(page, { detail: fmt(FEEDBACK.clienteAnonimizado, { nombre: 'JULIÁN RESTREPO MORA' }) });
    await expect(dialog).toBeHidden();
    // The identification is found no more; the row reads the placeholder.
    await expect(page.getByTestId('list-row')).toHaveCount(0);
    // The whole list, newest first: this test's client heads it.
    await quickSearch(page, '');
    const row = page.getByTestId('list-row').first();
    await expect(row).toContainText(MSG.clienteAnonimizado);
    await expect(page.getByTestId('list-row').filter({ hasText: 'RESTREPO' })).toHaveCount(0);
    await shotOf(page, 'phone-list-anonymised');
    // Opened again: the section says so and offers nothing.
    await row.getByRole('button', { name: LABELS.list.editar }).click();
    const again = page.getByRole('dialog', { name: LABELS.list.actualizar });
    await expect(again.getByText(T.anonimizado, { exact: true })).toBeVisible();
    await expect(again.getByRole('link', { name: T.reportePdf })).toHaveCount(0);
    // Nothing left to edit: no form, no Guardar.
    await expect(again.getByText(MSG.clienteYaAnonimizado)).toBeVisible();
    await expect(again.getByLabel(LABELS.clientes.identificacion)).toBeHidden();
    await expect(again.getByRole('button', { name: MSG.guardar })).toHaveCount(0);
    await again.getByTestId('personal-data').scrollIntoViewIfNeeded();
    await shotOf(page, 'phone-dialog-anonymised');

    // The case keeps its number and status, its client reads 'Cliente anonimizado'.
    await page.goto(`/gestionar-caso/${c.id}`);
    await expect(page.getByText(MSG.clienteAnonimizado).first()).toBeVisible();
    await expect(page.getByText(/RESTREPO/)).toHaveCount(0);
    await shotOf(page, 'phone-case-anonymised');
  });
});
