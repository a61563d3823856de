import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Me } from '@vialex/domain';
import { DISPONIBILIDAD_CORTA, DISPONIBILIDAD, MSG } from '@vialex/domain';
import { AvailabilityPicker } from './availability-picker';
import { AvailabilityControl } from './availability-control';
import { renderWithApp } from '../../test/render';

const chip = () => screen.getByTestId('availability-chip');

function openMenu() {
  fireEvent.click(chip());
  return screen.getByRole('menu');
}

describe('AvailabilityPicker', () => {
  it('lists the automatic values disabled', () => {
    render(<AvailabilityPicker value={DISPONIBILIDAD.enEspera} onConfirm={vi.fn()} />);
    const menu = openMenu();
    for (const automatic of [DISPONIBILIDAD.ocupado, DISPONIBILIDAD.multiple]) {
      expect(within(menu).getByText(automatic).closest('li')).toHaveAttribute('aria-disabled', 'true');
    }
    for (const manual of [DISPONIBILIDAD.fueraDeHorario, DISPONIBILIDAD.enEspera]) {
      expect(within(menu).getByText(manual).closest('li')).not.toHaveAttribute('aria-disabled');
    }
  });

  it('says the value in words on a phone too (short words), the full value on wider screens', () => {
    render(<AvailabilityPicker value={DISPONIBILIDAD.fueraDeHorario} onConfirm={vi.fn()} />);
    expect(within(chip()).getByText(DISPONIBILIDAD_CORTA[DISPONIBILIDAD.fueraDeHorario])).toBeInTheDocument();
    expect(within(chip()).getByText(DISPONIBILIDAD.fueraDeHorario)).toBeInTheDocument();
  });

  it('asks for confirmation and restores the previous value on cancel', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    render(<AvailabilityPicker value={DISPONIBILIDAD.enEspera} onConfirm={onConfirm} />);
    expect(chip()).toHaveAttribute('aria-label', `${MSG.disponibilidad}: ${DISPONIBILIDAD.enEspera}`);

    fireEvent.click(within(openMenu()).getByText(DISPONIBILIDAD.fueraDeHorario));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.actualizarEstadoTitulo)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.actualizarEstadoTexto)).toBeInTheDocument();
    expect(chip()).toHaveAttribute('aria-label', `${MSG.disponibilidad}: ${DISPONIBILIDAD.fueraDeHorario}`);

    fireEvent.click(within(dialog).getByRole('button', { name: MSG.cancelar }));
    await waitFor(() =>
      expect(chip()).toHaveAttribute('aria-label', `${MSG.disponibilidad}: ${DISPONIBILIDAD.enEspera}`),
    );
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('saves the confirmed value', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    render(<AvailabilityPicker value={DISPONIBILIDAD.enEspera} onConfirm={onConfirm} />);
    fireEvent.click(within(openMenu()).getByText(DISPONIBILIDAD.fueraDeHorario));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: MSG.si }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(DISPONIBILIDAD.fueraDeHorario));
  });

  it('shows a refusal in the Oops dialog and keeps the old value', async () => {
    const onConfirm = vi.fn().mockRejectedValue(new Error('x'));
    render(<AvailabilityPicker value={DISPONIBILIDAD.enEspera} onConfirm={onConfirm} />);
    fireEvent.click(within(openMenu()).getByText(DISPONIBILIDAD.fueraDeHorario));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: MSG.si }));
    expect(await screen.findByText(MSG.oops)).toBeInTheDocument();
    expect(chip()).toHaveAttribute('aria-label', `${MSG.disponibilidad}: ${DISPONIBILIDAD.enEspera}`);
  });
});

describe('AvailabilityControl', () => {
  const me = (cargo: Me['cargo']): Me => ({
    id: 'u1',
    nombres: 'ANA',
    apellidos: 'PÉREZ',
    email: 'ana@vialex.test',
    cargo,
    area: 'X',
    disponibilidad: DISPONIBILIDAD.enEspera,
    duracion_sesion: 15,
    gps: true,
    ciudades: [],
    sessionExpiresAt: new Date(Date.now() + 60_000).toISOString(),
  });
  const renderFor = (cargo: Me['cargo']) => renderWithApp(<AvailabilityControl />, { user: me(cargo) });

  it('is shown to field cargos', () => {
    renderFor('Investigador');
    expect(screen.getByTestId('availability-chip')).toBeInTheDocument();
  });

  it('is hidden from the Administrador', () => {
    renderFor('Administrador');
    expect(screen.queryByTestId('availability-chip')).not.toBeInTheDocument();
  });
});
