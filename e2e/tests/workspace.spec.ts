import type { Page } from '@playwright/test';
import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  expect,
  expectNoSideScroll,
  caseRow,
  shot,
  signIn,
  test,
  createCaseAs,
  uniquePlate,
  type AsUser,
} from '../support';

const L = LABELS.espacio;

const createCase = (asUser: AsUser, placa = uniquePlate('W')) => createCaseAs(asUser, { placa });

const tabs = (page: Page) => page.getByRole('tablist', { name: L.pestanasCaso }).getByRole('tab');
const tabNames = (...keys: (keyof typeof L.pestanas)[]) => keys.map((k) => L.pestanas[k]);
const historyEntries = (page: Page) => page.getByTestId('history-entry');

test('a call-center agent opens a case from the list to its chat tab; the header, the tabs and DATOS DEL CASO', async ({
  page,
  asUser,
}) => {
  const { id, caso } = await createCase(asUser, 'TAX123');
  await signIn(page, DEMO.callCenter, { at: '/casos' });
  await expect(page.getByRole('heading', { name: TITLES.casos })).toBeVisible();
  await caseRow(page, caso).getByRole('button', { name: LABELS.casos.gestionar }).click();
  await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${id}/chat$`));
  await expect(page.getByTestId('workspace-case-number')).toHaveText(fmt(L.numeroCaso, { caso }));
  await expect(tabs(page)).toHaveText(tabNames('chat', 'informacion', 'gestionar', 'mapa'));
  await expect(page.getByRole('tab', { name: L.pestanas.chat })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chat-room')).toHaveAttribute('data-room', 'general');

  // The header: client, plate, plan and origin, status, the team, the times.
  const header = page.getByTestId('workspace-header');
  await expect(header.getByTestId('workspace-client')).toHaveText('MARÍA FERNÁNDEZ GIL');
  await expect(header.getByTestId('workspace-plate')).toHaveText('TAX123');
  await expect(header.getByTestId('workspace-plan')).toHaveText('RC PUBLICO');
  await expect(header.getByTestId('origin-chip')).toHaveText('Tecnicar');
  await expect(header.getByTestId('workspace-status')).toHaveText('Recibido');
  await expect(header.getByTestId('workspace-team')).toContainText(`${LABELS.casos.callCenter}:`);
  await expect(header.getByTestId('workspace-times')).toContainText(fmt(L.abierto, { tiempo: '' }).trim());
  await expect(header.getByTestId('workspace-last-entry')).toContainText(fmt(L.ultimaGestion, { tiempo: '' }).trim());
  await shot(page, 'workspace-desk-chat');

  // DATOS DEL CASO: the case data, the history, the policy card in force.
  await page.getByRole('tab', { name: L.pestanas.informacion }).click();
  await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${id}$`));
  await expect(page.getByTestId('case-data')).toContainText('Calle 26 # 68-10'.toUpperCase(), { ignoreCase: true });
  // The stored 'media' as the screen says it.
  await expect(page.getByTestId('case-data')).toContainText(
    `${LABELS.casos.prioridad}${LABELS.casos.prioridades.media}`,
  );
  await expect(historyEntries(page).first()).toContainText(MSG.creacionCaso);
  await expect(historyEntries(page).first().getByTestId('history-date')).toHaveText(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
  );
  const card = page.getByTestId('policy-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(fmt(L.poliza, { numero: 'TEC-100200' }));
  await expect(card.getByTestId('policy-state')).toHaveText(L.vigente);
  // Not SIN PLAN: no approval to ask for. The policy look-up again (GET kronos and the hub).
  await expect(page.getByTestId('request-approval')).toHaveCount(0);
  await page.getByRole('button', { name: L.consultarPoliza }).click();
  await expect(page.getByTestId('success-toast')).toContainText(MSG.polizaConsultada);
  await expect(historyEntries(page).first()).toContainText(
    fmt(MSG.historiaConsultaPoliza, { resultado: 'RC PUBLICO' }),
  );
  await expect(historyEntries(page).first()).toContainText('1');
  await shot(page, 'workspace-desk-datos', true);

  // Back to the list.
  await page.getByTestId('back-to-cases').click();
  await expect(page).toHaveURL(/\/casos$/);
});

