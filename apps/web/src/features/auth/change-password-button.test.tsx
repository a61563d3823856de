import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { fakeApi, json } from '../../test/fake-api';
import { ChangePasswordButton } from './change-password-button';

const CURRENT = 'Vialex2026*';
const NEW = 'Dibujo2026#';
/** The server's next answers, in order; past them it fails. */
let answers: Response[];

beforeEach(() => {
  answers = [];
  fakeApi(() => answers.shift() ?? json({ message: MSG.algoSalioMal }, 500));
});

/** An element other than an icon that assistive technology is told to skip, if any is left. */
const hiddenFromAssistiveTech = () => document.querySelector('[aria-hidden="true"]:not(svg):not(svg *)');

/** Fills the form and confirms it with Sí; answers the dialog the form is in. */
async function submit(password: string) {
  fireEvent.click(screen.getByRole('button', { name: MSG.cambiarContrasena }));
  const dialog = await screen.findByRole('dialog', { name: MSG.cambiarContrasena });
  fireEvent.change(within(dialog).getByLabelText(MSG.contrasenaActual), { target: { value: CURRENT } });
  fireEvent.change(within(dialog).getByLabelText(MSG.nuevaContrasena), { target: { value: password } });
  fireEvent.change(within(dialog).getByLabelText(MSG.confirmarContrasena), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: MSG.guardar }));
  const confirm = await screen.findByRole('dialog', { name: MSG.passConfirmarTitulo });
  fireEvent.click(within(confirm).getByRole('button', { name: MSG.si }));
  return dialog;
}

// Each step's dialog opens over the one before; when the last closes, the page behind is
// reachable again (no aria-hidden left on it) and the key button can be pressed once more.
describe('the key button of the top bar', () => {
  it('a refused password comes back under its field; Cancelar gives the page back', async () => {
    answers.push(json({ message: MSG.passComun, issues: [{ path: 'password', message: MSG.passComun }] }, 400));
    renderWithApp(<ChangePasswordButton />);
    const dialog = await submit('password1A!');
    expect(await within(dialog).findByText(MSG.passComun)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.passConfirmarTitulo })).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.cancelar }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: MSG.cambiarContrasena })).toBeEnabled();
    expect(hiddenFromAssistiveTech()).toBeNull();
  });

  it('a change that succeeds says so; Aceptar gives the page back', async () => {
    answers.push(json({ message: MSG.exito }));
    renderWithApp(<ChangePasswordButton />);
    await submit(NEW);
    const done = await screen.findByTestId('success-dialog');
    fireEvent.click(within(done).getByRole('button', { name: MSG.aceptar }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: MSG.cambiarContrasena })).toBeEnabled();
    expect(hiddenFromAssistiveTech()).toBeNull();
  });
});
