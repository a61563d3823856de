import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { useGeoStore } from '../../lib/geo';
import { ClientEntryPage } from './entry-page';
import { takeHandOver } from './session';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

/** What GET /api/cliente/entrada/{token} answers: the case and the privacy notice its driver is asked for. */
const VERSION = '0123456789ab';
const notice = (requerida = true) => ({
  version: VERSION,
  requerida,
  resumen: 'VIALEX tratará sus datos personales para atender su caso.',
  texto: 'Responsable del tratamiento: VIALEX.\n\nSus derechos: conocer, actualizar y rectificar sus datos.',
  casilla: LABELS.privacidad.casilla,
});
const INFO = { caso: 4521, privacidad: notice() };
const REFUSAL = fmt(MSG.autorizacionDatosRequerida, { telefono: '+57 601 555 0100' });

let api: FakeApi;
let geo: { success?: PositionCallback; error?: PositionErrorCallback };

beforeEach(() => {
  geo = {};
  useGeoStore.setState({ geoOff: false, position: null });
  api = fakeApi((req) => (req.url.startsWith('/api/cliente/entrada/') ? json(INFO) : undefined));
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (s: PositionCallback, e: PositionErrorCallback) => {
        geo = { success: s, error: e };
        return 1;
      },
      clearWatch: () => {},
    },
  });
});

afterEach(() => localStorage.clear());

function renderEntry(token = 'tok-123') {
  const router = createMemoryRouter(
    [
      { path: '/login/auth-cliente/:id?', element: <ClientEntryPage /> },
      { path: '/caso-cliente/:tab', element: <div data-testid="client-case">caso</div> },
    ],
    { initialEntries: [`/login/auth-cliente/${token}`] },
  );
  // Not renderWithApp: the driver's side has no data or toast provider, and the entry page must go without both.
  render(<RouterProvider router={router} />);
  return router;
}

const locate = (lat = 4.65, lng = -74.08) =>
  act(() => geo.success?.({ coords: { latitude: lat, longitude: lng }, timestamp: Date.now() } as GeolocationPosition));
const deny = () =>
  act(() =>
    geo.error?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError),
  );

const button = () => screen.getByRole('button', { name: MSG.ingresarAlCaso });
const consentBox = () => screen.getByRole('checkbox', { name: LABELS.privacidad.casilla });

