import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import type { CaseRow } from './api/list-cases';
import { AssignAgentDialog } from './assign-agent-dialog';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

const row = (assign: string[]) =>
  ({ id: 'c1', caso: 42, actions: { assign } as CaseRow['actions'] }) as Pick<CaseRow, 'id' | 'caso' | 'actions'>;

let api: FakeApi;
const USER = { Abogado: '0b9a1c1e-6a55-4a8e-9a57-0c9b8f0e2a11', Investigador: '5d2f4c7a-1e0b-4f6a-8c3d-2b7e9a1f4c22' };

beforeEach(() => {
  api = fakeApi((req) => {
    const tipo = new URL(req.url, 'http://x').searchParams.get('tipo');
    return json([
      {
        id: USER[tipo as keyof typeof USER],
        nombres: 'ANA',
        apellidos: 'RUIZ',
        disponibilidad: 'En espera',
        cargo: tipo,
      },
    ]);
  });
});
const asked = () => api.calls.map((c) => c.url);

function setup(assign: string[]) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  renderWithApp(<AssignAgentDialog row={row(assign)} onSubmit={onSubmit} onClose={() => undefined} />);
  return { onSubmit, dialog: screen.getByRole('dialog', { name: LABELS.casos.asignarAgente }) };
}

describe('AssignAgentDialog', { timeout: 20_000 }, () => {
  it('a coordinator’s one type is chosen already: its users are offered at once', async () => {
    const { dialog, onSubmit } = setup(['Abogado']);
    expect(within(dialog).getByRole('combobox', { name: new RegExp(LABELS.casos.tipoUsuario) })).toHaveTextContent(
      'Abogado',
    );
    await waitFor(() => expect(asked()).toEqual(['/api/casos/c1/candidatos?tipo=Abogado']));
    const usuario = within(dialog).getByRole('combobox', { name: new RegExp(`^${LABELS.casos.usuario}`) });
    await waitFor(() => expect(usuario).not.toHaveAttribute('aria-disabled'));
    fireEvent.mouseDown(usuario);
    fireEvent.click(await screen.findByRole('option', { name: /ANA RUIZ/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.guardar }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ tipo: 'Abogado', usuario: USER.Abogado, nombre: 'ANA RUIZ' }),
    );
  });

  it('with several types none is chosen, and no users are asked for until one is', async () => {
    const { dialog } = setup(['Abogado', 'Investigador']);
    expect(within(dialog).getByRole('combobox', { name: new RegExp(LABELS.casos.tipoUsuario) })).not.toHaveTextContent(
      /Abogado|Investigador/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.guardar }));
    expect(await within(dialog).findAllByText(MSG.campoRequerido)).not.toHaveLength(0);
    expect(asked()).toEqual([]);
  });
});
