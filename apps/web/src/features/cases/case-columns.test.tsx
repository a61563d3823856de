import { describe, expect, it, vi } from 'vitest';
import { LABELS } from '@vialex/domain';
import { fireEvent, render } from '@testing-library/react';
import type { CaseRow } from './api/list-cases';
import { caseColumns, type CaseColumnActions } from './case-columns';

const none = { id: null, nombre: null, solicitado: false };
const row = (actions: Partial<CaseRow['actions']> = {}): CaseRow =>
  ({
    id: 'c1',
    caso: 7,
    estado: 'En atención',
    placa: 'TAX123',
    cliente: { id: 'k1', nombre: 'CARLOS RAMÍREZ TORRES', telefono: null, identificacion: 1, relacion: 'Propietario' },
    callcenter: none,
    abogado: none,
    abogadocait: none,
    investigador: { id: 'u1', nombre: 'JULIÁN MARTÍNEZ PEÑA', solicitado: false },
    perito: none,
    dibujante: none,
    archivado: false,
    actions: {
      assign: [],
      request: [],
      take: 'none',
      authorizeAttention: false,
      requestAttention: false,
      manage: true,
      export: false,
      edit: false,
      archive: false,
      restore: false,
      ...actions,
    },
  }) as unknown as CaseRow;

const actions = (over: Partial<CaseColumnActions> = {}): CaseColumnActions => ({
  info: vi.fn(),
  assign: vi.fn(),
  request: vi.fn(),
  take: vi.fn(),
  authorize: vi.fn(),
  manage: vi.fn(),
  edit: vi.fn(),
  archive: vi.fn(),
  restore: vi.fn(),
  ...over,
});
const viewer = { id: 'u9', cargo: 'Administrador' } as const;

function cell(a: CaseColumnActions, c: CaseRow, key: string) {
  const column = caseColumns(false, a, viewer).find((col) => col.key === key)!;
  return render(<div>{column.render(c)}</div>).container;
}

describe('caseColumns on a desk', () => {
  it('puts Estado and Equipo right after Caso and Cliente, the four agent columns in Equipo', () => {
    const keys = caseColumns(false, actions(), viewer).map((c) => c.key);
    expect(keys.slice(0, 4)).toEqual(['caso', 'cliente', 'estado', 'equipo']);
    for (const gone of ['abogado', 'investigador', 'perito', 'dibujante']) expect(keys).not.toContain(gone);
    expect(cell(actions(), row(), 'equipo')).toHaveTextContent(`${LABELS.casos.investigador}JULIÁN MARTÍNEZ PEÑA`);
  });

  it('shows the plate under the client', () => {
    expect(cell(actions(), row(), 'cliente')).toHaveTextContent('CARLOS RAMÍREZ TORRESTAX123');
  });

  it('offers Exportar archivos del caso as a row action where the row allows it, and asks for that case', () => {
    const exportCase = vi.fn();
    const c = row({ export: true });
    fireEvent.click(
      cell(actions({ export: exportCase }), c, 'acciones').querySelector(
        `button[aria-label="${LABELS.casos.exportarArchivos}"]`,
      )!,
    );
    expect(exportCase).toHaveBeenCalledWith(c);
  });

  it('does not offer it where the row does not allow it, or where nobody gave the action', () => {
    const exportAction = `button[aria-label="${LABELS.casos.exportarArchivos}"]`;
    expect(
      cell(actions({ export: vi.fn() }), row({ export: false }), 'acciones').querySelector(exportAction),
    ).toBeNull();
    expect(cell(actions(), row({ export: true }), 'acciones').querySelector(exportAction)).toBeNull();
  });
});
