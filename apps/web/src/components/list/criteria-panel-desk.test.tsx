import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@vialex/domain';
import { CriteriaPanel } from './criteria-panel';
import { caseOrPlate } from './quick-search';
import type { ListField } from './types';

const FIELDS: ListField[] = [
  { field: 'caso', label: 'Caso', type: 'int' },
  { field: 'placa', label: 'Placa', type: 'text' },
];
const QUICK = { label: 'Caso o placa', toCriteria: caseOrPlate };

// jsdom has no matchMedia: MUI's useMediaQuery answers false, a desk.
function setup() {
  const onSearch = vi.fn();
  render(<CriteriaPanel fields={FIELDS} quickSearch={QUICK} onSearch={onSearch} onNew={() => {}} />);
  const quick = screen.getByRole('search', { name: QUICK.label });
  const field = within(quick).getByLabelText(QUICK.label);
  const type = (text: string) => {
    fireEvent.change(field, { target: { value: text } });
    fireEvent.submit(quick);
  };
  return { onSearch, type, field };
}

describe('CriteriaPanel on a desk with a quick search', () => {
  it('searches a plate from the one field beside the criteria panel, in one step', () => {
    const { onSearch, type } = setup();
    // The full panel is there too, with its buttons.
    expect(screen.getByRole('button', { name: MSG.mostrarCriterios })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.nuevo })).toBeInTheDocument();
    type('abc-123');
    expect(onSearch).toHaveBeenLastCalledWith([{ field: 'placa', op: 'eq', value: 'ABC123' }]);
    type('#42');
    expect(onSearch).toHaveBeenLastCalledWith([{ field: 'caso', op: 'eq', value: 42 }]);
  });

  it('says why a number cannot be searched, and does not search', () => {
    const { onSearch, type } = setup();
    type('99999999999');
    expect(screen.getByText(MSG.numeroFueraDeRango)).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("a criteria search empties the field, so the field never shows a search that isn't the list's", async () => {
    const { onSearch, type, field } = setup();
    type('abc123');
    const panel = screen.getByRole('form', { name: MSG.buscar });
    fireEvent.click(within(panel).getByRole('button', { name: MSG.buscar }));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith([]));
    expect(field).toHaveValue('');
  });
});