describe('ClientEntryPage', () => {
  it('shows the case and keeps Ingresar al caso disabled, with the banner, until a latitude is known', async () => {
    renderEntry();
    expect(await screen.findByText(fmt(LABELS.cliente.numeroCaso, { caso: 4521 }))).toBeInTheDocument();
    expect(screen.getByTestId('geo-warning')).toHaveTextContent(MSG.geolocalizacionApagada);
    expect(button()).toBeDisabled();
    await locate();
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByTestId('geo-warning')).toBeNull();
  });

  it('stays disabled with the banner when the location is denied', async () => {
    renderEntry();
    await screen.findByTestId('client-entry-case');
    await deny();
    expect(screen.getByTestId('geo-warning')).toHaveTextContent(MSG.geolocalizacionApagada);
    expect(button()).toBeDisabled();
  });

  it("says the server's 'El caso no existe' for a bad link, and the button stays disabled", async () => {
    api.on(() => json({ statusCode: 404, code: 'NOT_FOUND', message: MSG.casoNoExiste }, 404));
    renderEntry('forged');
    expect(await screen.findByTestId('client-entry-error')).toHaveTextContent(MSG.casoNoExiste);
    await locate();
    expect(button()).toBeDisabled();
  });

  it('says a case already entered cannot be entered again', async () => {
    api.on((req) =>
      req.url === '/api/cliente/yo'
        ? json({ statusCode: 401, code: 'CLIENT_SESSION_ENDED', message: MSG.sesionClienteTerminada }, 401)
        : json({ statusCode: 409, code: 'CASE_ALREADY_ENTERED', message: MSG.casoYaIngresado }, 409),
    );
    renderEntry();
    expect(await screen.findByTestId('client-entry-error')).toHaveTextContent(MSG.casoYaIngresado);
  });

  it('enters with the position and opens the case chat; the assignment is left to its status card', async () => {
    api.on((req) => {
      if (req.method === 'POST')
        return json({
          caseId: 'c1',
          caso: 4521,
          nombre: 'ANA',
          expira: new Date(Date.now() + 7_200_000).toISOString(),
          asignacion: { investigador: 'LUIS', message: MSG.casoAsignado },
          aviso: null,
        });
      return json(INFO);
    });
    const router = renderEntry();
    await screen.findByTestId('client-entry-case');
    await locate(4.6, -74.1);
    fireEvent.click(consentBox());
    fireEvent.click(button());
    expect(await screen.findByTestId('client-case')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/caso-cliente/chat');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      token: 'tok-123',
      lat: 4.6,
      lng: -74.1,
      autorizacion: VERSION,
    });
    // The case page gets the session; the assignment is its status card's (no toast that vanishes).
    expect(takeHandOver()).toEqual({
      me: expect.objectContaining({ caseId: 'c1', caso: 4521, nombre: 'ANA' }),
      notices: [],
    });
  });

  it("shows the entry's refusal with the server's message and lets the client try again", async () => {
    api.on((req) =>
      req.method === 'POST'
        ? json({ statusCode: 409, code: 'CASE_ALREADY_ENTERED', message: MSG.casoYaIngresado }, 409)
        : json(INFO),
    );
    renderEntry();
    await screen.findByTestId('client-entry-case');
    await locate();
    fireEvent.click(consentBox());
    fireEvent.click(button());
    expect(await screen.findByTestId('client-entry-error')).toHaveTextContent(MSG.casoYaIngresado);
  });

  it("shows the privacy notice with its box unticked; the tap without the tick gets the server's refusal, which says why", async () => {
    api.on((req) =>
      req.method === 'POST'
        ? json({ statusCode: 422, code: 'DATA_AUTHORISATION_REQUIRED', message: REFUSAL }, 422)
        : json(INFO),
    );
    renderEntry();
    await screen.findByTestId('client-entry-case');
    expect(screen.getByTestId('client-privacy-summary')).toHaveTextContent(notice().resumen);
    // The whole notice is behind 'Leer el aviso completo'.
    expect(screen.getByText(LABELS.privacidad.leerCompleto).tagName).toBe('SUMMARY');
    expect(screen.getByTestId('client-privacy-full')).toHaveTextContent('Sus derechos');
    expect(consentBox()).not.toBeChecked();
    await locate();
    expect(button()).toBeEnabled();
    fireEvent.click(button());
    expect(await screen.findByTestId('client-entry-error')).toHaveTextContent(REFUSAL);
    expect(consentBox()).toHaveAttribute('aria-invalid', 'true');
    expect(consentBox()).toHaveFocus();
    // Nothing was authorised: the request carried no version.
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { token: 'tok-123', lat: 4.65, lng: -74.08 },
    ]);
    // Ticked: the reason goes.
    fireEvent.click(consentBox());
    expect(screen.queryByTestId('client-entry-error')).toBeNull();
  });

  it('a notice the case already authorised has no box, and the entry sends no authorisation', async () => {
    api.on((req) =>
      req.method === 'POST'
        ? json({
            caseId: 'c1',
            caso: 4521,
            nombre: 'ANA',
            expira: new Date().toISOString(),
            asignacion: null,
            aviso: null,
          })
        : json({ ...INFO, privacidad: notice(false) }),
    );
    renderEntry();
    await screen.findByTestId('client-entry-case');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(LABELS.privacidad.titulo).tagName).toBe('SUMMARY');
    await locate(4.6, -74.1);
    fireEvent.click(button());
    await screen.findByTestId('client-case');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'tok-123', lat: 4.6, lng: -74.1 });
  });
});
