import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import { ExportCaseButton } from './export-case-button';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

const T = LABELS.casoSms;
const CASE = 'c1';

let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
});

const renderIt = (ui: React.ReactNode) => renderWithApp(<>{ui}</>);

describe('ExportCaseButton', () => {
  it("asks '¿Exportar los archivos del caso # 12?', naming it, then records the request", async () => {
    api.on({
      [`POST /api/casos/${CASE}/exportar`]: () =>
        json(
          {
            message: MSG.exito,
            exportacion: { id: 'e1', caso: 12, estado: 'En proceso', fechainicio: '2026-03-02T15:04:00.000Z' },
          },
          201,
        ),
    });
    renderIt(<ExportCaseButton caseId={CASE} caso={12} />);
    fireEvent.click(screen.getByRole('button', { name: T.exportar }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('¿Exportar los archivos del caso # 12?')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: MSG.siExportar }));
    expect(await screen.findByText(`${MSG.exito} · exportación del caso #12 solicitada`)).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST /api/casos/${CASE}/exportar`]);
  });

  it('Cancelar sends nothing; a refusal shows the server message', async () => {
    api.on((req) => {
      if (req.method === 'POST')
        return json(
          { statusCode: 409, code: 'EXPORT_RUNNING', message: 'La exportación del caso # 12 ya está en proceso' },
          409,
        );
    });
    renderIt(<ExportCaseButton caseId={CASE} caso={12} />);
    fireEvent.click(screen.getByRole('button', { name: T.exportar }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: MSG.cancelar }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: T.exportar }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: MSG.siExportar }));
    const dialog = await screen.findByTestId('error-dialog');
    expect(within(dialog).getByText('La exportación del caso # 12 ya está en proceso')).toBeInTheDocument();
  });

  it("a failure without the server's words is 'error no identificado'", async () => {
    api.on((req) => {
      if (req.method === 'POST') throw new TypeError('Failed to fetch');
    });
    renderIt(<ExportCaseButton caseId={CASE} caso={12} />);
    fireEvent.click(screen.getByRole('button', { name: T.exportar }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: MSG.siExportar }));
    expect(await screen.findByTestId('error-dialog')).toBeInTheDocument();
  });
});
