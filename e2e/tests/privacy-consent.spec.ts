import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { DEMO, PHONE, createCaseAs, expect, signIn, test } from '../support';
import { SHOTS_WANTED } from '../support/ui';
import { axeViolations } from '../support/a11y';

/**
 * The driver's personal data under Ley 1581 de 2012, at 390×844: the privacy notice on the entry
 * page and the authorisation it needs, the authorisation on the case's DATOS DEL CASO, and the
 * Administrador's 'Quién consultó sus datos'.
 */
const P = LABELS.privacidad;
const SHOTS = '/tmp/shots-consent';
/** The phone at the accident (Bogotá, near Calle 26), with its location allowed. */
const AT_ACCIDENT = { ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 4.6486, longitude: -74.1007 } };

async function shotOf(page: Page, name: string, fullPage = false): Promise<void> {
  if (!SHOTS_WANTED) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled', fullPage });
}

const entryButton = (page: Page) => page.getByRole('button', { name: MSG.ingresarAlCaso });
const consent = (page: Page) => page.getByRole('checkbox', { name: P.casilla });

test.use(PHONE);

test("the driver reads the notice, is refused without the tick, ticks and enters; the desk sees 'otorgada'; the Administrador sees who opened the case", async ({
  page,
  asUser,
  openContext,
}) => {
  // A client of this test's own, so their access log holds only this test's opens.
  const identificacion = 1_000_000_000 + (Date.now() % 900_000_000);
  await asUser(DEMO.callCenter, async (api) => {
    const res = await api.post('/api/clientes', {
      data: {
        nombres: 'Laura',
        apellidos: 'Castaño Ríos',
        tipoidentificacion: 'CC',
        identificacion: String(identificacion),
        telefono: '3104567890',
        ciudad: '11001',
        direccion: 'Calle 26 # 68-10',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  });
  const { id, caso } = await createCaseAs(asUser, { placa: 'TAX123', identificacion });
  const link = await asUser(DEMO.administrador, async (api) => {
    const sent = await api.post(`/api/casos/${id}/sms`, { data: { telefono: '+573104567890' } });
    expect(sent.ok(), await sent.text()).toBeTruthy();
    return new URL((await (await api.get(`/api/casos/${id}/sms`)).json()).mensajes[0].enlace.url).pathname;
  });

  // The driver's phone: the notice before the button, the box not ticked.
  const phone = await (await openContext(AT_ACCIDENT)).newPage();
  await phone.goto(link);
  await expect(phone.getByTestId('client-entry-case')).toHaveText(fmt(LABELS.cliente.numeroCaso, { caso }));
  await expect(phone.getByRole('heading', { name: P.titulo })).toBeVisible();
  await expect(phone.getByTestId('client-privacy-summary')).toContainText('tratará sus datos personales');
  await expect(consent(phone)).not.toBeChecked();
  await expect(entryButton(phone)).toBeEnabled();
  await shotOf(phone, 'entry-notice');
  const full = phone.getByTestId('client-privacy-full');
  await expect(full.getByText('Superintendencia de Industria y Comercio', { exact: false })).toBeHidden();
  await phone.getByText(P.leerCompleto).click();
  await expect(full.getByText(/Superintendencia de Industria y Comercio/)).toBeVisible();
  await shotOf(phone, 'entry-notice-full', true);
  await phone.getByText(P.leerCompleto).click();

  // Without the tick: refused, with the reason and the company's line to call; nothing entered.
  await entryButton(phone).click();
  await expect(phone.getByTestId('client-entry-error')).toHaveText(
    fmt(MSG.autorizacionDatosRequerida, { telefono: '+57 601 555 0100' }),
  );
  await expect(consent(phone)).toBeFocused();
  await expect(phone.getByRole('link', { name: /^Llamar a mi asesor/ })).toHaveAttribute('href', 'tel:+576015550100');
  await expect(phone).toHaveURL(/\/login\/auth-cliente\//);
  expect((await phone.request.get('/api/cliente/yo')).status()).toBe(401);
  await shotOf(phone, 'entry-refused');
  const violations = (await axeViolations(phone)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => v.id)).toEqual([]);

  // Ticked: the reason goes, and the driver enters.
  await consent(phone).check();
  await expect(phone.getByTestId('client-entry-error')).toBeHidden();
  await shotOf(phone, 'entry-ticked');
  await entryButton(phone).click();
  await expect(phone).toHaveURL(/\/caso-cliente\/chat$/);
  await expect(phone.getByTestId('chat-room')).toBeVisible();

  // The desk opens the case's DATOS DEL CASO: the authorisation, with its time and notice.
  await signIn(page, DEMO.callCenter, { at: `/gestionar-caso/${id}` });
  const line = page.getByTestId('data-authorisation');
  await expect(line).toHaveText(
    /^Autorización de datos: otorgada el \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(aviso v[0-9a-f]{12}\)$/,
  );
  await line.scrollIntoViewIfNeeded();
  await shotOf(page, 'case-data-authorisation');
  // Not the desk's to read: the row action is the Administrador's.
  await page.goto('/clientes');
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: P.accesos })).toHaveCount(0);

  // The Administrador: the client's row, 'Quién consultó sus datos', the desk's open of the case.
  await signIn(page, DEMO.administrador);
  const search = page.getByRole('searchbox', { name: LABELS.clientes.buscarRapido });
  await search.fill(String(identificacion));
  await search.press('Enter');
  const row = page.getByTestId('list-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: P.accesos }).click();
  const dialog = page.getByRole('dialog', { name: fmt(P.accesosDe, { nombre: 'LAURA CASTAÑO RÍOS' }) });
  const entries = dialog.getByTestId('list-row');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('CAMILO SUÁREZ DÍAZ');
  await expect(entries.first()).toContainText('Call Center');
  await expect(entries.first().getByRole('link', { name: fmt(P.datosCaso, { caso }) })).toHaveAttribute(
    'href',
    `/gestionar-caso/${id}`,
  );
  await shotOf(page, 'access-log');
});
