import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MSG, fmt, type Me } from '@vialex/domain';
import { CurrentUserContext } from '../../lib/session';
import { SESSION_WARNING_MS, formatTimeLeft } from '../../lib/session-timer';
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
    fireEvent.click(screen.getByRole('button', { name: MSG.cerrar }));
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
