import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LABELS } from '@vialex/domain';
import type { Feedback } from '../../components/list/use-feedback';
import { clientCard, clientColumns, type ClientColumnActions } from './client-columns';
import { ClientFormDialog } from './client-form-dialog';
import type { ClientRow } from './api/list-clients';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

/** The clients screen's part in the driver's personal data (Ley 1581 de 2012, features/privacy). */
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
} as ClientRow;
const actions = (overrides: Partial<ClientColumnActions> = {}): ClientColumnActions => ({
  canWrite: false,
  edit: vi.fn(),
  deactivate: vi.fn(),
  ...overrides,
});
const actionsCell = (a: ClientColumnActions) => clientColumns(a).find((c) => c.key === 'acciones');

let api: FakeApi;
beforeEach(() => {
  // The record, and an empty list for every catalogue the form reads.
  api = fakeApi((req) => json(req.url === '/api/clientes/k1' ? { ...ROW, direccion: 'CALLE 2 # 3-4' } : []));
});

describe("'Quién consultó sus datos' on the clients list", () => {
  it('is a row action only where the page offers it (the Administrador), beside or without Editar', () => {
    expect(actionsCell(actions())).toBeUndefined();
    const open = vi.fn();
    const adminActions = actions({ canWrite: true, accessLog: open });
    const { unmount } = render(<>{actionsCell(adminActions)!.render(ROW)}</>);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      LABELS.list.editar,
      LABELS.list.eliminar,
      LABELS.privacidad.accesos,
    ]);
    fireEvent.click(screen.getByRole('button', { name: LABELS.privacidad.accesos }));
    expect(open).toHaveBeenCalledWith(ROW);
    unmount();
    // A phone's card: a labelled button.
    render(<>{clientCard(actions({ accessLog: open }))(ROW)}</>);
    expect(screen.getByRole('button', { name: LABELS.privacidad.accesos })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.list.editar })).toBeNull();
  });
});

describe("the client's dialog reads the record when it opens", () => {
  it('GET /api/clientes/{id} (the open the server logs), and its values replace the row’s while untouched', async () => {
    renderWithApp(<ClientFormDialog target={ROW} onClose={() => {}} onSaved={() => {}} feedback={{} as Feedback} />);
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/clientes/k1'));
    await waitFor(() => expect(screen.getByLabelText(LABELS.clientes.direccion)).toHaveValue('CALLE 2 # 3-4'));
  });
});
