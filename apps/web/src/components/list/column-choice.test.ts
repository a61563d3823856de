import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { columnsStorageKey, readHiddenColumns, useColumnChoice, writeHiddenColumns } from './column-choice';

afterEach(() => localStorage.clear());

describe('column chooser storage', () => {
  it('keeps the hidden columns per list and per user', () => {
    writeHiddenColumns('casos.list.activos', 'u1', ['vehiculo', 'perito']);
    expect(localStorage.getItem(columnsStorageKey('casos.list.activos', 'u1'))).toBe('["vehiculo","perito"]');
    expect(readHiddenColumns('casos.list.activos', 'u1')).toEqual(['vehiculo', 'perito']);
    expect(readHiddenColumns('casos.list.activos', 'u2')).toEqual([]);
    expect(readHiddenColumns('casos.list.archivados', 'u1')).toEqual([]);
  });

  it('forgets the key when every column shows again', () => {
    writeHiddenColumns('clientes.list', 'u1', ['tipo']);
    writeHiddenColumns('clientes.list', 'u1', []);
    expect(localStorage.getItem(columnsStorageKey('clientes.list', 'u1'))).toBeNull();
  });

  it('reads a damaged value as every column shown', () => {
    localStorage.setItem(columnsStorageKey('usuarios.list', 'u1'), '{not json');
    expect(readHiddenColumns('usuarios.list', 'u1')).toEqual([]);
    localStorage.setItem(columnsStorageKey('usuarios.list', 'u1'), '{"a":1}');
    expect(readHiddenColumns('usuarios.list', 'u1')).toEqual([]);
    localStorage.setItem(columnsStorageKey('usuarios.list', 'u1'), '["email",3]');
    expect(readHiddenColumns('usuarios.list', 'u1')).toEqual(['email']);
  });

  it('the hook toggles, remembers, and reads another user’s choice when the user changes', () => {
    const { result, rerender } = renderHook(({ user }) => useColumnChoice('casos.list.activos', user), {
      initialProps: { user: 'u1' },
    });
    act(() => result.current.toggle('vehiculo'));
    act(() => result.current.toggle('perito'));
    act(() => result.current.toggle('vehiculo'));
    expect(result.current.hidden).toEqual(['perito']);
    expect(readHiddenColumns('casos.list.activos', 'u1')).toEqual(['perito']);

    rerender({ user: 'u2' });
    expect(result.current.hidden).toEqual([]);
    rerender({ user: 'u1' });
    expect(result.current.hidden).toEqual(['perito']);
  });
});
