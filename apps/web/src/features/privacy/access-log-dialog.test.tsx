import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DATA_ACCESS_WINDOW_MINUTES, LABELS, fmt, type DataAccess, type DataAccessPage, type Me } from '@vialex/domain';
import { AccessLogDialog } from './access-log-dialog';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

const P = LABELS.privacidad;
const CLIENT = { id: 'k1', nombres: 'ANA', apellidos: 'RUIZ' };
const entry = (n: number, overrides: Partial<DataAccess> = {}): DataAccess => ({
  id: `a${n}`,
  fecha: new Date(Date.UTC(2026, 10, 28, 15, 42 - n)).toISOString(),
  usuario: `u${n}`,
  nombre: `PERSONA ${n}`,
  cargo: 'Call Center',
  que: 'cliente',
  caso: null,
  caseId: null,
  ...overrides,
});
const page = (rows: DataAccess[], nextCursor: string | null, prevCursor: string | null = null): DataAccessPage => ({
  rows,
  nextCursor,
  prevCursor,
  permissions: { write: false },
});

let api: FakeApi;
const urls = () => api.calls.map((c) => c.url);

beforeEach(() => {
  api = fakeApi({
    'GET /api/clientes/k1/accesos-datos': (req) => {
      if (new URL(req.url, 'http://x').searchParams.get('cursor') === 'p2') return json(page([entry(11)], null, 'p1'));
      return json(
        page(
          [
            entry(1, {
              que: 'caso',
              caso: 4521,
              caseId: 'c9',
              nombre: 'MARTA GÓMEZ',
              cargo: 'Coordinador Contact Center',
            }),
            ...Array.from({ length: 9 }, (_, i) => entry(i + 2)),
          ],
          'p2',
        ),
      );
    },
  });
});

function renderDialog(onClose = () => {}) {
  return renderWithApp(<AccessLogDialog client={CLIENT} onClose={onClose} />, {
    user: { id: 'admin', cargo: 'Administrador' } as Me,
  });
}

describe("AccessLogDialog ('Quién consultó sus datos')", () => {
  it("lists who opened the client's data, when and what, newest first, with the case's DATOS DEL CASO linked", async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: fmt(P.accesosDe, { nombre: 'ANA RUIZ' }) });
    expect(dialog).toHaveTextContent(fmt(P.accesosNota, { minutos: DATA_ACCESS_WINDOW_MINUTES }));
    const rows = await within(dialog).findAllByTestId('list-row');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('2026-11-28 10:41:00');
    expect(rows[0]).toHaveTextContent('MARTA GÓMEZ');
    expect(rows[0]).toHaveTextContent('Coordinador Contact Center');
    expect(within(rows[0]).getByRole('link', { name: fmt(P.datosCaso, { caso: 4521 }) })).toHaveAttribute(
      'href',
      '/gestionar-caso/c9',
    );
    expect(rows[1]).toHaveTextContent(P.fichaCliente);
    expect(urls()[0]).toBe('/api/clientes/k1/accesos-datos?limit=10');
  });

  it('pages on with the keyset cursor', async () => {
    renderDialog();
    await screen.findAllByTestId('list-row');
    fireEvent.click(screen.getByRole('button', { name: LABELS.list.paginaSiguiente }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1));
    expect(screen.getByTestId('list-row')).toHaveTextContent('PERSONA 11');
    expect(urls().at(-1)).toBe('/api/clientes/k1/accesos-datos?cursor=p2&dir=next&limit=10');
  });

  it('closes with Cerrar', async () => {
    const onClose = vi.fn();
    renderDialog(onClose);
    fireEvent.click(screen.getByRole('button', { name: P.cerrar }));
    expect(onClose).toHaveBeenCalled();
  });
});
