import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MSG } from '@vialex/domain';
import { LoginForm } from './login-form';

function setup() {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  render(<LoginForm onSubmit={onSubmit} />);
  return {
    onSubmit,
    email: screen.getByLabelText(MSG.correo),
    password: screen.getByLabelText(MSG.contrasena),
    button: screen.getByRole('button', { name: MSG.ingresar }),
  };
}

describe('LoginForm', () => {
  it('keeps INGRESAR disabled while either field is empty', () => {
    const { email, password, button } = setup();
    expect(button).toBeDisabled();
    fireEvent.change(email, { target: { value: 'investigador@vialex.test' } });
    expect(button).toBeDisabled();
    fireEvent.change(password, { target: { value: 'Vialex2026*' } });
    expect(button).toBeEnabled();
    fireEvent.change(email, { target: { value: '' } });
    expect(button).toBeDisabled();
  });

  it('says the e-mail is not valid', async () => {
    const { email } = setup();
    fireEvent.change(email, { target: { value: 'investigador' } });
    fireEvent.blur(email);
    expect(await screen.findByText(MSG.correoInvalido)).toBeInTheDocument();
  });

  it('says the e-mail is required once it is emptied', async () => {
    const { email } = setup();
    fireEvent.change(email, { target: { value: 'a' } });
    fireEvent.blur(email);
    fireEvent.change(email, { target: { value: '' } });
    expect(await screen.findByText(MSG.correoRequerido)).toBeInTheDocument();
  });

  it('says the password is required once it is emptied', async () => {
    const { password } = setup();
    fireEvent.change(password, { target: { value: 'x' } });
    fireEvent.blur(password);
    fireEvent.change(password, { target: { value: '' } });
    expect(await screen.findByText(MSG.contrasenaRequerida)).toBeInTheDocument();
  });

  it('submits the parsed values', async () => {
    const { email, password, button, onSubmit } = setup();
    fireEvent.change(email, { target: { value: ' Investigador@Vialex.test ' } });
    fireEvent.change(password, { target: { value: 'Vialex2026*' } });
    fireEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ email: 'investigador@vialex.test', password: 'Vialex2026*' });
  });

  it('shows field errors answered by the server', () => {
    render(<LoginForm onSubmit={vi.fn()} serverIssues={[{ path: 'email', message: MSG.correoInvalido }]} />);
    expect(screen.getByText(MSG.correoInvalido)).toBeInTheDocument();
  });
});
