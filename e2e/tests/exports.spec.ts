import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { CASE_FILE_TEXTS, EXPORT_LIST_TEXTS as T, LABELS, MSG, TITLES, fmt } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  createCaseAs,
  expect,
  expectNoSideScroll,
  expectSuccess,
  exportRow,
  searchBy,
  shot,
  signIn,
  test,
  uniquePlate,
  type AsUser,
} from '../support';
import { SHOTS_WANTED } from '../support/ui';
import { axeViolations } from '../support/a11y';

/**
 * The SFTP export in the browser: started from a case's header, watched live in
 * EXPORTACIONES SFTP (files sent of the total, then Finalizado in green), and the case file PDF
 * ('Expediente del caso') downloaded from the workspace, read and its first page rendered to PNG
 * for a person to look at. The demo server sends exports to its local SFTP fake, which takes a
 * moment per file so the progress can be watched.
 */

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
const PDF = (label: string) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    Buffer.from(`% ${label} `),
    crypto.randomBytes(64 * 1024),
  ]);

/** A case with files in its general chat and a management document with an accented description. */
async function caseWithFiles(asUser: AsUser) {
  const c = await createCaseAs(asUser, { placa: uniquePlate('E') });
  await asUser(DEMO.administrador, async (api) => {
    for (const name of ['Croquis señalización.pdf', 'informe-técnico.pdf', 'fotos-vía.pdf', 'acta.pdf']) {
      const res = await api.post(`/api/casos/${c.id}/chats/general/archivos`, {
        multipart: {
          clientId: crypto.randomUUID(),
          archivos: { name, mimeType: 'application/pdf', buffer: PDF(name) },
        },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    const status = await api.post(`/api/casos/${c.id}/gestion`, {
      multipart: {
        estado: 'Verificado',
        descripcion: 'Conciliación acordada con el propietario',
        archivo: { name: 'acta-conciliación.pdf', mimeType: 'application/pdf', buffer: PDF('acta') },
      },
    });
    expect(status.ok(), await status.text()).toBeTruthy();
  });
  return c;
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

/** Resolves once the page's live socket has asked for the topic. */
function subscribed(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framesent', (frame) => {
        const text = String(frame.payload);
        if (text.includes('"subscribe"') && text.includes(`"${topic}"`)) resolve();
      }),
    );
  });
}

const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** The PDF's text (pdf.js, as a reader copies it) and its first page as a PNG. */
async function readPdf(bytes: Buffer, png: string): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  }
  // Its first page as a picture, for an engineer to look at (E2E_SHOTS=1).
  if (SHOTS_WANTED) {
    const first = await doc.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    const factory = doc.canvasFactory as {
      create(w: number, h: number): { canvas: { toBuffer(type: 'image/png'): Buffer } };
    };
    const { canvas } = factory.create(viewport.width, viewport.height);
    await first.render({ canvas: canvas as never, viewport }).promise;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOTS, png), canvas.toBuffer('image/png'));
  }
  await doc.destroy();
  return text;
}

