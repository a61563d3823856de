import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import { CriteriaPanel } from './criteria-panel';
import { toCriteria } from './criteria';
import type { ListField } from './types';

const FIELDS: ListField[] = [
  { field: 'nombres', label: 'Nombres', type: 'text' },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'cargo', label: 'Cargo', type: 'exact' },
  { field: 'identificacion', label: '# Identificación', type: 'int' },
  {
    field: 'estado',
    label: 'Estado',
    type: 'bool',
    options: [
      { value: 'true', label: 'Activo' },
      { value: 'false', label: 'Inactivo' },
    ],
  },
];

function pick(label: string, option: string, row = 0) {
  fireEvent.mouseDown(screen.getAllByRole('combobox', { name: label })[row]);
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

function setup(onNew?: () => void) {
  const onSearch = vi.fn();
  render(<CriteriaPanel fields={FIELDS} onSearch={onSearch} onNew={onNew} />);
  return { onSearch };
}

const search = () => fireEvent.click(screen.getByRole('button', { name: MSG.buscar }));

describe('CriteriaPanel', () => {
  it('searches with no criteria while none are shown', async () => {
    const { onSearch } = setup();
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith([]));
  });

  it('requires field, operator and value in each row', async () => {
    const { onSearch } = setup();
    fireEvent.click(screen.getByRole('button', { name: MSG.mostrarCriterios }));
    expect(screen.getByRole('button', { name: MSG.ocultarCriterios })).toBeInTheDocument();
    search();
    expect(await screen.findAllByText(MSG.campoRequerido)).toHaveLength(3);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('uppercases and trims text values', async () => {
    const { onSearch } = setup();
    fireEvent.click(screen.getByRole('button', { name: MSG.mostrarCriterios }));
    pick(MSG.campo, 'Nombres');
    pick(MSG.operador, LABELS.operadores.eq);
    fireEvent.change(screen.getByLabelText(MSG.valor), { target: { value: '  carlos andrés ' } });
    search();
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith([{ field: 'nombres', op: 'eq', value: 'CARLOS ANDRÉS' }]),
    );
  });

  it('keeps e-mail and cargo as typed (trimmed), in several rows', async () => {
    const { onSearch } = setup();
    fireEvent.click(screen.getByRole('button', { name: MSG.mostrarCriterios }));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar criterio' }));
    pick(MSG.campo, 'Email', 0);
    pick(MSG.operador, LABELS.operadores.eq, 0);
    pick(MSG.campo, 'Cargo', 1);
    pick(MSG.operador, LABELS.operadores.ne, 1);
    const values = screen.getAllByLabelText(MSG.valor);
    fireEvent.change(values[0], { target: { value: ' Ana@Vialex.test ' } });
    fireEvent.change(values[1], { target: { value: 'Call Center ' } });
    search();
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith([
        { field: 'email', op: 'eq', value: 'Ana@Vialex.test' },
        { field: 'cargo', op: 'ne', value: 'Call Center' },
      ]),
    );
  });

  it('parses whole numbers and refuses anything else', async () => {
    const { onSearch } = setup();
    fireEvent.click(screen.getByRole('button', { name: MSG.mostrarCriterios }));
    pick(MSG.campo, '# Identificación');
    pick(MSG.operador, LABELS.operadores.gte);
    const value = screen.getByLabelText(MSG.valor);
    fireEvent.change(value, { target: { value: '12a' } });
    search();
    expect(await screen.findByText(MSG.debeSerNumero)).toBeInTheDocument();
    fireEvent.change(value, { target: { value: '99999999999999999999' } });
    search();
    expect(await screen.findByText(MSG.debeSerNumero)).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(value, { target: { value: ' 79845123 ' } });
    search();
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith([{ field: 'identificacion', op: 'gte', value: 79845123 }]),
    );
  });

  it('offers only equal and different for a yes/no field, sent as a boolean', async () => {
    const { onSearch } = setup();
    fireEvent.click(screen.getByRole('button', { name: MSG.mostrarCriterios }));
    pick(MSG.campo, 'Estado');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: MSG.operador }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([LABELS.operadores.eq, LABELS.operadores.ne]);
    fireEvent.click(screen.getByRole('option', { name: LABELS.operadores.eq }));
    pick(MSG.valor, 'Inactivo');
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith([{ field: 'estado', op: 'eq', value: false }]));
  });

  it('shows the new button only when the list has one', () => {
    const onNew = vi.fn();
    setup(onNew);
    fireEvent.click(screen.getByRole('button', { name: MSG.nuevo }));
    expect(onNew).toHaveBeenCalled();
  });
});

describe('toCriteria', () => {
  it('drops rows of fields the list does not declare', () => {
    expect(toCriteria([{ field: 'x', op: 'eq', value: 'a' }], FIELDS)).toEqual([]);
  });
});
