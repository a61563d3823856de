import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import { TeamCell } from './team-cell';

const none = { id: null, nombre: null, solicitado: false };
const team = (over: Partial<Parameters<typeof TeamCell>[0]['row']> = {}) => ({
  investigador: none,
  abogado: none,
  perito: none,
  dibujante: none,
  ...over,
});

describe('TeamCell', () => {
  it("says 'Sin asignar' when the case has no agent", () => {
    render(<TeamCell row={team()} />);
    expect(screen.getByTestId('team-empty')).toHaveTextContent(LABELS.casos.sinAsignar);
  });

  it('lists each present agent under their role, a request as Solicitando, and leaves out the absent ones', () => {
    render(
      <TeamCell
        row={team({
          investigador: { id: 'u1', nombre: 'JULIÁN MARTÍNEZ PEÑA', solicitado: false },
          dibujante: { id: null, nombre: null, solicitado: true },
        })}
      />,
    );
    expect(screen.queryByTestId('team-empty')).not.toBeInTheDocument();
    const terms = within(screen.getByTestId('team')).getAllByRole('term');
    expect(terms.map((t) => t.textContent)).toEqual([LABELS.casos.investigador, LABELS.casos.dibujante]);
    expect(screen.getByTestId('team-investigador')).toHaveTextContent('JULIÁN MARTÍNEZ PEÑA');
    expect(within(screen.getByTestId('team-dibujante')).getByTestId('agent-requested')).toHaveTextContent(
      MSG.solicitando,
    );
  });
});
