import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';
import { RequiredFactorDialog } from './required-factor-dialog';

const L = LABELS.segundoFactor;
const CARGOS = '/api/auth/segundo-factor/cargos';
let api: FakeApi;

beforeEach(() => {
  api = fakeApi({
    [`GET ${CARGOS}`]: () => json({ cargos: ['Coordinador Perito'] }),
    [`PUT ${CARGOS}`]: (req) => json(req.body),
  });
});

function setup(onSaved = vi.fn()) {
  renderWithApp(<RequiredFactorDialog open onClose={() => {}} onSaved={onSaved} />);
  return screen.getByRole('dialog', { name: L.porCargoTitulo });
}

describe('VERIFICACIÓN EN DOS PASOS POR CARGO', () => {
  it("shows one box per staff cargo, the server's rule ticked, and saves the ticks in the catalogue's order", async () => {
    const onSaved = vi.fn();
    const dialog = setup(onSaved);
    expect(within(dialog).getByText(L.porCargoTexto)).toBeInTheDocument();
    expect(await within(dialog).findByRole('checkbox', { name: 'Coordinador Perito' })).toBeChecked();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(12);
    expect(within(dialog).getByRole('checkbox', { name: 'Administrador' })).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Administrador' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Coordinador Perito' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Abogado' }));
    fireEvent.click(within(dialog).getByRole('button', { name: L.guardar }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.at(-1)).toEqual({ url: CARGOS, method: 'PUT', body: { cargos: ['Administrador', 'Abogado'] } });
  });

  it("shows the server's refusal and stays open", async () => {
    api.on({ [`PUT ${CARGOS}`]: () => json({ statusCode: 403, code: 'FORBIDDEN', message: MSG.noAutorizado }, 403) });
    const onSaved = vi.fn();
    const dialog = setup(onSaved);
    await within(dialog).findByRole('checkbox', { name: 'Perito' });
    fireEvent.click(within(dialog).getByRole('button', { name: L.guardar }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.noAutorizado);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
