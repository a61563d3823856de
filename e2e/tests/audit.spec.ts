import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { FEEDBACK, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  expect,
  expectNoSideScroll,
  expectSuccess,
  menuLabel,
  pick,
  rows,
  searchBy,
  shot,
  signIn,
  test,
} from '../support';

/**
 * AUDITORÍA in the browser: an Administrador changes a user's cargo in USUARIOS, then finds the
 * act in AUDITORÍA by its target (who, the act, before → after in Spanish), downloads the CSV of
 * what the criteria select, and reads it on a phone; nobody else is offered the screen.
 */

const T = LABELS.auditoria;
const U = { ...LABELS.list, ...LABELS.usuarios };
/** Screenshots to look at, when asked for (AUDIT_SHOTS=<dir>). */
const SHOTS = process.env.AUDIT_SHOTS;
const look = async (page: Page, name: string) => {
  await shot(page, name);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
};

test('an Administrador changes a cargo, reads it in AUDITORÍA, filters it and downloads the CSV', async ({
  page,
  asUser,
}) => {
  const n = Date.now() % 1_000_000;
  const email = `auditada${n}@vialex.test`;
  const apellidos = `AUDITADA ${n}`;
  await asUser(DEMO.administrador, async (api) => {
    const res = await api.post('/api/usuarios', {
      data: {
        nombres: 'Marta',
        apellidos,
        identificacion: String(82_000_000 + n),
        telefono: '3004445566',
        email,
        cargo: 'Perito',
        area: 'PERITAJE',
        password: 'Segura-Ruta-2026*',
        confirmPassword: 'Segura-Ruta-2026*',
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  });

  await signIn(page, DEMO.administrador, { at: '/usuarios' });
  await searchBy(page, U.email, LABELS.operadores.eq, email);
  const row = rows(page).filter({ has: page.getByText(email, { exact: true }) });
  await row.getByRole('button', { name: U.editar }).click();
  const edit = page.getByRole('dialog', { name: U.actualizar });
  await pick(page, edit, U.cargo, 'Investigador');
  await edit.getByRole('button', { name: MSG.guardar }).click();
  await expectSuccess(page, { detail: fmt(FEEDBACK.usuarioActualizado, { nombre: `MARTA ${apellidos}` }) });

  await page.getByRole('link', { name: menuLabel('/auditoria'), exact: true }).click();
  await expect(page.getByRole('heading', { name: TITLES.auditoria })).toBeVisible();
  await expect(page.getByText(T.nota)).toBeVisible();
  await searchBy(page, T.objeto, LABELS.operadores.eq, `marta ${apellidos}`);
  // The creation (through the API) and the edit: newest first.
  await expect(rows(page)).toHaveCount(2);
  const edited = rows(page).first();
  await expect(edited).toContainText(T.acciones['usuario.editado']);
  await expect(edited).toContainText(`MARTA ${apellidos}`);
  await expect(edited).toContainText('Administrador');
  await expect(edited.getByTestId('audit-change')).toHaveText(['Cargo: Perito → Investigador']);
  await expect(rows(page).nth(1)).toContainText(T.acciones['usuario.creado']);
  await look(page, 'auditoria-desk');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^auditoria_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    [T.fecha, T.quien, T.cargo, T.ip, T.accion, T.objetoTipo, T.objeto, T.antes, T.despues].join(','),
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(
    `${T.acciones['usuario.editado']},Usuario,MARTA ${apellidos},Cargo: Perito,Cargo: Investigador`,
  );

  // On a phone: one card per record, nothing scrolls sideways.
  await page.setViewportSize(PHONE.viewport);
  await expectNoSideScroll(page);
  await expect(rows(page).first().getByTestId('audit-change')).toHaveText(['Cargo: Perito → Investigador']);
  await look(page, 'auditoria-phone');
});

test('nobody but the Administrador is offered AUDITORÍA, and its address answers them no', async ({ page }) => {
  await signIn(page, DEMO.coordContactCenter, { at: '/auditoria' });
  await expect(page.getByRole('link', { name: menuLabel('/auditoria'), exact: true })).toHaveCount(0);
  await expect(page.getByText(MSG.noAutorizado).first()).toBeVisible();
});
