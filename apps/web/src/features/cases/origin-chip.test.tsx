import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OriginChip } from './origin-chip';

describe('OriginChip', () => {
  it("is green for Vialex's own origin", () => {
    render(<OriginChip origen="Vialex" color="success" />);
    const chip = screen.getByTestId('origin-chip');
    expect(chip).toHaveTextContent('Vialex');
    expect(chip).toHaveClass('MuiChip-colorSuccess');
  });

  it('is orange and names the origin otherwise', () => {
    render(<OriginChip origen="Cronos" color="warning" />);
    const chip = screen.getByTestId('origin-chip');
    expect(chip).toHaveTextContent('Cronos');
    expect(chip).toHaveClass('MuiChip-colorWarning');
  });
});
