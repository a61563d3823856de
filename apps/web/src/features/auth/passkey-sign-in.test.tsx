import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LABELS, MSG, type Me } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondStepForm, SetupFactorForm } from './second-step';

const L = LABELS.segundoFactor;

const webauthn = vi.hoisted(() => ({ authenticate: vi.fn(), register: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: webauthn.authenticate,
  startRegistration: webauthn.register,
}));

const USER = { id: 'u1', nombres: 'ANA', apellidos: 'RUIZ', email: 'a@vialex.test', cargo: 'Perito' } as Me;
const ANSWER = { id: 'abc', rawId: 'abc', type: 'public-key', response: {}, clientExtensionResults: {} };
const OPTIONS = { challenge: 'xyz', rpId: 'localhost' };
const CODES = Array.from({ length: 10 }, (_, i) => `codigo-${i}`);

let api: FakeApi;
const REFUSAL = { statusCode: 401, code: 'PASSKEY_REFUSED', message: MSG.llaveNoVerificada };

beforeEach(() => {
  webauthn.authenticate.mockReset();
  webauthn.register.mockReset();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  // Every step's challenge, and the user at the end of any sign-in.
  api = fakeApi((req) => json(req.url.endsWith('/opciones') ? OPTIONS : { user: USER }));
});
const paths = () => api.calls.map((c) => c.url);

const cancelled = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

describe('INGRESAR CON UNA LLAVE DE ACCESO', () => {
  it('is not offered where the browser has no passkeys', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderWithApp(<PasskeySignInButton onDone={() => {}} />);
    expect(screen.queryByRole('button', { name: L.ingresarConLlave })).not.toBeInTheDocument();
  });

  it("signs in with the passkey alone: the server's challenge, the browser's answer, then the user", async () => {
    webauthn.authenticate.mockResolvedValue(ANSWER);
    const onDone = vi.fn();
    renderWithApp(<PasskeySignInButton onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: L.ingresarConLlave }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(USER));
    expect(webauthn.authenticate).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(paths()).toEqual(['/api/auth/login/llave/opciones', '/api/auth/login/llave']);
    expect(api.calls[1]!.body).toEqual({ respuesta: ANSWER });
  });

  it('says so when the browser prompt was cancelled, and sends nothing more', async () => {
    webauthn.authenticate.mockRejectedValue(cancelled());
    const onDone = vi.fn();
    renderWithApp(<PasskeySignInButton onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: L.ingresarConLlave }));
    expect(await screen.findByRole('alert')).toHaveTextContent(L.llaveCancelada);
    expect(api.calls).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows the server's message when it refuses the passkey", async () => {
    webauthn.authenticate.mockResolvedValue(ANSWER);
    api.on({ 'POST /api/auth/login/llave': () => json(REFUSAL, 401) });
    renderWithApp(<PasskeySignInButton onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: L.ingresarConLlave }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.llaveNoVerificada);
  });

  it('says the browser cannot when it does not support passkeys', async () => {
    webauthn.authenticate.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotSupportedError' }));
    renderWithApp(<PasskeySignInButton onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: L.ingresarConLlave }));
    expect(await screen.findByRole('alert')).toHaveTextContent(L.llaveNoSoportada);
  });
});

describe('the second step with a passkey', () => {
  it("offers USAR UNA LLAVE DE ACCESO when the user has one, and signs in with the pending user's passkey", async () => {
    webauthn.authenticate.mockResolvedValue(ANSWER);
    const onDone = vi.fn();
    renderWithApp(<SecondStepForm methods={['llave', 'recuperacion']} onDone={onDone} />);
    expect(screen.getByText(L.segundoPasoLlave)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: L.usarLlave }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(USER));
    expect(paths()).toEqual(['/api/auth/login/segundo-paso/llave/opciones', '/api/auth/login/segundo-paso/llave']);
  });

  it('is not offered to a user with the app only', () => {
    renderWithApp(<SecondStepForm methods={['totp', 'recuperacion']} onDone={() => {}} />);
    expect(screen.queryByRole('button', { name: L.usarLlave })).not.toBeInTheDocument();
  });
});

describe('the setup a required cargo is led to', () => {
  it('offers the app or a passkey; the app shows its QR code, and either goes back to the choice', async () => {
    api.on({
      'POST /api/auth/login/configurar/totp': () =>
        json({ secreto: 'ABC', qr: 'data:image/png;base64,AA==', uri: 'otpauth://x' }),
    });
    renderWithApp(<SetupFactorForm onDone={() => {}} />);
    expect(screen.getByRole('heading', { name: L.configurarTitulo })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: L.configurarConApp }));
    expect(await screen.findByRole('img', { name: L.qrAlt })).toBeInTheDocument();
    expect(paths()).toEqual(['/api/auth/login/configurar/totp']);
    // Back to the choice, then the passkey instead.
    fireEvent.click(screen.getByRole('button', { name: L.otroMetodo }));
    fireEvent.click(screen.getByRole('button', { name: L.configurarConLlave }));
    expect(screen.getByLabelText(L.nombreLlave)).toBeInTheDocument();
  });

  it('registers a named passkey, then shows the recovery codes before VIALEX', async () => {
    webauthn.register.mockResolvedValue(ANSWER);
    api.on({ 'POST /api/auth/login/configurar/llave': () => json({ user: USER, codigosRecuperacion: CODES }) });
    const onDone = vi.fn();
    renderWithApp(<SetupFactorForm onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: L.configurarConLlave }));
    fireEvent.click(screen.getByRole('button', { name: L.continuar }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.campoRequerido);
    fireEvent.change(screen.getByLabelText(L.nombreLlave), { target: { value: ' Celular de trabajo ' } });
    fireEvent.click(screen.getByRole('button', { name: L.continuar }));
    expect(await screen.findByRole('heading', { name: L.codigosTitulo })).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes').querySelectorAll('li')).toHaveLength(10);
    expect(webauthn.register).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.calls.at(-1)).toEqual({
      url: '/api/auth/login/configurar/llave',
      method: 'POST',
      body: { nombre: 'Celular de trabajo', respuesta: ANSWER },
    });
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: L.irAVialex }));
    expect(onDone).toHaveBeenCalledWith(USER);
  });

  it('says so when the registration was cancelled', async () => {
    webauthn.register.mockRejectedValue(cancelled());
    renderWithApp(<SetupFactorForm onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: L.configurarConLlave }));
    fireEvent.change(screen.getByLabelText(L.nombreLlave), { target: { value: 'Portátil' } });
    fireEvent.click(screen.getByRole('button', { name: L.continuar }));
    expect(await screen.findByRole('alert')).toHaveTextContent(L.llaveCancelada);
  });
});
