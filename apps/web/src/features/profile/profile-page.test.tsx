import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { LABELS, MSG, fmt, type Me, type SecondFactorStatus } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';
import ProfilePage from './profile-page';

const L = LABELS.segundoFactor;

const ME: Me = {
  id: 'u1',
  nombres: 'ANA',
  apellidos: 'RUIZ',
  email: 'coordinador@vialex.test',
  cargo: 'Coordinador Abogado',
  area: 'JURÍDICA',
  disponibilidad: 'Activo en espera',
  duracion_sesion: 60,
  gps: true,
  ciudades: [],
  sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

const NONE: SecondFactorStatus = {
  requerido: false,
  totp: { activo: false, desde: null },
  llaves: [],
  codigosRestantes: 0,
};

/** The server as these tests see it: each test gives its routes. */
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
});

function renderPage() {
  // No retry: a failed read (5xx, which the app retries once) shows at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(<ProfilePage photo={<div data-testid="photo-control" />} />, { user: ME, queryClient });
}

const status = (s: SecondFactorStatus) => api.on({ 'GET /api/auth/segundo-factor': () => json(s) });

describe('Mi perfil', () => {
  it('shows who is signed in, their photo control, and a loading state before the factors', async () => {
    status(NONE);
    renderPage();
    expect(screen.getByRole('heading', { name: L.miPerfil, level: 1 })).toBeInTheDocument();
    expect(screen.getByText('ANA RUIZ')).toBeInTheDocument();
    expect(screen.getByText('COORDINADOR ABOGADO')).toBeInTheDocument();
    expect(screen.getByTestId('photo-control')).toBeInTheDocument();
    expect(screen.getByTestId('second-factor-loading')).toBeInTheDocument();
    await screen.findByTestId('factor-app');
  });

  it('without a factor: the app not set up, no passkeys, no recovery codes, nothing required', async () => {
    status(NONE);
    renderPage();
    const app = await screen.findByTestId('factor-app');
    expect(within(app).getByText(L.inactiva)).toBeInTheDocument();
    expect(within(app).getByRole('button', { name: L.configurar })).toBeInTheDocument();
    expect(screen.getByText(L.sinLlaves)).toBeInTheDocument();
    expect(screen.queryByTestId('factor-codigos')).toBeNull();
    expect(screen.queryByTestId('second-factor-required')).toBeNull();
  });

  it('says when the cargo requires it, and the app active since its date with QUITAR', async () => {
    status({
      ...NONE,
      requerido: true,
      totp: { activo: true, desde: '2026-03-02T15:00:00.000Z' },
      codigosRestantes: 7,
    });
    renderPage();
    expect(await screen.findByTestId('second-factor-required')).toHaveTextContent(
      fmt(L.requeridoPorCargo, { cargo: 'Coordinador Abogado' }),
    );
    const app = screen.getByTestId('factor-app');
    expect(within(app).getByText(fmt(L.appDesde, { fecha: '02/03/2026' }))).toBeInTheDocument();
    expect(within(app).getByRole('button', { name: L.quitar })).toBeInTheDocument();
    expect(screen.getByTestId('codes-left')).toHaveTextContent(fmt(L.codigosRestantes, { n: 7, total: 10 }));
  });

  it('lists the passkeys with their dates; QUITAR asks naming the key, and the server’s refusal is shown', async () => {
    status({
      ...NONE,
      requerido: true,
      llaves: [
        { id: 'k1', nombre: 'Celular de trabajo', creado: '2026-03-01T15:00:00.000Z', ultimoUso: null },
        {
          id: 'k2',
          nombre: 'Portátil',
          creado: '2026-02-01T15:00:00.000Z',
          ultimoUso: '2026-03-02T20:30:00.000Z',
        },
      ],
      codigosRestantes: 10,
    });
    api.on({
      'DELETE /api/auth/segundo-factor/llaves/k1': () =>
        json({ statusCode: 409, code: 'CONFLICT', message: 'Su cargo requiere un segundo factor.' }, 409),
    });
    renderPage();
    const list = await screen.findByTestId('passkey-list');
    expect(within(list).getByText('Celular de trabajo')).toBeInTheDocument();
    expect(
      within(list).getByText(`${fmt(L.llaveCreada, { fecha: '01/03/2026' })} · ${L.llaveSinUso}`),
    ).toBeInTheDocument();
    expect(
      within(list).getByText(
        `${fmt(L.llaveCreada, { fecha: '01/02/2026' })} · ${fmt(L.llaveUsada, { fecha: '02/03/2026 15:30' })}`,
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(list).getAllByRole('button', { name: L.quitar })[0]);
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent(fmt(L.quitarLlaveTitulo, { nombre: 'Celular de trabajo' }));
    fireEvent.click(within(confirm).getByRole('button', { name: MSG.si }));
    expect(await screen.findByTestId('error-dialog')).toHaveTextContent('Su cargo requiere un segundo factor.');
  });

  it('asks for the password when the server wants its proof, then retries and shows the codes once', async () => {
    status(NONE);
    let proven = false;
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}`);
    api.on({
      'POST /api/auth/segundo-factor/totp': () =>
        proven
          ? json({ secreto: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml,<svg/>' })
          : json({ statusCode: 403, code: 'PASSWORD_PROOF_REQUIRED', message: MSG.confirmarIdentidad }, 403),
      'POST /api/auth/segundo-factor/confirmar': (req) => {
        if ((req.body as { password: string }).password !== 'Correcta#2026')
          return json({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Contraseña incorrecta' }, 401);
        proven = true;
        return new Response(null, { status: 204 });
      },
      'POST /api/auth/segundo-factor/totp/confirmar': () => json({ codigosRecuperacion: codes }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: L.configurar }));

    const proof = await screen.findByRole('dialog', { name: L.confirmarIdentidadTitulo });
    fireEvent.change(within(proof).getByLabelText(MSG.contrasena), { target: { value: 'mala' } });
    fireEvent.click(within(proof).getByRole('button', { name: L.confirmar }));
    expect(await within(proof).findByText('Contraseña incorrecta')).toBeInTheDocument();
    fireEvent.change(within(proof).getByLabelText(MSG.contrasena), { target: { value: 'Correcta#2026' } });
    fireEvent.click(within(proof).getByRole('button', { name: L.confirmar }));

    // Retried: the app's setup, with its QR code and key.
    const setup = await screen.findByTestId('totp-dialog');
    expect(within(setup).getByRole('img', { name: L.qrAlt })).toBeInTheDocument();
    expect(within(setup).getByTestId('totp-key')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(api.calls.filter((c) => c.method === 'POST' && c.url === '/api/auth/segundo-factor/totp')).toHaveLength(2);
    fireEvent.change(within(setup).getByTestId('totp-code'), { target: { value: '123456' } });
    fireEvent.click(within(setup).getByRole('button', { name: L.activar }));

    const shown = await screen.findByTestId('codes-dialog');
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    const listo = within(shown).getByRole('button', { name: L.listo });
    expect(listo).toBeDisabled();
    fireEvent.click(within(shown).getByLabelText(L.codigosGuardados));
    expect(listo).toBeEnabled();
    fireEvent.click(listo);
    await waitFor(() => expect(screen.queryByTestId('codes-dialog')).toBeNull());
  });

  it('a closed password dialog leaves everything as it was', async () => {
    status(NONE);
    api.on({
      'POST /api/auth/segundo-factor/totp': () =>
        json({ statusCode: 403, code: 'PASSWORD_PROOF_REQUIRED', message: MSG.confirmarIdentidad }, 403),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: L.configurar }));
    const proof = await screen.findByRole('dialog', { name: L.confirmarIdentidadTitulo });
    fireEvent.click(within(proof).getByRole('button', { name: MSG.cancelar }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('error-dialog')).toBeNull();
  });

  it('a failed read says so with Reintentar', async () => {
    api.on({
      'GET /api/auth/segundo-factor': () => json({ statusCode: 500, code: 'X', message: MSG.errorServidor }, 500),
    });
    renderPage();
    expect(await screen.findByText(MSG.errorServidor)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.reintentar })).toBeInTheDocument();
  });
});
