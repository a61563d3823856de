import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MSG } from '@vialex/domain';
import { ESTADO_OPTIONS, EstadoChip } from './estado-chip';

describe('EstadoChip', () => {
  it('writes Activo in green and Inactivo in grey, never in capitals', () => {
    const { rerender } = render(<EstadoChip estado />);
    expect(screen.getByTestId('estado-chip')).toHaveTextContent(/^Activo$/);
    expect(screen.getByTestId('estado-chip')).toHaveClass('MuiChip-colorSuccess');
    rerender(<EstadoChip estado={false} />);
    expect(screen.getByTestId('estado-chip')).toHaveTextContent(/^Inactivo$/);
    expect(screen.getByTestId('estado-chip')).toHaveClass('MuiChip-colorDefault');
  });

  it('offers the same two words as a choice (dialogs and the Estado criterion)', () => {
    expect(ESTADO_OPTIONS).toEqual([
      { value: 'true', label: MSG.activo },
      { value: 'false', label: MSG.inactivo },
    ]);
  });
});
