import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MSG } from '@vialex/domain';
import { AgentCell } from './agent-cell';

describe('AgentCell', () => {
  it("shows the assigned agent's name", () => {
    render(<AgentCell agent={{ id: 'u1', nombre: 'JULIÁN MARTÍNEZ', solicitado: false }} />);
    expect(screen.getByText('JULIÁN MARTÍNEZ')).toBeInTheDocument();
    expect(screen.queryByText(MSG.solicitando)).not.toBeInTheDocument();
  });

  it("shows an orange 'Solicitando' badge while one is requested and none assigned", () => {
    render(<AgentCell agent={{ id: null, nombre: null, solicitado: true }} />);
    const badge = screen.getByTestId('agent-requested');
    expect(badge).toHaveTextContent(MSG.solicitando);
    expect(badge).toHaveClass('MuiChip-colorWarning');
  });

  it('is empty when nobody is assigned or requested', () => {
    const { container } = render(<AgentCell agent={{ id: null, nombre: null, solicitado: false }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
