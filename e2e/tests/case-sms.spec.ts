import type { Page } from '@playwright/test';
import { FEEDBACK, LABELS, MSG, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  expect,
  expectNoSideScroll,
  expectSuccess,
  shot,
  signIn,
  test,
  createCaseAs,
  uniquePlate,
  type AsUser,
} from '../support';

const T = LABELS.casoSms;

const createCase = (asUser: AsUser, placa: string) => createCaseAs(asUser, { placa });

const smsPanel = (page: Page) => page.getByRole('region', { name: T.titulo });

/**
 * Resolves once the page's live socket has asked for the topic: a write made after it reaches
 * the page (the server reads a socket's frames in order, before a later HTTP request's commit).
 */
function subscribed(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framesent', (frame) => {
        if (String(frame.payload).includes(`"subscribe"`) && String(frame.payload).includes(`"${topic}"`)) resolve();
      }),
    );
  });
}

/** Accepts the open confirmation with its button. */
async function confirmWith(page: Page, button: string) {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('a call-center agent sends the SMS with the client link, sees it in the outbox, the short link leads to the client entry, revokes it and asks for the export', async ({
  page,
  asUser,
}) => {
  // TAX123: Tecnicar's RC policy, so the plan lets the SMS go.
  const { id, caso } = await createCase(asUser, 'TAX123');
  await signIn(page, DEMO.callCenter, { at: `/gestionar-caso/${id}` });
  const panel = smsPanel(page);
  await expect(panel).toBeVisible();
  const field = panel.getByLabel(T.celular);
  await expect(field).toHaveValue(/^\+573\d{9}$/);
  await expect(panel.getByText(T.sinMensajes)).toBeVisible();

  // A landline is refused in the field before anything is sent.
  await field.fill('601 555 1234');
  await field.blur();
  await expect(panel.getByText(MSG.celularNoValido)).toBeVisible();
  await expect(panel.getByRole('button', { name: T.enviarSms })).toBeDisabled();

  await field.fill('310 456 7890');
  await expect(panel.getByText(fmt(T.enviara, { telefono: '+57 310 4567890' }))).toBeVisible();
  await panel.getByRole('button', { name: T.enviarSms }).click();
  await expectSuccess(page, {
    title: MSG.smsEnviado,
    detail: fmt(FEEDBACK.smsEnviadoA, { caso, telefono: '+57 310 4567890' }),
  });
  const item = panel.getByTestId('sms-message');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('+57 310 4567890');
  await expect(item).toContainText(T.estados.guardado);
  await expect(item).toContainText(T.enlaceEstados.vigente);
  await expect(panel.getByText(T.bandeja)).toBeVisible();
  await item.scrollIntoViewIfNeeded();
  await shot(page, 'case-sms-desk-sent');

  // The short link in the message leads (302) to the client's entry page with the signed token.
  const url = (await item.getByText(/^VIALEX: /).innerText()).split(' ').pop()!;
  expect(url).toMatch(/\/s\/[0-9A-Za-z]{12}$/);
  const hop = await page.request.get(new URL(url).pathname, { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  expect(hop.headers().location).toMatch(/^\/login\/auth-cliente\/[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);
  // An unknown code is the app's not-found page.
  const unknown = await page.request.get('/s/AAAAAAAAAAAA', { headers: { accept: 'text/html' }, maxRedirects: 0 });
  expect(unknown.status()).toBe(404);

  // Revoke it: asked first, then shown revoked.
  await item.getByRole('button', { name: T.revocar }).click();
  await confirmWith(page, T.siRevocar);
  await expectSuccess(page, { title: MSG.enlaceRevocado, detail: '+57 310 4567890' });
  await expect(item).toContainText(T.enlaceEstados.revocado);
  await expect(item.getByRole('button', { name: T.revocar })).toHaveCount(0);

  // Export case files from the header, after its confirmation.
  await page.getByRole('button', { name: T.exportar }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(fmt(MSG.exportarCaso, { caso }));
  await shot(page, 'case-sms-export-confirm');
  await confirmWith(page, MSG.siExportar);
  await expectSuccess(page, { detail: fmt(FEEDBACK.exportacionSolicitada, { caso }) });
});

test.describe('at phone size', () => {
  test.use(PHONE);

  test('the SMS panel fits a phone; a SIN PLAN case says why there is no Send SMS', async ({ page, asUser }) => {
    const sent = await createCase(asUser, 'SEG456');
    const sinPlan = await createCase(asUser, uniquePlate('S'));
    await signIn(page, DEMO.coordContactCenter, { at: `/gestionar-caso/${sent.id}` });
    const panel = smsPanel(page);
    await panel.getByLabel(T.celular).fill('3157894561');
    await panel.getByRole('button', { name: T.enviarSms }).click();
    await expectSuccess(page, {
      title: MSG.smsEnviado,
      detail: fmt(FEEDBACK.smsEnviadoA, { caso: sent.caso, telefono: '+57 315 7894561' }),
    });
    await expect(panel.getByTestId('sms-message')).toHaveCount(1);
    await panel.scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
    await shot(page, 'case-sms-phone-sent');

    const following = subscribed(page, 'list:casos');
    await page.goto(`/gestionar-caso/${sinPlan.id}`);
    const other = smsPanel(page);
    await expect(other.getByText(new RegExp(MSG.planSinServicio))).toBeVisible();
    await expect(other.getByRole('button', { name: T.enviarSms })).toHaveCount(0);
    await other.scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
    await shot(page, 'case-sms-phone-sin-plan');

    // Special attention asked for and approved elsewhere: Send SMS appears without a reload.
    await following;
    for (const [who, action] of [
      [DEMO.callCenter, 'solicitar-atencion'],
      [DEMO.administrador, 'autorizar-atencion'],
    ] as const) {
      await asUser(who, async (api) => {
        const res = await api.post(`/api/casos/${sinPlan.id}/${action}`);
        expect(res.ok(), await res.text()).toBeTruthy();
      });
    }
    await expect(other.getByRole('button', { name: T.enviarSms })).toBeVisible();
    await expect(other.getByText(new RegExp(MSG.planSinServicio))).toHaveCount(0);
  });

  test('an Abogado sees no SMS panel and no export', async ({ page, asUser }) => {
    const c = await createCase(asUser, uniquePlate('S'));
    await signIn(page, DEMO.abogado, { at: `/gestionar-caso/${c.id}` });
    await expect(page.getByTestId('case-data')).toBeVisible();
    await expect(smsPanel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: T.exportar })).toHaveCount(0);
  });
});
