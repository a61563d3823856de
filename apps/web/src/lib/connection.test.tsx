import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LIVE_CLOSE, MSG } from '@vialex/domain';
import { live } from './live';
import { onConnectionRestored, useConnection } from './connection';
import { RowAction } from '../components/list/row-action';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormDialog } from '../components/list/form-dialog';

/** A WebSocket stand-in: the test opens and drops it for the server. */
class FakeSocket {
  static readonly OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
const socket = () => FakeSocket.last!;

function State() {
  const { online, reason } = useConnection();
  return <span data-testid="state">{online ? 'online' : `offline: ${reason}`}</span>;
}
const state = () => screen.getByTestId('state').textContent;
const browser = (event: 'online' | 'offline') => act(() => void window.dispatchEvent(new Event(event)));

beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterAll(() => {
  live.disconnect();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
beforeEach(() => {
  // Each test starts connected: browser online, live socket open.
  live.disconnect();
  browser('online');
  live.connect();
  act(() => socket().accept());
});

describe('useConnection', () => {
  it("follows the browser's offline and online events, and says why actions are off", () => {
    const restored = vi.fn();
    const off = onConnectionRestored(restored);
    render(<State />);
    expect(state()).toBe('online');
    browser('offline');
    expect(state()).toBe(`offline: ${MSG.sinConexionAccion}`);
    browser('online');
    expect(state()).toBe('online');
    expect(restored).toHaveBeenCalledTimes(1);
    off();
  });

  it('is down while the live socket is closed, and back (restored) once it reopens', () => {
    const restored = vi.fn();
    const off = onConnectionRestored(restored);
    render(<State />);
    act(() => socket().drop(1006));
    expect(state()).toBe(`offline: ${MSG.sinConexionAccion}`);
    // Reconnects after its backoff; restored once it opens.
    act(() => void vi.advanceTimersByTime(2000));
    expect(restored).not.toHaveBeenCalled();
    act(() => socket().accept());
    expect(state()).toBe('online');
    expect(restored).toHaveBeenCalledTimes(1);
    off();
  });

  it('both must be up: the socket back while the browser is still offline is not enough', () => {
    render(<State />);
    browser('offline');
    act(() => socket().drop(1006));
    act(() => void vi.advanceTimersByTime(2000));
    act(() => socket().accept());
    expect(state()).toMatch(/^offline/);
    browser('online');
    expect(state()).toBe('online');
  });

  it('a refusal for too many tabs, or signing out, is no outage', () => {
    render(<State />);
    act(() => socket().drop(LIVE_CLOSE.tooManySockets));
    expect(state()).toBe('online');
    act(() => live.disconnect());
    expect(state()).toBe('online');
  });
});

describe('shared actions while offline', () => {
  it('a row action is disabled and says why', () => {
    const onClick = vi.fn();
    render(<RowAction label="Tomar caso" icon={<span />} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Tomar caso' });
    expect(button).toBeEnabled();
    browser('offline');
    expect(button).toBeDisabled();
    expect(screen.getAllByLabelText(MSG.sinConexionAccion).length).toBeGreaterThan(0);
    browser('online');
    expect(button).toBeEnabled();
  });

  it('a confirmation cannot be confirmed', () => {
    browser('offline');
    render(<ConfirmDialog open title="¿Liberar el caso #12?" onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: MSG.si })).toBeDisabled();
    expect(screen.getByRole('button', { name: MSG.cancelar })).toBeEnabled();
  });

  it('a form cannot be saved, not even with Enter', () => {
    browser('offline');
    const onSubmit = vi.fn();
    render(
      <FormDialog open title="AGREGAR" onClose={vi.fn()} onSubmit={onSubmit}>
        <input aria-label="Nombres" />
      </FormDialog>,
    );
    expect(screen.getByRole('button', { name: MSG.guardar })).toBeDisabled();
    fireEvent.submit(screen.getByRole('dialog').closest('form')!);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