test('an expired policy is marked; a SIN PLAN case offers to request approval once; nothing found says so', async ({
  page,
  asUser,
}) => {
  const expired = await createCase(asUser, 'EXP789');
  const sinPlan = await createCase(asUser);
  await signIn(page, DEMO.callCenter, { at: `/gestionar-caso/${expired.id}` });
  await expect(page.getByTestId('policy-card').getByTestId('policy-state')).toHaveText(L.vencida);
  await expect(page.getByTestId('policy-card')).toHaveAttribute('data-expired', 'true');

  await page.goto(`/gestionar-caso/${sinPlan.id}`);
  await expect(page.getByTestId('policies-empty')).toHaveText(L.sinPolizas);
  await page.getByRole('button', { name: L.consultarPoliza }).click();
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText(MSG.polizaNoEncontrada);
  await popup.getByRole('button').first().click();
  const approval = page.getByTestId('request-approval');
  await expect(approval).toHaveText(L.solicitarAprobacion);
  await approval.click();
  await expect(page.getByTestId('success-toast')).toContainText(fmt(FEEDBACK.caso, { caso: sinPlan.caso }));
  await expect(approval).toHaveText(L.aprobacionSolicitada);
  await expect(approval).toBeDisabled();
  await expect(historyEntries(page).first()).toContainText(MSG.historiaSolicitudAtencion);
});

test('tabs per cargo and case; a hidden tab and a case out of scope are refused by the server', async ({
  page,
  asUser,
}) => {
  const { id } = await createCase(asUser, 'TAX123');
  // The Administrador requests an expert (the plan has the service): the expert's room appears.
  await asUser(DEMO.administrador, async (api) => {
    const res = await api.post(`/api/casos/${id}/solicitar`, { data: { tipo: 'Perito' } });
    expect(res.ok(), await res.text()).toBeTruthy();
  });
  await signIn(page, DEMO.coordPerito, { at: `/gestionar-caso/${id}/chat` });
  await expect(tabs(page)).toHaveText(tabNames('chat', 'informacion', 'chat_perito'));
  await page.goto(`/gestionar-caso/${id}/gestionar`);
  await expect(page.getByTestId('tabpanel-gestionar')).toHaveText(MSG.noAutorizado);

  await signIn(page, DEMO.coordInvestigador, { at: `/gestionar-caso/${id}/chat_perito` });
  await expect(tabs(page)).toHaveText(tabNames('chat', 'informacion', 'gestionar', 'mapa', 'chat_perito'));
  await expect(page.getByTestId('chat-room')).toHaveAttribute('data-room', 'perito');
  // The policy area offers the draftsperson only (the expert is already requested).
  await page.getByRole('tab', { name: L.pestanas.informacion }).click();
  await expect(page.getByRole('button', { name: fmt(L.solicitarTipo, { tipo: 'Dibujante' }) })).toBeVisible();
  await expect(page.getByRole('button', { name: fmt(L.solicitarTipo, { tipo: 'Perito' }) })).toHaveCount(0);

  // An investigator without the case: not in their list, so it does not exist for them.
  await signIn(page, DEMO.investigador, { at: `/gestionar-caso/${id}/chat` });
  await expect(page.getByTestId('workspace-refused')).toContainText(MSG.casoNoExiste);
});

test('a second browser sees a new history entry and the team change without reload', async ({
  page,
  asUser,
  openContext,
}) => {
  const { id, caso } = await createCase(asUser);
  await signIn(page, DEMO.administrador, { at: `/gestionar-caso/${id}` });
  await expect(historyEntries(page)).toHaveCount(1);

  const other = await (await openContext()).newPage();
  await signIn(other, DEMO.coordContactCenter, { at: `/gestionar-caso/${id}` });
  await expect(historyEntries(other)).toHaveCount(1);
  // The first browser requests a lawyer from the list's API (an existing write that writes history).
  await asUser(DEMO.callCenter, async (api) => {
    const res = await api.post(`/api/casos/${id}/solicitar`, { data: { tipo: 'Abogado' } });
    expect(res.ok(), await res.text()).toBeTruthy();
  });
  for (const p of [page, other]) {
    await expect(historyEntries(p)).toHaveCount(2);
    await expect(historyEntries(p).first()).toContainText('Abogado');
  }
  await expect(other.getByTestId('workspace-case-number')).toHaveText(fmt(L.numeroCaso, { caso }));
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the workspace at 390×844: one-line header, tabs in the bottom bar, DATOS DEL CASO, no sideways scroll', async ({
    page,
    asUser,
  }) => {
    const { id } = await createCase(asUser, 'SEG456');
    await signIn(page, DEMO.callCenter, { at: `/gestionar-caso/${id}/chat` });
    // The header's details unfold from its one line.
    await page.getByTestId('workspace-line').click();
    await expect(page.getByTestId('workspace-plan')).toHaveText('SEGURO TERCERO');
    await expectNoSideScroll(page);
    await shot(page, 'workspace-phone-chat');
    await page.getByRole('tab', { name: L.pestanasCortas.informacion }).click();
    await expect(page.getByTestId('policy-card')).toHaveCount(1);
    await expect(historyEntries(page).first()).toContainText(MSG.creacionCaso);
    await expectNoSideScroll(page);
    await shot(page, 'workspace-phone-datos', true);
  });
});
