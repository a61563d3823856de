import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { LABELS, MSG, fmt, type Me } from '@vialex/domain';
import { CurrentUserContext, meQueryKey, setNavigator } from '../../lib/session';
import { queryClient } from '../../lib/query-client';
import { SESSION_WARNING_MS, formatTimeLeft } from '../../lib/session-timer';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';
import { SessionWarning } from './session-warning';

const timeUp = vi.hoisted(() => vi.fn());
vi.mock('../../lib/session', async (original) => ({
  ...(await original<typeof import('../../lib/session')>()),
  sessionTimeUp: timeUp,
}));

const START = new Date('2026-03-02T10:00:00.000Z');
const me = (minutes: number): Me => ({
  id: 'u1',
  nombres: 'ANA',
  apellidos: 'RUIZ',
  email: 'abogado@vialex.test',
  cargo: 'Abogado',
  area: 'JURÍDICA',
  disponibilidad: 'Activo en espera',
  duracion_sesion: minutes,
  gps: true,
  ciudades: [],
  sessionExpiresAt: new Date(START.getTime() + minutes * 60_000).toISOString(),
});

// Its own user provider, not renderWithApp's: a test changes the user on the same mounted warning.
function renderWarning(user: Me) {
  return render(
    <CurrentUserContext.Provider value={user}>
      <SessionWarning />
    </CurrentUserContext.Provider>,
  );
}

const warningText = (left: string) => fmt(MSG.sesionPorTerminar, { tiempo: left });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  timeUp.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('session time warning (spec 1: counted from sign-in)', () => {
  it('is quiet until two minutes before the end, then counts down the time left', () => {
    renderWarning(me(15));
    expect(screen.queryByTestId('session-warning')).toBeNull();
    advance(13 * 60_000 - 1);
    expect(screen.queryByTestId('session-warning')).toBeNull();
    advance(1);
    expect(screen.getByTestId('session-warning')).toHaveTextContent(warningText('2:00'));
    advance(1000);
    expect(screen.getByTestId('session-warning')).toHaveTextContent(warningText('1:59'));
    advance(58_000);
    expect(screen.getByTestId('session-warning')).toHaveTextContent(warningText('1:01'));
    expect(timeUp).not.toHaveBeenCalled();
  });

  it('asks the server once the time is up, exactly at the end', () => {
    renderWarning(me(3));
    advance(3 * 60_000 - 1);
    expect(timeUp).not.toHaveBeenCalled();
    expect(screen.getByTestId('session-warning')).toHaveTextContent(warningText('0:01'));
    advance(1);
    expect(timeUp).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('session-warning')).toBeNull();
    advance(60_000);
    expect(timeUp).toHaveBeenCalledTimes(1);
  });

  it('blocks nothing: it can be closed, and the end still comes', () => {
    renderWarning(me(2));
    expect(screen.getByTestId('session-warning')).toHaveTextContent(warningText('2:00'));
    fireEvent.click(within(screen.getByTestId('session-warning')).getByRole('button', { name: MSG.cerrar }));
    expect(screen.queryByTestId('session-warning')).toBeNull();
    advance(SESSION_WARNING_MS);
    expect(timeUp).toHaveBeenCalledTimes(1);
  });

  it('starts over when the session time changes', () => {
    const { rerender } = renderWarning(me(3));
    advance(90_000);
    expect(screen.getByTestId('session-warning')).toBeInTheDocument();
    rerender(
      <CurrentUserContext.Provider value={me(30)}>
        <SessionWarning />
      </CurrentUserContext.Provider>,
    );
    expect(screen.queryByTestId('session-warning')).toBeNull();
    advance(90_000);
    expect(timeUp).not.toHaveBeenCalled();
  });

  it('writes the time left as minutes:seconds, rounded up', () => {
    expect(formatTimeLeft(120_000)).toBe('2:00');
    expect(formatTimeLeft(65_000)).toBe('1:05');
    expect(formatTimeLeft(400)).toBe('0:01');
  });
});

