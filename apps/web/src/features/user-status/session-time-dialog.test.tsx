import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { LABELS, DISPONIBILIDAD, MSG } from '@vialex/domain';
import { useFeedback } from '../../components/list/use-feedback';
import type { StatusRow } from './api/list-user-status';
import { SessionTimeDialog, pickedMinutes } from './session-time-dialog';
import { renderWithApp } from '../../test/render';

const USER: StatusRow = {
  id: 'u1',
  nombres: 'ÓSCAR',
  apellidos: 'MORENO PÁEZ',
  email: 'perito@vialex.test',
  cargo: 'Perito',
  estado: true,
  disponibilidad: DISPONIBILIDAD.enEspera,
  login: false,
  duracion_sesion: 15,
  actions: { manageStatus: true, changePassword: true },
};

function Harness() {
  const feedback = useFeedback();
  return <SessionTimeDialog user={USER} onClose={() => {}} feedback={feedback} />;
}

function setup() {
  renderWithApp(<Harness />);
  return screen.getByRole('dialog', { name: LABELS.estadoUsuarios.actualizarTiempo });
}

describe('SessionTimeDialog', () => {
  it('asks for the target and the time while both are still unset', async () => {
    const dialog = setup();
    expect(within(dialog).getByText(LABELS.estadoUsuarios.seleccioneTipo)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.guardar }));
    expect(await within(dialog).findByText(MSG.tipoUsuarioObligatorio)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.tiempoObligatorio)).toBeInTheDocument();
    expect(screen.queryByText(MSG.seguroActualizar)).not.toBeInTheDocument();
  });

  it('offers this user or the whole cargo; once chosen only the time is missing', async () => {
    const dialog = setup();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: LABELS.estadoUsuarios.tipoUsuario }));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Todos los usuarios del cargo Perito' })).toBeInTheDocument();
    fireEvent.click(within(listbox).getByRole('option', { name: LABELS.estadoUsuarios.soloUsuario }));
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.guardar }));
    expect(await within(dialog).findByText(MSG.tiempoObligatorio)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText(MSG.tipoUsuarioObligatorio)).not.toBeInTheDocument());
  });
});

describe('pickedMinutes', () => {
  it('is hours × 60 + minutes, and 0 for no time or 00:00', () => {
    expect(pickedMinutes(dayjs('2026-01-01T01:30:00'))).toBe(90);
    expect(pickedMinutes(dayjs('2026-01-01T00:00:00'))).toBe(0);
    expect(pickedMinutes(null)).toBe(0);
  });
});
