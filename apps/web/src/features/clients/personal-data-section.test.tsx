import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG, fmt, type Cargo, type Me } from '@vialex/domain';
import type { Feedback } from '../../components/list/use-feedback';
import { PersonalDataSection } from './personal-data-section';
import type { ClientRow } from './api/list-clients';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

/** 'Datos personales' in the client's dialog: the data report and the Administrador's anonymisation. */
const T = LABELS.datosPersonales;
const ROW = {
  id: 'k1',
  nombres: 'ANA',
  apellidos: 'RUIZ',
  tipoidentificacion: 'CC',
  identificacion: 52367418,
  telefono: '3001112233',
  ciudad: '11001',
  ciudadNombre: 'BOGOTÁ, D.C.',
  departamento: 'BOGOTÁ, D.C.',
  direccion: 'CALLE 1',
  estado: true,
  creado: '2026-11-28T15:00:00.000Z',
  anonimizado: null,
} as ClientRow;
const ANONYMISED = {
  ...ROW,
  nombres: MSG.clienteAnonimizado,
  apellidos: '',
  identificacion: -1,
  anonimizado: '2026-11-28T16:00:00.000Z',
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi(() => json(ANONYMISED));
});

function show(cargo: Cargo, client: ClientRow = ROW) {
  const onAnonymised = vi.fn();
  const feedback = { fail: vi.fn() } as unknown as Feedback;
  renderWithApp(<PersonalDataSection client={client} onAnonymised={onAnonymised} feedback={feedback} />, {
    user: { id: 'u1', cargo } as Me,
  });
  return { onAnonymised, feedback };
}

describe("'Datos personales' in the client's dialog", () => {
  it('offers the report as PDF and JSON downloads to the desk; Anonimizar datos to the Administrador only', () => {
    show('Call Center');
    const pdf = screen.getByRole('link', { name: T.reportePdf });
    expect(pdf).toHaveAttribute('href', '/api/clientes/k1/reporte-datos.pdf');
    expect(pdf).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: T.reporteJson })).toHaveAttribute(
      'href',
      '/api/clientes/k1/reporte-datos.json',
    );
    expect(screen.queryByRole('button', { name: T.anonimizar })).toBeNull();
  });

  it('the Administrador confirms naming the person; the server answers and the dialog is told', async () => {
    const { onAnonymised } = show('Administrador');
    fireEvent.click(screen.getByRole('button', { name: T.anonimizar }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(fmt(T.confirmar, { nombre: 'ANA RUIZ', tipo: 'CC', identificacion: 52367418 })),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(T.irreversible)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: T.siAnonimizar }));
    await waitFor(() => expect(onAnonymised).toHaveBeenCalledWith(ANONYMISED, ROW));
    expect(api.calls).toMatchObject([{ url: '/api/clientes/k1/anonimizar', method: 'POST' }]);
  });

  it("a refusal (a case still open) is shown with the server's words, nothing else happens", async () => {
    const message = fmt(MSG.clienteConCasosAbiertos, { nombre: 'ANA RUIZ', casos: '12' });
    api.on(() => json({ statusCode: 409, code: 'CLIENT_HAS_OPEN_CASES', message }, 409));
    const { onAnonymised, feedback } = show('Administrador');
    fireEvent.click(screen.getByRole('button', { name: T.anonimizar }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: T.siAnonimizar }));
    await waitFor(() => expect(feedback.fail).toHaveBeenCalled());
    expect(vi.mocked(feedback.fail).mock.calls[0][0]).toMatchObject({ status: 409, message });
    expect(onAnonymised).not.toHaveBeenCalled();
  });

  it('an anonymised client: the section says so and offers nothing', () => {
    show('Administrador', ANONYMISED);
    expect(screen.getByText(T.anonimizado)).toBeInTheDocument();
    expect(screen.getByText(MSG.clienteYaAnonimizado)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: T.reportePdf })).toBeNull();
    expect(screen.queryByRole('button', { name: T.anonimizar })).toBeNull();
  });
});
