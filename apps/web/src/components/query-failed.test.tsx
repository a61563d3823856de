import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MSG } from '@vialex/domain';
import { ApiError } from '../lib/api';
import { QueryFailed, failureShown } from './query-failed';

const apiError = (status: number, message: string) => new ApiError(status, { statusCode: status, code: 'X', message });

describe('QueryFailed', () => {
  it.each([
    ['no connection', apiError(0, MSG.sinConexion), MSG.sinConexion],
    ['the server failing', apiError(500, MSG.errorServidor), MSG.errorServidor],
    ['a time-out', apiError(408, 'Tiempo agotado'), 'Tiempo agotado'],
    ['too many requests', apiError(429, MSG.demasiadasSolicitudes), MSG.demasiadasSolicitudes],
    ['something else thrown', new TypeError('boom'), MSG.algoSalioMal],
  ])('%s: says so as an error and Reintentar asks again', (_, error, text) => {
    const onRetry = vi.fn();
    render(<QueryFailed error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');
    fireEvent.click(screen.getByRole('button', { name: MSG.reintentar }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('a refusal is final: access refused is information, a case that does not exist an error, neither with Reintentar', () => {
    const { rerender } = render(<QueryFailed error={apiError(403, MSG.noAutorizado)} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.noAutorizado);
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorInfo');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<QueryFailed error={apiError(404, MSG.casoNoExiste)} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.casoNoExiste);
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('failureShown', () => {
  const failed = (error: unknown, data?: unknown) => ({ isError: true, data, error });

  it('a read that never answered shows its failure, whatever it was', () => {
    expect(failureShown(failed(apiError(0, MSG.sinConexion)))).toBe(true);
    expect(failureShown(failed(apiError(404, MSG.casoNoExiste)))).toBe(true);
  });

  it('a later read lost on the network, failing on the server or held back keeps the last answer on screen', () => {
    for (const status of [0, 500, 503, 408, 429])
      expect(failureShown(failed(apiError(status, 'x'), { caso: 1 })), String(status)).toBe(false);
    expect(failureShown(failed(new TypeError('Failed to fetch'), { caso: 1 }))).toBe(false);
  });

  it('a later read refused replaces it: the case left the viewer’s scope', () => {
    expect(failureShown(failed(apiError(404, MSG.casoNoExiste), { caso: 1 }))).toBe(true);
    expect(failureShown(failed(apiError(403, MSG.noAutorizado), { caso: 1 }))).toBe(true);
  });

  it('a read that did not fail shows no failure', () => {
    expect(failureShown({ isError: false, data: undefined, error: null })).toBe(false);
  });
});
