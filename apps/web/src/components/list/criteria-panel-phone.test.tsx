import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import { CriteriaPanel } from './criteria-panel';
import { caseOrPlate } from './quick-search';
import type { ListField } from './types';

const FIELDS: ListField[] = [
  { field: 'caso', label: 'Caso', type: 'int' },
  { field: 'placa', label: 'Placa', type: 'text' },
];
const QUICK = { label: 'Caso o placa', toCriteria: caseOrPlate };

/** A phone: MUI's useMediaQuery reads window.matchMedia, which jsdom lacks. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

function setup() {
  asPhone();
  const onSearch = vi.fn();
  const onNew = vi.fn();
  render(<CriteriaPanel fields={FIELDS} quickSearch={QUICK} onSearch={onSearch} onNew={onNew} />);
  const quick = screen.getByRole('search', { name: QUICK.label });
  const type = (text: string) => {
    fireEvent.change(within(quick).getByLabelText(QUICK.label), { target: { value: text } });
    fireEvent.click(within(quick).getByRole('button', { name: MSG.buscar }));
  };
  return { onSearch, onNew, type };
}

describe('CriteriaPanel on a phone', () => {
  it('searches from its one field: digits by case number, other text by plate', () => {
    const { onSearch, type } = setup();
    type('123');
    expect(onSearch).toHaveBeenLastCalledWith([{ field: 'caso', op: 'eq', value: 123 }]);
    type('tax-123');
    expect(onSearch).toHaveBeenLastCalledWith([{ field: 'placa', op: 'eq', value: 'TAX123' }]);
    type('');
    expect(onSearch).toHaveBeenLastCalledWith([]);
  });

  it('says why a number cannot be searched, and does not search', () => {
    const { onSearch, type } = setup();
    type('99999999999');
    expect(screen.getByText(MSG.numeroFueraDeRango)).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps the full criteria behind Más filtros, and NUEVO in view', () => {
    const { onNew } = setup();
    const more = screen.getByRole('button', { name: LABELS.list.masFiltros });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: LABELS.list.menosFiltros })).toHaveAttribute('aria-expanded', 'true');
    const full = screen.getByRole('form', { name: MSG.buscar });
    expect(within(full).getAllByTestId('criteria-row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: MSG.nuevo }));
    expect(onNew).toHaveBeenCalledTimes(1);
  });
});
