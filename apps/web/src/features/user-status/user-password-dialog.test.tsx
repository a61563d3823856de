import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DISPONIBILIDAD, LABELS, MSG } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';
import type { Feedback } from '../../components/list/use-feedback';
import type { StatusRow } from './api/list-user-status';
import { UserPasswordDialog } from './user-password-dialog';

const L = LABELS.segundoFactor;
const PASSWORD = 'Cambio2026#';
const USER: StatusRow = {
  id: 'u1',
  nombres: 'NATALIA',
  apellidos: 'CÁRDENAS ORTIZ',
  email: 'coord.perito@vialex.test',
  cargo: 'Coordinador Perito',
  estado: true,
  disponibilidad: DISPONIBILIDAD.enEspera,
  login: false,
  duracion_sesion: 15,
  actions: { manageStatus: true, changePassword: true },
};
let api: FakeApi;
const sent = () => api.calls.map((c) => c.body);

beforeEach(() => {
  api = fakeApi(() => json({ message: MSG.exito }));
});

async function reset(tick: boolean) {
  const feedback = { success: vi.fn(), fail: vi.fn(), error: vi.fn() } as unknown as Feedback;
  renderWithApp(<UserPasswordDialog user={USER} onClose={() => {}} feedback={feedback} />);
  const dialog = screen.getByRole('dialog', { name: MSG.cambiarContrasena });
  fireEvent.change(within(dialog).getByLabelText(MSG.nuevaContrasena), { target: { value: PASSWORD } });
  fireEvent.change(within(dialog).getByLabelText(MSG.confirmarContrasena), { target: { value: PASSWORD } });
  const box = within(dialog).getByRole('checkbox', { name: L.quitarAlRestablecer });
  expect(box).not.toBeChecked();
  expect(box).toHaveAccessibleDescription(L.quitarAlRestablecerAyuda);
  if (tick) fireEvent.click(box);
  fireEvent.click(within(dialog).getByRole('button', { name: MSG.guardar }));
  fireEvent.click(await screen.findByRole('button', { name: MSG.si }));
  await waitFor(() => expect(feedback.success).toHaveBeenCalled());
  return feedback;
}

describe("the Administrador's password reset", () => {
  it('also removes the second factor when ticked, and says so', async () => {
    const feedback = await reset(true);
    expect(sent()).toEqual([{ password: PASSWORD, confirmPassword: PASSWORD, quitarSegundoFactor: true }]);
    expect(feedback.success).toHaveBeenCalledWith(
      'contraseña de NATALIA CÁRDENAS ORTIZ restablecida y su verificación en dos pasos quitada',
    );
  });

  it('leaves the second factor alone by default', async () => {
    await reset(false);
    expect(sent()).toEqual([{ password: PASSWORD, confirmPassword: PASSWORD }]);
  });
});
