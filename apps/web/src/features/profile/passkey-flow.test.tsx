import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG, type Me } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';
import { SecondFactorSection } from './second-factor-section';

const L = LABELS.segundoFactor;

const webauthn = vi.hoisted(() => ({ supported: vi.fn(() => true), start: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: webauthn.supported,
  startRegistration: webauthn.start,
}));

const ME = { id: 'u1', nombres: 'ANA', apellidos: 'RUIZ', email: 'a@vialex.test', cargo: 'Perito' } as Me;
const ANSWER = { id: 'abc', rawId: 'abc', type: 'public-key', response: {}, clientExtensionResults: {} };
let api: FakeApi;
const posted = () => api.calls.filter((c) => c.method === 'POST');

beforeEach(() => {
  webauthn.supported.mockReturnValue(true);
  webauthn.start.mockReset();
  api = fakeApi((req) =>
    json(
      req.url === '/api/auth/segundo-factor'
        ? { requerido: false, totp: { activo: false, desde: null }, llaves: [], codigosRestantes: 0 }
        : req.url.endsWith('/llaves/opciones')
          ? { challenge: 'xyz', rp: { name: 'VIALEX' } }
          : { codigosRecuperacion: Array.from({ length: 10 }, (_, i) => `c${i}`) },
    ),
  );
});

async function openAdd(name = 'Celular de trabajo') {
  renderWithApp(<SecondFactorSection />, { user: ME });
  fireEvent.click(await screen.findByRole('button', { name: L.agregarLlave }));
  const dialog = await screen.findByRole('dialog', { name: L.agregarLlaveTitulo });
  fireEvent.change(within(dialog).getByTestId('passkey-name'), { target: { value: name } });
  fireEvent.click(within(dialog).getByRole('button', { name: L.continuar }));
  return dialog;
}

describe('AGREGAR LLAVE DE ACCESO', () => {
  it('asks the browser with the server’s options, sends its answer under the name, then shows the codes', async () => {
    webauthn.start.mockResolvedValue(ANSWER);
    await openAdd();
    expect(await screen.findByTestId('codes-dialog')).toBeInTheDocument();
    expect(webauthn.start).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz', rp: { name: 'VIALEX' } } });
    expect(posted().at(-1)).toEqual({
      url: '/api/auth/segundo-factor/llaves',
      method: 'POST',
      body: { nombre: 'Celular de trabajo', respuesta: ANSWER },
    });
  });

  it('a cancelled prompt says so and keeps the dialog', async () => {
    webauthn.start.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const dialog = await openAdd();
    expect(await within(dialog).findByText(L.llaveCancelada)).toBeInTheDocument();
    expect(posted().map((p) => p.url)).not.toContain('/api/auth/segundo-factor/llaves');
  });

  it('a browser without WebAuthn says so before asking the server', async () => {
    webauthn.supported.mockReturnValue(false);
    const dialog = await openAdd();
    expect(await within(dialog).findByText(L.llaveNoSoportada)).toBeInTheDocument();
    expect(posted()).toEqual([]);
  });

  it('the device’s name is required', async () => {
    const dialog = await openAdd('  ');
    expect(await within(dialog).findByText(MSG.campoRequerido)).toBeInTheDocument();
    await waitFor(() => expect(webauthn.start).not.toHaveBeenCalled());
  });
});
