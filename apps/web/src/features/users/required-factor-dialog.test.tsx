import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { RequiredFactorDialog } from './required-factor-dialog';

const L = LABELS.segundoFactor;
let sent: { method: string; body: unknown }[];
let refuse: boolean;

beforeEach(() => {
  sent = [];
  refuse = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      expect(path).toBe('/api/auth/segundo-factor/cargos');
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      sent.push({ method: init.method ?? 'GET', body });
      if (init.method === 'PUT' && refuse)
        return new Response(JSON.stringify({ statusCode: 403, code: 'FORBIDDEN', message: MSG.noAutorizado }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        });
      const answer = init.method === 'PUT' ? body : { cargos: ['Coordinador Perito'] };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

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
    expect(sent.at(-1)).toEqual({ method: 'PUT', body: { cargos: ['Administrador', 'Abogado'] } });
  });

  it("shows the server's refusal and stays open", async () => {
    refuse = true;
    const onSaved = vi.fn();
    const dialog = setup(onSaved);
    await within(dialog).findByRole('checkbox', { name: 'Perito' });
    fireEvent.click(within(dialog).getByRole('button', { name: L.guardar }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.noAutorizado);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
