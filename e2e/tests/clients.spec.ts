import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  criteriaPanel,
  expect,
  expectNoSideScroll,
  expectSuccess,
  rows,
  searchBy,
  shot,
  signIn,
  test,
} from '../support';
import type { Page } from '@playwright/test';

const T = { ...LABELS.list, ...LABELS.clientes, igual: LABELS.operadores.eq };

const uniqueId = () => 900_000_000 + Math.floor(Math.random() * 99_000_000);
const rowWith = (page: Page, text: string | number) => rows(page).filter({ hasText: String(text) });

test('Call Center creates a client (validation first), edits it, deactivates it and finds it by identificación', async ({
  page,
}) => {
  await signIn(page, DEMO.callCenter);
  await expect(page.getByRole('heading', { name: TITLES.clientes })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await shot(page, 'clientes-list');

  await page.getByRole('button', { name: MSG.nuevo }).click();
  const add = page.getByRole('dialog', { name: T.agregar });
  // Defaults of a new client: type CC, city Bogotá; no estado selector when adding.
  await expect(add.getByRole('combobox', { name: T.tipoIdentificacion })).toContainText('CC');
  await expect(add.getByRole('combobox', { name: T.ciudad })).toHaveValue('BOGOTÁ, D.C.');
  await expect(add.getByRole('combobox', { name: T.estado })).toHaveCount(0);
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(add.getByText(MSG.campoRequerido)).toHaveCount(5);
  await add.getByLabel(T.identificacion).fill('12ab');
  await add.getByRole('button', { name: MSG.guardar }).click();
  await expect(add.getByText(MSG.debeSerNumero)).toBeVisible();
  await shot(page, 'clientes-add-validation');

  const id = uniqueId();
  await add.getByLabel(T.nombre, { exact: true }).fill('  prueba e2e ');
  await add.getByLabel(T.apellidos).fill('cliente nuevo');
  await add.getByLabel(T.identificacion).fill(String(id));
  await add.getByLabel(T.telefono).fill('3001112233');
  const city = add.getByRole('combobox', { name: T.ciudad });
  await city.fill('soacha');
  await page.getByRole('listbox').getByRole('option', { name: 'SOACHA' }).click();
  await add.getByLabel(T.direccion).fill('calle 1 # 2-3');
  await shot(page, 'clientes-add-filled');
  await add.getByRole('button', { name: MSG.guardar }).click();
  const nombre = 'PRUEBA E2E CLIENTE NUEVO';
  await expectSuccess(page, { detail: fmt(FEEDBACK.clienteCreado, { nombre }) });

  // Saved uppercased and trimmed, at the top of the newest-first list.
  const row = rowWith(page, id);
  await expect(row).toContainText('PRUEBA E2E');
  await expect(row).toContainText('CLIENTE NUEVO');
  await expect(row).toContainText('SOACHA');
  await expect(row).toContainText('CALLE 1 # 2-3');
  await expect(row).toContainText(MSG.activo);

  await row.getByRole('button', { name: T.editar }).click();
  const edit = page.getByRole('dialog', { name: T.actualizar });
  await expect(edit.getByLabel(T.identificacion)).toHaveValue(String(id));
  await expect(edit.getByRole('combobox', { name: T.estado })).toContainText(MSG.activo);
  await edit.getByLabel(T.telefono).fill('3109998877');
  await shot(page, 'clientes-edit');
  await edit.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.clienteActualizado, { nombre }) });
  await expect(rowWith(page, id)).toContainText('3109998877');

  await rowWith(page, id).getByRole('button', { name: T.eliminar }).click();
  const confirm = page.getByRole('dialog', { name: MSG.eliminarRegistro });
  await shot(page, 'clientes-delete-confirm');
  await confirm.getByRole('button', { name: MSG.siEliminar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.clienteInactivado, { nombre }) });
  await expect(rowWith(page, id)).toContainText(MSG.inactivo);

  await searchBy(page, T.identificacion, T.igual, String(id));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(String(id));
  await shot(page, 'clientes-search');

  // A value that is not a number never reaches the server.
  const panel = criteriaPanel(page);
  await panel.getByLabel(MSG.valor).fill('abc');
  await panel.getByRole('button', { name: MSG.buscar }).click();
  await expect(panel.getByText(MSG.debeSerNumero)).toBeVisible();
});

