import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { UploadProgress, type UploadProgressProps } from './upload-progress';

const T = LABELS.chat;
const idle: UploadProgressProps['entry'] = { sending: false, progress: null, failure: null, error: null };

function show(entry: Partial<UploadProgressProps['entry']>) {
  const onCancel = vi.fn();
  const onRetryNow = vi.fn();
  const view = render(<UploadProgress entry={{ ...idle, ...entry }} onCancel={onCancel} onRetryNow={onRetryNow} />);
  return { ...view, onCancel, onRetryNow };
}

describe('UploadProgress', () => {
  it('shows the share sent as a bar and a percentage, and cancels', () => {
    const { onCancel } = show({ sending: true, progress: 45 });
    const bar = screen.getByRole('progressbar', { name: fmt(T.enviandoPorcentaje, { n: 45 }) });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('Enviando… 45 %');
    fireEvent.click(screen.getByRole('button', { name: T.cancelarEnvio }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('everything sent: the server is saving it, nothing left to cancel', () => {
    show({ sending: true, progress: 100 });
    expect(screen.getByTestId('upload-percent')).toHaveTextContent(T.procesandoEnvio);
    expect(screen.queryByRole('button', { name: T.cancelarEnvio })).toBeNull();
  });

  it('a failed attempt says why and that it will try again; Reintentar ahora and Cancelar envío', () => {
    const { onRetryNow, onCancel } = show({ failure: MSG.sinConexion });
    expect(screen.getByRole('alert')).toHaveTextContent(fmt(T.envioFallido, { motivo: MSG.sinConexion }));
    fireEvent.click(screen.getByRole('button', { name: T.reintentarAhora }));
    expect(onRetryNow).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: T.cancelarEnvio }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('nothing once refused or cancelled (the bubble offers Reintentar and Descartar)', () => {
    const { container } = show({ error: T.envioCancelado });
    expect(container).toBeEmptyDOMElement();
  });
});
