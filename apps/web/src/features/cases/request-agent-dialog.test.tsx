import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG, caseActions } from '@vialex/domain';
import type { CaseRow } from './api/list-cases';
import { RequestAgentDialog } from './request-agent-dialog';

const row = (request: string[]) =>
  ({ id: 'c1', caso: 42, actions: { request } as CaseRow['actions'] }) as Pick<CaseRow, 'id' | 'caso' | 'actions'>;

function setup(request = ['Perito', 'Dibujante']) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  const onClose = vi.fn();
  render(<RequestAgentDialog row={row(request)} onSubmit={onSubmit} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: LABELS.casos.solicitarAgente });
  return { onSubmit, onClose, dialog };
}

describe('RequestAgentDialog', () => {
  it('requires Tipo Usuario', async () => {
    const { dialog, onSubmit } = setup();
    fireEvent.click(within(dialog).getByRole('button', { name: LABELS.casos.solicitar }));
    expect(await within(dialog).findByText(MSG.campoRequerido)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers only the types this viewer may request, and sends the chosen one', async () => {
    const { dialog, onSubmit } = setup(['Perito', 'Dibujante']);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: new RegExp(LABELS.casos.tipoUsuario) }));
    const listbox = await screen.findByRole('listbox');
    const names = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Perito', 'Dibujante']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Dibujante' }));
    fireEvent.click(within(dialog).getByRole('button', { name: LABELS.casos.solicitar }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Dibujante'));
  });

  it('one type left to ask for is chosen already: SOLICITAR sends it', async () => {
    const { dialog, onSubmit } = setup(['Dibujante']);
    expect(within(dialog).getByRole('combobox', { name: new RegExp(LABELS.casos.tipoUsuario) })).toHaveTextContent(
      'Dibujante',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: LABELS.casos.solicitar }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Dibujante'));
  });

  it('does not offer a type the case already asked for', async () => {
    // The actions as the server answers them for a case whose Abogado was requested.
    const slots = {
      uidcontactcenter: 'cc1',
      uidabogado: null,
      uidabogadocait: null,
      uidinvestigador: null,
      uidperito: null,
      uiddibujante: null,
    };
    const asked = { archivado: false, estado: 'Verificado', tipo_plan: 'SIN PLAN', solicitud_atencion: false };
    const { request } = caseActions(
      { id: 'cc1', cargo: 'Call Center' },
      { ...asked, aprobar_atencion: false, ...slots, solicitud_abogado: true },
    );
    const { dialog } = setup(request);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: new RegExp(LABELS.casos.tipoUsuario) }));
    const names = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Abogado CAIT', 'Investigador', 'Dibujante']);
  });

  it('a double click sends the request once', async () => {
    const { dialog, onSubmit } = setup(['Dibujante']);
    let finish = () => {};
    onSubmit.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: new RegExp(LABELS.casos.tipoUsuario) }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Dibujante' }));
    const button = within(dialog).getByRole('button', { name: LABELS.casos.solicitar });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // One macrotask: whatever the second click started (a validation, then a call)
    // runs on promises and would have reached onSubmit by now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
  });

  it('is persistent: Escape does not close it, Cancelar does', () => {
    const { dialog, onClose } = setup();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.cancelar }));
    expect(onClose).toHaveBeenCalled();
  });
});