describe('Seguir conectado: the password again, in a dialog over the screen', () => {
  /** The warning as the staff guard gives it: the Me of the query cache, which a renewal replaces. */
  function Staff({ children }: { children: ReactNode }) {
    const { data } = useQuery<Me>({ queryKey: meQueryKey, queryFn: () => new Promise<Me>(() => {}), enabled: false });
    return data ? <CurrentUserContext.Provider value={data}>{children}</CurrentUserContext.Provider> : null;
  }
  let api: FakeApi;
  const navigate = vi.fn();

  const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
  const renewCalls = () => api.calls.filter((c) => c.url === '/api/auth/login/renew');

  beforeEach(() => {
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, me(2));
    setNavigator(navigate);
    navigate.mockClear();
    api = fakeApi(() => json({ user: me(20) }));
  });

  /** A form of half-typed work beside the warning: it must not be remounted or cleared. */
  function renderScreen() {
    return renderWithApp(
      <Staff>
        <SessionWarning />
        <textarea aria-label="Borrador" defaultValue="" />
      </Staff>,
      { queryClient },
    );
  }

  async function openDialog() {
    fireEvent.click(screen.getByRole('button', { name: LABELS.sesion.seguirConectado }));
    await flush();
    return screen.getByRole('dialog', { name: LABELS.sesion.seguirConectadoTitulo });
  }

  const passwordOf = (dialog: HTMLElement) => within(dialog).getByLabelText(MSG.contrasena, { selector: 'input' });
  const send = async (dialog: HTMLElement) => {
    fireEvent.click(within(dialog).getByRole('button', { name: LABELS.sesion.seguirConectado }));
    await flush();
  };

  it('the warning offers it; the dialog says the time left and whose password it asks for', async () => {
    renderScreen();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent(warningText('2:00'));
    expect(dialog).toHaveTextContent(LABELS.sesion.seguirConectadoTexto);
    expect(dialog).toHaveTextContent('abogado@vialex.test');
    expect(passwordOf(dialog)).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(dialog).toHaveTextContent(warningText('1:55'));
  });

  it('the right password starts the session over: the warning goes, the screen stays as it was', async () => {
    renderScreen();
    const draft = screen.getByLabelText('Borrador');
    fireEvent.change(draft, { target: { value: 'Mensaje a medio escribir' } });
    const dialog = await openDialog();
    fireEvent.change(passwordOf(dialog), { target: { value: 'Vialex2026*' } });
    await send(dialog);

    expect(renewCalls()).toHaveLength(1);
    expect(renewCalls()[0]).toEqual({
      url: '/api/auth/login/renew',
      method: 'POST',
      body: { password: 'Vialex2026*' },
    });
    expect(queryClient.getQueryData<Me>(meQueryKey)?.sessionExpiresAt).toBe(me(20).sessionExpiresAt);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('session-warning')).toBeNull();
    // The same element with what was typed: nothing behind the dialog was remounted or left.
    expect(screen.getByLabelText('Borrador')).toBe(draft);
    expect(draft).toHaveValue('Mensaje a medio escribir');
    expect(navigate).not.toHaveBeenCalled();
    // The old end passes: nothing asks the server about an ended session.
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(timeUp).not.toHaveBeenCalled();
  });

  it('a wrong password says so under the field and keeps the dialog; an empty one sends nothing', async () => {
    renderScreen();
    const dialog = await openDialog();
    await send(dialog);
    expect(renewCalls()).toHaveLength(0);
    expect(dialog).toHaveTextContent(MSG.contrasenaRequerida);

    api.on(() => json({ statusCode: 401, code: 'BAD_CREDENTIALS', message: MSG.informacionIncorrecta }, 401));
    fireEvent.change(passwordOf(dialog), { target: { value: 'Otra2026*' } });
    await send(dialog);
    expect(renewCalls()).toHaveLength(1);
    expect(dialog).toHaveTextContent(MSG.informacionIncorrecta);
    expect(passwordOf(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBe(dialog);
    // Not a lost session: the tab stays.
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<Me>(meQueryKey)?.sessionExpiresAt).toBe(me(2).sessionExpiresAt);

    api.on(() => json({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: 'Demasiados intentos' }, 429));
    await send(dialog);
    expect(dialog).toHaveTextContent('Demasiados intentos');
  });

  it('Cancelar closes it and the warning stays; a session already ended goes to /login', async () => {
    renderScreen();
    let dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.cancelar }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('session-warning')).toBeInTheDocument();

    dialog = await openDialog();
    api.on(() => json({ statusCode: 401, code: 'SESSION_ENDED', message: MSG.sesionTerminada }, 401));
    fireEvent.change(passwordOf(dialog), { target: { value: 'Vialex2026*' } });
    await send(dialog);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
