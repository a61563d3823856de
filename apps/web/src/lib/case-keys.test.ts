// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CaseStatusChange, HistoryEntry, WorkspaceResponse, WorkspaceTabResponse } from '@vialex/domain';
import { caseKeys, recordStatusChange, withNewEntry } from './case-keys';

const entry = (id: string, numero: number): HistoryEntry => ({
  id,
  numero,
  fechahora: `2026-11-2${numero}T10:00:00.000Z`,
  descripcion: `nota ${id}`,
  estado: 'Verificado',
  creador: 'Ana Gómez',
  nombreArchivo: null,
  archivo: null,
});

const change: CaseStatusChange = {
  title: 'Bien',
  message: 'Operación Exitosa',
  estado: 'En atención',
  entrada: { ...entry('n', 1), estado: 'En atención', fechahora: '2026-11-28T15:00:00.000Z' },
};

describe('a status change written into the case queries', () => {
  it('puts the entry first in both history tabs, renumbered, and the status in the frame', () => {
    const qc = new QueryClient();
    const tab = (pestana: 'informacion' | 'gestionar'): WorkspaceTabResponse => ({
      pestana,
      historial: [entry('b', 1), entry('a', 2)],
      polizas: null,
    });
    qc.setQueryData(caseKeys.tab('c1', 'informacion'), tab('informacion'));
    qc.setQueryData(caseKeys.tab('c1', 'gestionar'), tab('gestionar'));
    qc.setQueryData(caseKeys.frame('c1'), {
      caso: { estado: 'Verificado' },
      ultimaGestion: null,
    } as unknown as WorkspaceResponse);

    recordStatusChange(qc, 'c1', change);

    for (const t of ['informacion', 'gestionar'] as const) {
      const h = qc.getQueryData<WorkspaceTabResponse>(caseKeys.tab('c1', t))!.historial!;
      expect(h.map((e) => [e.id, e.numero])).toEqual([
        ['n', 1],
        ['b', 2],
        ['a', 3],
      ]);
    }
    const frame = qc.getQueryData<WorkspaceResponse>(caseKeys.frame('c1'))!;
    expect(frame.caso.estado).toBe('En atención');
    expect(frame.ultimaGestion).toBe('2026-11-28T15:00:00.000Z');
    // Another case's queries are left alone.
    expect(qc.getQueryData(caseKeys.frame('c2'))).toBeUndefined();
  });

  it('keeps one copy when the live echo already brought the entry', () => {
    const h = withNewEntry([entry('n', 1), entry('b', 2)], change.entrada);
    expect(h.map((e) => e.id)).toEqual(['n', 'b']);
  });

  it('writes nothing where the history was never read', () => {
    const qc = new QueryClient();
    recordStatusChange(qc, 'c1', change);
    expect(qc.getQueryData(caseKeys.tab('c1', 'gestionar'))).toBeUndefined();
  });
});
