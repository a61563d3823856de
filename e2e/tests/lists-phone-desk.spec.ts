import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  accept,
  expect,
  openScreen,
  caseRow,
  rows,
  shot,
  signIn,
  signOut,
  test,
  createCaseAs,
  uniquePlate,
  type AsUser,
} from '../support';
import type { Locator, Page } from '@playwright/test';

const C = LABELS.casos;
const L = LABELS.list;

const createCase = (asUser: AsUser) => createCaseAs(asUser, { placa: uniquePlate('Y') });

/** The phone's one search field: the case number, then Enter. */
async function quickSearch(page: Page, label: string, text: string | number) {
  const field = page.getByRole('search', { name: label }).getByRole('searchbox', { name: label });
  await field.fill(String(text));
  await field.press('Enter');
}

/** The case's card, found by its number in the phone's search field. */
async function caseCard(page: Page, caso: number): Promise<Locator> {
  await quickSearch(page, C.buscarRapido, caso);
  await expect(rows(page)).toHaveCount(1);
  const card = rows(page).first();
  await expect(card.getByTestId('card-title')).toHaveText(String(caso));
  return card;
}

/** A success says so: a toast, or the spec's popup (closed with Aceptar). */
async function successShown(page: Page) {
  const toast = page.getByTestId('success-toast');
  const popup = page.getByTestId('success-dialog');
  await expect(toast.or(popup).first()).toBeVisible();
  if (await popup.isVisible()) await accept(page, 'success');
}

/** Liberar caso asks first, naming the case (when the confirmation is there): accept it. */
async function confirmRelease(page: Page, caso: number) {
  const confirm = page.getByRole('dialog', { name: new RegExp(`${caso}`) });
  const toast = page.getByTestId('success-toast').or(page.getByTestId('success-dialog'));
  await expect(confirm.or(toast).first()).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: FEEDBACK.siLiberar }).click();
}

/** The page never scrolls sideways (the document's own scroll width). */
const pageScrollWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));

test.describe('phone', () => {
  test.use(PHONE);

  test('an Abogado takes a case from its card and releases it; the card names the case and the actions', async ({
    page,
    asUser,
  }) => {
    const { caso } = await createCase(asUser);
    await signIn(page, DEMO.abogado, { at: '/casos' });
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = await caseCard(page, caso);
    await expect(card).toContainText(C.ciudadSiniestro);
    await expect(card.getByTestId('origin-chip')).toBeVisible();
    await expect(card).toContainText(C.investigador);
    await shot(page, 'lists-phone-case-card');

    await card.getByRole('button', { name: C.tomarCaso }).click();
    await successShown(page);
    // On a phone the toast shows at the top, under the app bar, off the actions at the bottom.
    const toastBox = (await page.getByTestId('success-toast').boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(56);
    expect(toastBox.y + toastBox.height).toBeLessThan(PHONE.viewport.height / 3);
    // It covers what is under the app bar (a case's back arrow): a tap closes it at once, well
    // before its 6 s are up.
    await page.getByTestId('success-toast').click();
    await expect(page.getByTestId('success-toast')).toHaveCount(0, { timeout: 3_000 });
    await expect(card).toContainText(/Felipe Castro Niño/i);
    const release = card.getByRole('button', { name: C.liberarCaso });
    await expect(release).toBeVisible();
    await shot(page, 'lists-phone-case-taken');

    await release.click();
    await confirmRelease(page, caso);
    await successShown(page);
    // An Abogado also sees unassigned cases: released, it stays, to be taken again.
    await expect(card.getByRole('button', { name: C.tomarCaso })).toBeVisible();
    await expect(card).not.toContainText(/Felipe Castro Niño/i);
  });

  test('an Investigador releases the case assigned to them from its card', async ({ page, apiAs, asUser }) => {
    const { id, caso } = await createCase(asUser);
    // Only signed-in investigators may be assigned: the investigator is at work meanwhile.
    const investigador = await apiAs(DEMO.investigador);
    await asUser(DEMO.administrador, async (api) => {
      const candidates = await (await api.get(`/api/casos/${id}/candidatos?tipo=Investigador`)).json();
      const julian = candidates.find((u: { nombres: string }) => /Julián/i.test(u.nombres));
      const res = await api.post(`/api/casos/${id}/asignar`, { data: { tipo: 'Investigador', usuario: julian.id } });
      expect(res.ok(), await res.text()).toBeTruthy();
    });
    await signOut(investigador);

    await signIn(page, DEMO.investigador, { at: '/casos' });
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    const card = await caseCard(page, caso);
    await expect(card.getByRole('button', { name: C.tomarCaso })).toHaveCount(0);
    await card.getByRole('button', { name: C.liberarCaso }).click();
    await confirmRelease(page, caso);
    await successShown(page);
    // An Investigador sees own cases only: released, it leaves the list.
    await expect(page.getByTestId('list-no-match')).toContainText(C.ningunCaso);
  });

  test("a case still Recibido shows Archivar caso disabled in the card's ⋮, with the reason written under it", async ({
    page,
    asUser,
  }) => {
    const { caso } = await createCase(asUser);
    await signIn(page, DEMO.administrador, { at: '/casos' });
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    const card = await caseCard(page, caso);
    await expect(card.getByRole('button', { name: C.archivarCaso })).toHaveCount(0);
    await card.getByRole('button', { name: fmt(C.masAcciones, { caso }) }).click();
    const archive = page.getByRole('menuitem', { name: C.archivarCaso });
    await expect(archive).toBeDisabled();
    await expect(archive).toContainText(MSG.recibidoNoArchivable);
    await page.keyboard.press('Escape');
    for (const label of [C.asignar, C.solicitar, C.datosCaso, C.editarCaso]) {
      await expect(card.getByRole('button', { name: label })).toBeVisible();
    }
    await shot(page, 'lists-phone-case-card-admin', true);
  });

  test('no list scrolls sideways at 390 px; each shows cards, one search field and Más filtros', async ({ page }) => {
    await signIn(page, DEMO.administrador);
    const lists = [
      ['/casos', TITLES.casos, C.buscarRapido, 'cases'],
      ['/casos-archivados', TITLES.casosArchivados, C.buscarRapido, 'archived'],
      ['/estado-usuarios', TITLES.estadoUsuarios, LABELS.estadoUsuarios.buscarRapido, 'status'],
      ['/clientes', TITLES.clientes, LABELS.clientes.buscarRapido, 'clients'],
      ['/usuarios', TITLES.usuarios, LABELS.usuarios.buscarRapido, 'users'],
    ] as const;
    for (const [path, title, search, name] of lists) {
      await openScreen(page, path, title);
      await expect(rows(page).first().or(page.getByText(MSG.datosNoDisponibles))).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('searchbox', { name: search })).toBeVisible();
      const { scroll, inner } = await pageScrollWidth(page);
      expect(scroll, path).toBeLessThanOrEqual(inner);
      await shot(page, `lists-phone-${name}`);
    }

    // The users list by e-mail, through the one field; the full criteria behind Más filtros.
    await quickSearch(page, LABELS.usuarios.buscarRapido, DEMO.perito);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(DEMO.perito);
    await page.getByRole('button', { name: L.masFiltros }).click();
    await expect(page.getByRole('form', { name: MSG.buscar }).getByTestId('criteria-row')).toHaveCount(1);
    const { scroll, inner } = await pageScrollWidth(page);
    expect(scroll).toBeLessThanOrEqual(inner);
    await shot(page, 'lists-phone-more-filters');
  });
});