test('Call Center pages forward and back, 10 clients per page', async ({ page }) => {
  await signIn(page, DEMO.callCenter);
  const apellidos = `PAGINA ${Date.now()}`;
  for (let i = 0; i < 12; i++) {
    const res = await page.request.post('/api/clientes', {
      data: {
        nombres: `CLIENTE ${i}`,
        apellidos,
        tipoidentificacion: 'CC',
        identificacion: uniqueId(),
        telefono: 3000000000 + i,
        ciudad: '11001',
        direccion: 'CALLE 1',
      },
    });
    expect(res.status()).toBe(201);
  }
  await searchBy(page, T.apellidos, T.igual, apellidos.toLowerCase());
  const prev = page.getByRole('button', { name: T.paginaAnterior });
  const next = page.getByRole('button', { name: T.paginaSiguiente });
  await expect(rows(page)).toHaveCount(10);
  // Newest first: the last one created leads the first page.
  await expect(rows(page).first()).toContainText('CLIENTE 11');
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();
  // Clients have a fixed page size: no size selector.
  await expect(page.getByRole('combobox', { name: T.filasPorPagina })).toHaveCount(0);

  await next.click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).last()).toContainText('CLIENTE 0');
  await expect(next).toBeDisabled();
  await expect(prev).toBeEnabled();
  await shot(page, 'clientes-page-2');

  await prev.click();
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText('CLIENTE 11');
  await expect(prev).toBeDisabled();

  // Nothing matches: the empty text.
  await searchBy(page, T.apellidos, T.igual, 'NADIE SE LLAMA ASI');
  await expect(page.getByText(MSG.datosNoDisponibles)).toBeVisible();
  await expect(next).toBeDisabled();
  await shot(page, 'clientes-empty');
});

test('another browser sees a new client without reloading', async ({ page, openContext }) => {
  await signIn(page, DEMO.coordContactCenter);
  const other = await openContext({ storageState: await page.context().storageState() });
  const second = await other.newPage();
  await second.goto('/clientes');
  await expect(rows(second).first()).toBeVisible();
  const id = uniqueId();
  const res = await page.request.post('/api/clientes', {
    data: {
      nombres: 'EN VIVO',
      apellidos: 'PRUEBA',
      tipoidentificacion: 'CC',
      identificacion: id,
      telefono: 3001234567,
      ciudad: '11001',
      direccion: 'CALLE 2',
    },
  });
  expect(res.status()).toBe(201);
  await expect(rowWith(second, id)).toBeVisible();
});

test('Investigador may not create, edit or delete clients', async ({ page }) => {
  await signIn(page, DEMO.investigador);
  await expect(rows(page).first()).toBeVisible();
  // NUEVO is not offered to a cargo that may not write clients (the server refuses it anyway).
  await expect(criteriaPanel(page)).toBeVisible();
  await expect(page.getByRole('button', { name: MSG.nuevo })).toHaveCount(0);
  await shot(page, 'clientes-no-autorizado');

  // Editing and deleting are not offered to a cargo that may not write clients (the server refuses anyway).
  await expect(rows(page).getByRole('button', { name: T.editar })).toHaveCount(0);
  await expect(rows(page).getByRole('button', { name: T.eliminar })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: T.acciones })).toHaveCount(0);
});

test.describe('phone', () => {
  test.use(PHONE);

  test('the clients list shows one card per row and its dialogs fill the screen', async ({ page }) => {
    await signIn(page, DEMO.callCenter);
    await expect(rows(page).first()).toBeVisible();
    // Cards, not a table: the page never scrolls sideways.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSideScroll(page);
    await shot(page, 'clientes-phone');
    // The one search field finds a client by identification; the full criteria are behind Más filtros.
    const search = page.getByRole('searchbox', { name: T.buscarRapido });
    await search.fill('79845123');
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('CC 79845123');
    await search.fill('');
    await search.press('Enter');
    await expect(rows(page).nth(1)).toBeVisible();
    await page.getByRole('button', { name: T.masFiltros }).click();
    await shot(page, 'clientes-phone-criteria');
    await page.getByRole('button', { name: MSG.nuevo }).click();
    const add = page.getByRole('dialog', { name: T.agregar });
    await add.getByRole('button', { name: MSG.guardar }).click();
    await expect(add.getByText(MSG.campoRequerido).first()).toBeVisible();
    await shot(page, 'clientes-phone-add');
    await add.getByRole('button', { name: MSG.cancelar }).click();
    // An active client: an inactive one's Eliminar is disabled.
    await rows(page).filter({ hasNotText: MSG.inactivo }).first().getByRole('button', { name: T.eliminar }).click();
    await shot(page, 'clientes-phone-delete-confirm');
    await page.getByRole('dialog', { name: MSG.eliminarRegistro }).getByRole('button', { name: MSG.cancelar }).click();
  });
});