test('an export started from a case: its progress live in EXPORTACIONES SFTP, Finalizado; the case file PDF downloaded and read', async ({
  page,
  asUser,
}) => {
  test.setTimeout(150_000);
  const { id, caso } = await caseWithFiles(asUser);
  await signIn(page, DEMO.callCenter);

  // EXPORTACIONES SFTP open in a tab of its own, filtered on the case, following the list live.
  const list = await page.context().newPage();
  const following = subscribed(list, 'list:exportaciones');
  await list.goto('/exportaciones');
  await expect(list.getByRole('heading', { name: TITLES.exportaciones })).toBeVisible();
  await searchBy(list, T.caso, LABELS.operadores.eq, String(caso));
  await following;
  // Every progress text the row shows, as it shows them.
  await list.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      document.querySelectorAll('[data-testid="export-progress"]').forEach((el) => {
        const t = el.textContent ?? '';
        if (seen.at(-1) !== t) seen.push(t);
      });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  // The export, from the case's header, after its confirmation.
  await page.goto(`/gestionar-caso/${id}`);
  await page.getByRole('button', { name: LABELS.casoSms.exportar }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(fmt(MSG.exportarCaso, { caso }));
  await page.getByTestId('confirm-dialog').getByRole('button', { name: MSG.siExportar }).click();
  await expectSuccess(page, { detail: `exportación del caso #${caso} solicitada` });

  // The list hears of it and follows it without a reload: En proceso with its files, then Finalizado.
  const row = exportRow(list, caso);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('export-estado')).toHaveText('En proceso');
  await expect(row.getByTestId('export-progress')).toContainText(/\d+ de \d+ archivos/);
  await shot(list, 'exports-desk-running');
  const estado = row.getByTestId('export-estado');
  await expect(estado).toHaveText('Finalizado', { timeout: 30_000 });
  await expect(estado).toHaveClass(/MuiChip-colorSuccess/);
  // 5 files + the summary JSON and PDF.
  await expect(row.getByTestId('export-progress')).toContainText(fmt(T.archivos, { enviados: 7, total: 7 }));
  const seen = await list.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  const counts = seen.map((t) => /(\d+) de (\d+)/.exec(t)).filter((m) => m !== null);
  expect(
    counts.some((m) => Number(m[1]) < Number(m[2])),
    `progress seen: ${seen.join(' | ')}`,
  ).toBe(true);
  const cells = await row.getByRole('cell').allTextContents();
  expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(cells[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await shot(list, 'exports-desk-finalizado');

  // At phone size: one card per export, nothing scrolls sideways.
  await list.setViewportSize(PHONE.viewport);
  await expect(exportRow(list, caso)).toBeVisible();
  await expectNoSideScroll(list);
  await shot(list, 'exports-phone');

  // 'Expediente del caso' from the workspace: the same PDF, read and its first page looked at.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: CASE_FILE_TEXTS.expediente }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`expediente-caso-${caso}.pdf`);
  const bytes = fs.readFileSync(await download.path());
  const text = await readPdf(bytes, 'exports-case-file-pdf-page1.png');
  expect(text).toContain(fmt(MSG.expedienteTitulo, { caso }));
  expect(text).toContain(CASE_FILE_TEXTS.historial);
  expect(text).toContain('Conciliación acordada con el propietario');
  expect(text).toContain('Croquis señalización.pdf');
  await shot(page, 'exports-workspace-button');
  await page.setViewportSize(PHONE.viewport);
  // On a phone the case's buttons are in the header's unfolded part.
  await page.getByTestId('workspace-line').click();
  await expect(page.getByTestId('case-file-pdf')).toBeVisible();
  await expectNoSideScroll(page);
  if (SHOTS_WANTED)
    await page
      .getByTestId('workspace-header')
      .screenshot({ path: path.join(SCREENSHOTS, 'exports-workspace-phone-header.png') });
});

test('an export that ended in Error shows its reason and Reintentar, at desk and phone size', async ({ page }) => {
  // The list's answer is played back here: the server's own failures are covered by its API tests.
  const failed = {
    id: '5b0f0d7e-2f6a-4c55-9a59-0e6f3f1d2a10',
    caso: 4321,
    uidcaso: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    fechainicio: '2026-03-02T15:04:05.000Z',
    fechafinalizacion: '2026-03-02T15:09:12.000Z',
    estado: 'Error',
    mensaje: fmt(MSG.sftpNoDisponible, { detalle: 'ECONNREFUSED' }),
    enviados: 3,
    total: 9,
    acciones: { reintentar: true, cancelar: false },
  };
  let retried = false;
  await page.route('**/api/exportaciones?**', (route) =>
    route.fulfill({
      json: {
        rows: [
          retried
            ? {
                ...failed,
                estado: 'En proceso',
                mensaje: '',
                fechafinalizacion: null,
                enviados: 0,
                acciones: { reintentar: false, cancelar: true },
              }
            : failed,
        ],
        nextCursor: null,
        prevCursor: null,
        permissions: { write: true },
      },
    }),
  );
  await page.route(`**/api/exportaciones/${failed.id}/reintentar`, (route) => {
    retried = true;
    return route.fulfill({
      json: { message: MSG.exportacionReintentada, exportacion: { ...failed, estado: 'En proceso', mensaje: '' } },
    });
  });
  await signIn(page, DEMO.callCenter, { at: '/exportaciones' });
  const row = page.getByTestId('list-row').filter({ hasText: '4321' });
  await expect(row.getByTestId('export-estado')).toHaveText('Error');
  await expect(row.getByTestId('export-estado')).not.toHaveClass(/MuiChip-colorSuccess/);
  await expect(row.getByTestId('export-mensaje')).toHaveText(failed.mensaje);
  await expect(row.getByTestId('export-progress')).toContainText(fmt(T.archivos, { enviados: 3, total: 9 }));
  // 15:04:05 UTC is 10:04:05 in Bogotá.
  await expect(row.getByRole('cell').nth(1)).toHaveText('2026-03-02 10:04:05');
  await shot(page, 'exports-desk-error');
  await expectAccessible(page, 'EXPORTACIONES SFTP with an Error row, desk');

  await page.setViewportSize(PHONE.viewport);
  await expect(row.getByRole('button', { name: T.reintentar })).toBeVisible();
  await expectNoSideScroll(page);
  await shot(page, 'exports-phone-error');
  await expectAccessible(page, 'EXPORTACIONES SFTP with an Error row, phone');
  await row.getByRole('button', { name: T.reintentar }).click();
  await expectSuccess(page, { title: MSG.exportacionReintentada, detail: fmt(T.reintentada, { caso: 4321 }) });
  await expect(row.getByTestId('export-estado')).toHaveText('En proceso');
});