test.describe('desk', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Caso and Cliente stay at the left and the actions in view without scrolling sideways', async ({
    page,
    asUser,
  }) => {
    const { caso } = await createCase(asUser);
    await signIn(page, DEMO.administrador, { at: '/casos' });
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    const row = caseRow(page, caso);
    await expect(row).toHaveCount(1);
    const inView = async (column: string) => {
      const box = (await row.locator(`td[data-column="${column}"]`).boundingBox())!;
      expect(box.x, column).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, column).toBeLessThanOrEqual(1440);
      return box;
    };
    for (const column of ['asignar', 'archivar', 'acciones']) await inView(column);
    await expect(row.getByRole('switch', { name: C.archivarCaso })).toHaveAccessibleDescription(
      MSG.recibidoNoArchivable,
    );
    await expect(row.getByRole('button', { name: C.asignar })).toBeVisible();
    await shot(page, 'lists-desk-cases');

    // The middle scrolls under the pinned columns: Caso and the actions stay where they were.
    const casoBefore = await inView('caso');
    const actionsBefore = await inView('acciones');
    await page.locator('.MuiTableContainer-root').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.locator('.MuiTableContainer-root')).not.toHaveJSProperty('scrollLeft', 0);
    expect((await inView('caso')).x).toBeCloseTo(casoBefore.x, 0);
    expect((await inView('acciones')).x).toBeCloseTo(actionsBefore.x, 0);
    await shot(page, 'lists-desk-cases-scrolled');
  });

  test('on a 1366 px laptop a coordinator reads Estado and Equipo whole, beside Cliente', async ({ page, asUser }) => {
    const { caso } = await createCase(asUser);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, DEMO.coordInvestigador, { at: '/casos' });
    const row = caseRow(page, caso);
    await expect(row).toHaveCount(1);
    const cell = async (column: string) => (await row.locator(`td[data-column="${column}"]`).boundingBox())!;
    const [cliente, equipo, asignar] = [await cell('cliente'), await cell('equipo'), await cell('asignar')];
    // Not under the pinned columns at either side.
    expect((await cell('estado')).x).toBeGreaterThanOrEqual(cliente.x + cliente.width - 1);
    expect(equipo.x + equipo.width).toBeLessThanOrEqual(asignar.x + 1);
  });

  test('the column chooser hides a middle column, and the choice survives a reload', async ({ page }) => {
    await signIn(page, DEMO.administrador, { at: '/casos' });
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: C.vehiculo })).toBeVisible();
    await page.getByRole('button', { name: L.elegirColumnas }).click();
    const menu = page.getByRole('menu', { name: L.elegirColumnas });
    // Identity and action columns are pinned, not offered.
    await expect(menu.getByRole('menuitemcheckbox', { name: C.caso, exact: true })).toHaveCount(0);
    await menu.getByRole('menuitemcheckbox', { name: C.vehiculo }).click();
    await menu.getByRole('menuitemcheckbox', { name: C.tipoCaso }).click();
    await expect(menu.getByRole('menuitemcheckbox', { name: C.vehiculo })).toHaveAttribute('aria-checked', 'false');
    await shot(page, 'lists-desk-column-chooser');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: C.vehiculo })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: C.caso, exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: C.vehiculo })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: C.tipoCaso })).toHaveCount(0);
    // Another list keeps its own choice.
    await openScreen(page, '/casos-archivados', TITLES.casosArchivados);
    await expect(page.getByRole('columnheader', { name: C.vehiculo })).toBeVisible();
  });
});
